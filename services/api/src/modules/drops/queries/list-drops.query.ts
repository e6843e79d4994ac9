import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { ListDropsQuery, type DropListFilter, type DropView } from '@app/contracts/drops';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { toDropView } from '../drop-views';
import { DropRow, dropFromRow } from '../infrastructure/state-json';
import { dropsReadModel } from '../projections/drops-read-model';

/** How long a list waits for the read model to reach the log's head before answering with what it has. */
export const READ_YOUR_WRITES_WAIT_MILLISECONDS = 5_000;

/**
 * The drops lists, newest first, from the projection after waiting (bounded) for it to reach the head. Sandbox drops
 * and real drops never meet: a real user lists real drops only; a demo login lists its own drops and those of the
 * sandboxes created for it, never other visitors'.
 */
export async function listDrops(
  database: pg.Pool,
  readYourWrites: ReadYourWrites,
  filter: DropListFilter,
): Promise<DropView[]> {
  if (filter.awaitWrites !== false)
    await readYourWrites.awaitProjections([dropsReadModel.name], READ_YOUR_WRITES_WAIT_MILLISECONDS);
  const rows = await database.query<{ state: DropRow }>(
    `SELECT state FROM drops_read
      WHERE NOT deleted AND ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR creator_id = $2)
        AND CASE WHEN EXISTS (SELECT 1 FROM drops_demo_users WHERE user_id = $4)
                 THEN creator_id = $4 OR creator_id IN (SELECT user_id FROM drops_demo_users WHERE owner_user_id = $4)
                 ELSE creator_id NOT IN (SELECT user_id FROM drops_demo_users) END
      ORDER BY created_at DESC, drop_id LIMIT $3`,
    [filter.type ?? null, filter.creatorId ?? null, filter.limit, filter.viewerId ?? ''],
  );
  const now = new Date().toISOString();
  const drops = rows.rows.map((row) => toDropView(dropFromRow(row.state), now));
  return filter.activeOnly ? drops.filter((drop) => drop.status === 'active') : drops;
}

/** Answers `ListDropsQuery` (`@app/contracts/drops`), as `GET /api/drops` lists. */
@QueryHandler(ListDropsQuery)
export class ListDropsHandler implements IQueryHandler<ListDropsQuery, DropView[]> {
  constructor(
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  execute(query: ListDropsQuery): Promise<DropView[]> {
    return listDrops(this.database, this.readYourWrites, query.filter);
  }
}
