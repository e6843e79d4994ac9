import { openDatabase, PostgresEventStore, type Database } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { runEventStoreContract } from './contract/event-store.contract';

// The PostgreSQL adapter on the real server, in a database of its own: the full 8 writers x 2,000 events.
runEventStoreContract('PostgreSQL', { concurrentSessions: true, concurrency: { writers: 8, eventsPerWriter: 2_000 } }, async () => {
  const testDatabase: TestDatabase = await createTestDatabase('event_store');
  const database: Database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 12 });
  const store = await PostgresEventStore.open(database);
  return {
    store,
    async tamperWithEventData(streamId, streamVersion, data) {
      await database.pool.query('UPDATE events SET data = $3::jsonb WHERE stream_id = $1 AND stream_version = $2', [streamId, streamVersion.toString(), JSON.stringify(data)]);
    },
    async teardown() {
      await store.close();
      await database.close();
      await testDatabase.drop();
    },
  };
});
