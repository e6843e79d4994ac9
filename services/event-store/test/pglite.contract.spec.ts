import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, PostgresEventStore } from '../src';
import { runEventStoreContract } from './contract/event-store.contract';

// The same adapter on embedded PGlite through its socket. All writers share PGlite's one session and take turns,
// so the concurrency test runs 8 writers x 500 events here (PostgreSQL runs 8 x 2,000) to keep the suite quick.
runEventStoreContract('PGlite (8 writers x 500 events, serialised on one session)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'event-store-pglite-'));
  const database = await openDatabase({ dataDir });
  const store = await PostgresEventStore.open(database);
  return {
    store,
    concurrentSessions: false,
    concurrency: { writers: 8, eventsPerWriter: 500 },
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
