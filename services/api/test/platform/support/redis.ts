import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { BullMqJobQueue } from '../../../src/platform/jobs/bullmq-job-queue';
import { TEST_REDIS_URL } from './test-app';

/** A queue under its own key prefix, so tests never see each other's (or anyone else's) jobs. */
export function bullMqTestQueue(prefix = `test-${randomBytes(4).toString('hex')}`) {
  return { prefix, queue: new BullMqJobQueue({ redisUrl: TEST_REDIS_URL, queueName: 'jobs', prefix, concurrency: 4 }) };
}

/** Deletes every key under the prefix: what a flushed (or replaced) Redis looks like to that queue. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await client.quit();
  }
}
