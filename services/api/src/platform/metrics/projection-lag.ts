import type { Queryable } from '../projections/projection-runner';

export interface ProjectionLag {
  name: string;
  status: string;
  lagEvents: number;
  lagSeconds: number;
}

/**
 * Each projection's lag in events and in seconds: the age of the oldest event past its checkpoint (0 when caught
 * up). One indexed lookup per lagging projection, by the log's primary key order.
 */
export async function projectionLagWithSeconds(
  database: Queryable,
  report: Array<{
    name: string;
    status: string;
    checkpoint: { transactionId: string; position: string };
    lagEvents: number;
  }>,
): Promise<ProjectionLag[]> {
  return Promise.all(
    report.map(async (item) => {
      if (item.lagEvents === 0)
        return { name: item.name, status: item.status, lagEvents: item.lagEvents, lagSeconds: 0 };
      const oldest = await database.query<{ age: string | null }>(
        `select extract(epoch from now() - recorded_at)::text as age from events
          where (transaction_id, position) > ($1::text::xid8, $2::bigint) order by transaction_id, position limit 1`,
        [item.checkpoint.transactionId, item.checkpoint.position],
      );
      const age = oldest.rows[0]?.age;
      return {
        name: item.name,
        status: item.status,
        lagEvents: item.lagEvents,
        lagSeconds: age ? Math.max(0, Number(age)) : 0,
      };
    }),
  );
}
