import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, PostgresEventStore } from '../src';
import { runEventStoreContract } from './contract/event-store.contract';

// The same adapter on embedded PGlite through its socket. All writers share PGlite's one session and take turns,
// so the concurrency test runs 8 writers x 1,000 events here (PostgreSQL runs the full 8 x 2,000) to keep the
// suite within its time budget on a busy 2-core machine.
runEventStoreContract('PGlite', { concurrentSessions: false, concurrency: { writers: 8, eventsPerWriter: 1_000 } }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'event-store-pglite-'));
  const database = await openDatabase({ dataDir });
  const store = await PostgresEventStore.open(database);
  return {
    store,
    async tamperWithEventData(streamId, streamVersion, data) {
      await database.pool.query('UPDATE events SET data = $3::jsonb WHERE stream_id = $1 AND stream_version = $2', [streamId, streamVersion.toString(), JSON.stringify(data)]);
    },
    async teardown() {
      await store.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
