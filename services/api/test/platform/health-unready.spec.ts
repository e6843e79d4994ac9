import { Module } from '@nestjs/common';
import request from 'supertest';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { defineProjection } from '../../src/platform/projections/projection';
import { projectionProviders } from '../../src/platform/projections/projection-registry';
import { startTestApp, type TestApp } from './support/test-app';

/** A projection that cannot fold one kind of event: the platform must say so instead of looking healthy. */
const brokenProjection = defineProjection({
  name: 'platform_test_broken',
  version: 1,
  tableNames: ['platform_test_broken'],
  eventTypes: ['PlatformTestPoison'],
  createTables: (tables) => [`create table ${tables.platform_test_broken} (id text primary key)`],
  async handle() {
    throw new Error('cannot fold PlatformTestPoison');
  },
});

@Module({ providers: [...projectionProviders(brokenProjection)] })
class BrokenProjectionModule {}

describe('health when a projection is failing', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ database: 'postgres', extraModules: [BrokenProjectionModule] });
  }, 60_000);
  afterAll(() => testApp?.close());

  it('answers 503 with the same body, naming the failing projection and its lag', async () => {
    const server = testApp.app.getHttpServer();
    expect((await request(server).get('/api/health')).status).toBe(200);
    await testApp.app
      .get<EventStore>(EVENT_STORE)
      .append([
        { streamId: 'poison-1', expectedVersion: 'no_stream', events: [{ type: 'PlatformTestPoison', data: {} }] },
      ]);
    const deadline = Date.now() + 30_000;
    let response = await request(server).get('/api/health');
    while (response.status !== 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await request(server).get('/api/health');
    }
    expect(response.status).toBe(503);
    expect(response.body.status).toBe('unavailable');
    expect(response.body.database.status).toBe('up');
    const broken = response.body.projections.items.find(
      (item: { name: string }) => item.name === 'platform_test_broken',
    );
    expect(broken).toMatchObject({ status: 'failed', lastError: 'cannot fold PlatformTestPoison' });
    expect(broken.lagEvents).toBeGreaterThan(0);
  });
});
