import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JOB_QUEUE, type JobQueue } from './job-queue.port';
import { JobsService } from './jobs.service';

export function createJobQueue(config: AppConfig): JobQueue {
  const logger = new Logger('Jobs');
  if (config.redisUrl)
    return new BullMqJobQueue({
      redisUrl: config.redisUrl,
      queueName: config.jobs.queueName,
      prefix: config.jobs.prefix,
      logger,
    });
  return new InProcessJobQueue({ logger });
}

/** Provides `JOB_QUEUE` (BullMQ when REDIS_URL is set, in-process otherwise) and `JobsService` to every module. */
@Global()
@Module({
  providers: [{ provide: JOB_QUEUE, inject: [APP_CONFIG], useFactory: createJobQueue }, JobsService],
  exports: [JOB_QUEUE, JobsService],
})
export class JobsModule {}
