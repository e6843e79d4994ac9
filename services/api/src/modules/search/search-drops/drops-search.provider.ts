import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { formatMinor } from '@app/contracts/ledger';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { SearchProviderRegistry, matchScoreSql, type SearchHit, type SearchProvider } from '../search-provider';

/** Drops by title (and description, ranked lower); active drops before closed ones. */
@Injectable()
export class DropsSearchProvider implements SearchProvider<'drops'>, OnModuleInit {
  readonly category = 'drops' as const;

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly registry: SearchProviderRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async search(text: string, limit: number): Promise<SearchHit<'drops'>[]> {
    const rows = await this.pool.query<{
      drop_id: string;
      title: string;
      description: string;
      drop_type: string;
      gem_reward_base_minor: string;
      key_cost_minor: string;
      status: string;
      creator_name: string;
      current_participants: number;
      match: number;
      active: number;
    }>(
      `SELECT * FROM (
         SELECT drops.*, greatest(${matchScoreSql('drops.title')}, ${matchScoreSql('drops.description')} / 2,
           ${matchScoreSql('drops.creator_name')} / 2)
AS match,
                CASE WHEN drops.status = 'active' THEN 1 ELSE 0 END AS active
           FROM search_drops drops
       ) ranked
       WHERE ranked.match > 0
       ORDER BY ranked.match + ranked.active DESC, ranked.created_at DESC
       LIMIT $2`,
      [text.toLowerCase(), limit],
    );
    return rows.rows.map((row) => ({
      score: Number(row.match) + Number(row.active),
      result: {
        id: row.drop_id,
        title: row.title,
        description: row.description,
        drop_type: row.drop_type,
        gem_reward_base: Number(formatMinor(BigInt(row.gem_reward_base_minor), 'gems')),
        key_cost: Number(formatMinor(BigInt(row.key_cost_minor), 'keys')),
        status: row.status,
        creator_name: row.creator_name,
        current_participants: Number(row.current_participants),
      },
    }));
  }
}
