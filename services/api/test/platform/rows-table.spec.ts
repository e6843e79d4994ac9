import { rowsDocument, rowsTable } from '../../src/platform/database/upsert-rows';
import { openTestStore, type TestStore } from './support/test-store';

jest.setTimeout(60_000);

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('rowsTable, the rows of one JSON document parameter', () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore('api_rows_table');
    const pool = store.database.pool;
    // A mid-sized table (10,000 rows): PostgreSQL reads all of it for a join to a document it takes for 100 rows.
    await pool.query(`CREATE TABLE days (user_id text, day text, points bigint NOT NULL, PRIMARY KEY (user_id, day))`);
    await pool.query(
      `INSERT INTO days SELECT 'user-' || u, '2026-01-' || lpad(d::text, 2, '0'), 10
         FROM generate_series(1, 1000) u, generate_series(1, 10) d`,
    );
    await pool.query('ANALYZE days');
  });
  afterAll(() => store?.close());

  const keys = rowsTable(1, { user_id: 'text', day: 'text' });
  const few = rowsDocument([
    ['user-5', '2026-01-03'],
    ['user-7', '2026-01-03'],
    ['user-999', '2026-01-09'],
  ]);

  async function planOf(statement: string, params: unknown[]): Promise<PlanNode[]> {
    const explained = await store.database.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${statement}`,
      params,
    );
    return nodesOf(explained.rows[0]['QUERY PLAN'][0].Plan);
  }

  it('joins a few rows to a large table by its key, not by reading the whole table', async () => {
    const read = `SELECT d.user_id, d.day, d.points FROM days d JOIN ${keys} AS k ON d.user_id = k.user_id AND d.day = k.day`;
    const nodes = await planOf(read, [few]);
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'days')).toBe(false);
    expect(nodes.some((node) => node['Node Type'].startsWith('Index') && node['Relation Name'] === 'days')).toBe(true);
    const rows = await store.database.pool.query(read, [few]);
    expect(rows.rows.map((row) => `${row.user_id} ${row.day}`).sort()).toEqual([
      'user-5 2026-01-03',
      'user-7 2026-01-03',
      'user-999 2026-01-09',
    ]);
  });

  it('updates a few rows of a large table by its key, every row of the document and no other', async () => {
    const changes = rowsTable(1, { user_id: 'text', day: 'text', points: 'bigint' });
    const update = `UPDATE days d SET points = c.points FROM ${changes} AS c
                     WHERE d.user_id = c.user_id AND d.day = c.day RETURNING d.user_id`;
    const document = rowsDocument([
      ['user-5', '2026-01-03', '11'],
      ['user-7', '2026-01-03', '12'],
    ]);
    const nodes = await planOf(update, [document]);
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'days')).toBe(false);
    const updated = await store.database.pool.query(update, [document]);
    expect(updated.rowCount).toBe(2);
    const total = await store.database.pool.query<{ sum: string }>('SELECT sum(points)::text AS sum FROM days');
    expect(total.rows[0].sum).toBe(String(10 * 9998 + 11 + 12));
  });

  it('is empty for an empty document', async () => {
    const rows = await store.database.pool.query(`SELECT * FROM ${keys} AS k`, [rowsDocument([])]);
    expect(rows.rows).toEqual([]);
  });
});
