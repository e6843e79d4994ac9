import type pg from 'pg';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { contentPageStatement, encodeCursor } from '../../src/modules/content/read-content/content-reader';
import type { IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser, startContentApp } from './support';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * Issue 21: a page by cursor deep in a large list reads about a page of `content_items`, not every older item. The
 * table is filled in one go and, as on a server without autovacuum or just after a bulk load, has no statistics yet:
 * the plan must not depend on them (it read and sorted every older row before migration 1764050000001).
 */
describe('content list plan', () => {
  const ITEMS = 3_000;
  let testApp: IdentityTestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    testApp = await startContentApp();
    pool = testApp.app.get<pg.Pool>(DATABASE_POOL);
    const author = await givenUser(testApp);
    await testApp.http().post('/api/content').set(auth(author.token)).send(contentForm()).expect(201);
    // Seeded straight into the inline read model (creating 3,000 items through the API adds nothing to what is
    // checked here): one item a millisecond, older than the one above, every 10th archived and every 15th deleted.
    await pool.query(
      `INSERT INTO content_items (content_id, creator_id, creator_name, creator_username, title, description, platform, platform_url,
         total_shares, engagement_shares_total, is_demo, creator_is_demo, status, created_at, updated_at)
       SELECT 'seeded-' || lpad(i::text, 5, '0'), $1, 'Seeded', 'seeded', 'Seeded item ' || i, NULL, 'tiktok', 'https://example.com/' || i,
              100, 10, false, false, CASE WHEN i % 15 = 0 THEN 'deleted' WHEN i % 10 = 0 THEN 'archived' ELSE 'active' END,
              now() - interval '1 hour' + i * interval '1 millisecond', now()
         FROM generate_series(1, $2::int) AS i`,
      [author.user.id, ITEMS],
    );
  }, 120_000);
  afterAll(() => testApp?.close());

  /** The cursor after the `depth`-th active item, newest first, and the 20 active items that follow it. */
  async function deepPosition(depth: number): Promise<{ cursor: string; expected: string[] }> {
    const rows = (
      await pool.query<{ content_id: string; created_at: Date }>(
        `SELECT content_id, created_at FROM content_items WHERE status = 'active' ORDER BY created_at DESC, content_id DESC OFFSET $1 LIMIT 21`,
        [depth - 1],
      )
    ).rows;
    return {
      cursor: encodeCursor(rows[0]!.created_at, rows[0]!.content_id),
      expected: rows.slice(1).map((row) => row.content_id),
    };
  }

  /** The `content_items` rows the page's statement read (returned or filtered out), from its executed plan. */
  async function contentItemsRowsRead(cursor: string): Promise<number> {
    const { sql, params } = contentPageStatement({ limit: 20, cursor }, new Set(), {
      viewerId: null,
      now: new Date().toISOString(),
    });
    const [{ 'QUERY PLAN': plan }] = (
      await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)
    ).rows as [{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }];
    return nodes(plan[0]!.Plan)
      .filter((node) => node['Relation Name'] === 'content_items')
      .reduce(
        (sum, node) => sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
        0,
      );
  }

  it('answers a deep cursor page with the next 20 active items, newest first', async () => {
    for (const depth of [100, 1_500, 2_400]) {
      const { cursor, expected } = await deepPosition(depth);
      const page = (await testApp.http().get(`/api/content?limit=20&cursor=${cursor}`).expect(200)).body as {
        items: Array<{ id: string }>;
        next_cursor: string | null;
      };
      expect(page.items.map((item) => item.id)).toEqual(expected);
      expect(page.next_cursor).not.toBeNull();
    }
  });

  it('reads about a page of rows for a deep cursor, with or without statistics', async () => {
    const { cursor } = await deepPosition(1_500);
    // 21 active rows plus the archived and deleted ones among them (it was every older active row: 1,101 here).
    expect(await contentItemsRowsRead(cursor)).toBeLessThan(40);

    await pool.query('ANALYZE content_items');
    expect(await contentItemsRowsRead(cursor)).toBeLessThan(40);
  });
});
