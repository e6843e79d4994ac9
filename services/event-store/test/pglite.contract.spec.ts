import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, PostgresEventStore } from '../src';
import { runEventStoreContract } from './contract/event-store.contract';

// The same adapter on embedded PGlite through its socket, with the same 8 writers x 2,000 events as PostgreSQL.
// All writers share PGlite's one session and take turns, so there the test proves ordering and exactly-once delivery
// with rollbacks, not interleaved commits (about 13 s).
runEventStoreContract(
  'PGlite',
  { concurrentSessions: false, concurrency: { writers: 8, eventsPerWriter: 2_000 } },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'event-store-pglite-'));
    const database = await openDatabase({ dataDir });
    const store = await PostgresEventStore.open(database);
    return {
      store,
      async tamperWithEventData(streamId, streamVersion, data) {
        await database.pool.query('UPDATE events SET data = $3::jsonb WHERE stream_id = $1 AND stream_version = $2', [
          streamId,
          streamVersion.toString(),
          JSON.stringify(data),
        ]);
      },
      async teardown() {
        await store.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
);
