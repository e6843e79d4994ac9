import type { EventStore } from '@app/event-store';
import { QueryBus } from '@nestjs/cqrs';
import {
  GetContentForCommandQuery,
  GetContentsForCommandQuery,
} from '../../src/modules/content/queries/get-content-for-command.query';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser, startContentApp } from './support';

describe('content facts a command decides on', () => {
  let testApp: IdentityTestApp;
  let ids: string[];

  beforeAll(async () => {
    testApp = await startContentApp();
    const creator = await givenUser(testApp);
    ids = [];
    for (const title of ['First', 'Second']) {
      const created = await testApp
        .http()
        .post('/api/content')
        .set(auth(creator.token))
        .send(contentForm({ title }))
        .expect(201);
      ids.push(created.body.contentId as string);
    }
  }, 120_000);
  afterAll(() => testApp?.close());

  it('reads one item by a statement prepared once per connection, several by one statement, inside the unit', async () => {
    const queryBus = testApp.app.get(QueryBus);
    const { one, several, prepared } = await testApp.app
      .get<EventStore>(EVENT_STORE)
      .withTransaction(async (transaction) => {
        let single = null;
        for (let call = 0; call < 8; call += 1)
          single = await queryBus.execute(new GetContentForCommandQuery(ids[0], transaction));
        const both = await queryBus.execute(new GetContentsForCommandQuery([ids[0], ids[1], ids[0]], transaction));
        const statements = await transaction.query<{ statement: string; generic_plans: string }>(
          `SELECT statement, generic_plans::text AS generic_plans FROM pg_prepared_statements
           WHERE statement LIKE '%FROM content_items WHERE content_id%'`,
        );
        return { one: single, several: both, prepared: statements.rows };
      });
    expect(one).toMatchObject({ contentId: ids[0], title: 'First', status: 'active', totalShares: 100 });
    expect([...several.keys()].sort()).toEqual([...ids].sort());
    expect(several.get(ids[1])).toMatchObject({ title: 'Second' });
    // The single-item read is a named statement whose cached plan PostgreSQL reuses after its first custom plans;
    // the several-item read (an array parameter) stays a plain statement.
    expect(prepared).toHaveLength(1);
    expect(prepared[0].statement).toContain('content_id = $1');
    expect(Number(prepared[0].generic_plans)).toBeGreaterThan(0);
  });

  it('answers null for an item that does not exist, by either read', async () => {
    const queryBus = testApp.app.get(QueryBus);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await queryBus.execute(new GetContentForCommandQuery(missing))).toBeNull();
    expect((await queryBus.execute(new GetContentsForCommandQuery([missing, ids[1]]))).has(missing)).toBe(false);
  });
});
