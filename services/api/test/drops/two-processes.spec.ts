import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase } from '@app/event-store/src/testing';
import { loadConfig } from '../../src/platform/config/app-config';
import { createApp } from '../../src/app.module';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { DropsModule, IdentityModule, LedgerModule, RewardsModule } from '../../src/modules/context-modules';
import { dropsReadModel } from '../../src/modules/drops/projections/drops-read-model';
import { auth, givenUser, proofDrop } from './support';

jest.setTimeout(180_000);

/**
 * Two API instances on one database share no in-process lock: only the drop stream's expected version keeps the
 * seats exact. Also: the read model rebuilt from position zero equals the one built live.
 */
describe('drops across two API instances', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: INestApplication[] = [];
  const directories: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('drops_two');
    for (let index = 0; index < 2; index += 1) {
      const dataDirectory = mkdtempSync(join(tmpdir(), 'drops-two-'));
      directories.push(dataDirectory);
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: dataDirectory,
      });
      apps.push(await createApp(config, { extraModules: [IdentityModule, LedgerModule, RewardsModule, DropsModule] }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('gives exactly 10 of 50 applicants, split over two instances, the 10 seats; a rebuilt read model equals the live one', async () => {
    const [first, second] = apps.map((app) => ({
      app,
      http: () => request(app.getHttpServer()),
      dataDirectory: '',
      close: async () => undefined,
    }));
    const advertiser = await givenUser(first, { advertiser: 'premium' });
    const drop = await first
      .http()
      .post('/api/drops')
      .set(auth(advertiser.token))
      .send(proofDrop({ max_participants: 10 }))
      .expect(201);
    const users = await Promise.all(Array.from({ length: 50 }, () => givenUser(first)));
    const responses = await Promise.all(
      users.map((user, index) =>
        (index % 2 === 0 ? first : second)
          .http()
          .post(`/api/drops/${drop.body.id}/apply`)
          .set(auth(user.token))
          .send({ application_message: 'me' }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(40);
    const after = await second.http().get(`/api/drops/${drop.body.id}`).set(auth(advertiser.token)).expect(200);
    expect(after.body.current_participants).toBe(10);

    // Whichever instance holds the lease catches the read model up; then compare with a rebuild from zero.
    const projections = apps.map((app) => app.get(ProjectionsService));
    const snapshot = async () =>
      (
        await apps[0]
          .get<{
            query: (text: string) => Promise<{ rows: { drops: unknown[] | null; applications: unknown[] | null }[] }>;
          }>(DATABASE_POOL)
          .query(
            `SELECT (SELECT json_agg(state ORDER BY drop_id) FROM drops_read) AS drops, (SELECT json_agg(state ORDER BY application_id) FROM drop_applications_read) AS applications`,
          )
      ).rows[0];
    const deadline = Date.now() + 20_000;
    let live = await snapshot();
    while ((live.applications?.length ?? 0) < 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      live = await snapshot();
    }
    expect(live.applications).toHaveLength(10);
    const owner =
      projections.find((service) => service.runner(dropsReadModel.name)?.status === 'live') ?? projections[0];
    await owner.rebuildProjection(dropsReadModel.name);
    expect(await snapshot()).toEqual(live);
  });
});
