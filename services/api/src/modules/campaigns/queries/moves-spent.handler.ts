import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { minorToApiNumber } from '@app/contracts/ledger';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { MovesSpentQuery } from '../../advertisers';

/**
 * Answers the advertisers context's `MovesSpentQuery` (the dashboard's `moves_used`): the moves the advertiser's
 * campaigns created in [from, to) cost, net of what deleting a draft gave back, from the inline read model (written
 * with each campaign's events, so current). Deleted campaigns count too: an activated one kept its moves.
 */
@QueryHandler(MovesSpentQuery)
export class MovesSpentHandler implements IQueryHandler<MovesSpentQuery, number> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: MovesSpentQuery): Promise<number> {
    const { rows } = await this.pool.query<{ spent: string | null }>(
      `SELECT SUM((state->>'movesSpentMinor')::bigint - (state->>'refundedMinor')::bigint)::text AS spent
         FROM campaigns_read WHERE owner_id = $1 AND created_at >= $2 AND created_at < $3`,
      [query.userId, query.from.toISOString(), query.to.toISOString()],
    );
    return minorToApiNumber(BigInt(rows[0]?.spent ?? '0'), 'moves');
  }
}
