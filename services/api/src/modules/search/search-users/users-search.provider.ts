import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { XP_PER_LEVEL } from '@app/contracts/progress';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { SearchProviderRegistry, matchScoreSql, type SearchHit, type SearchProvider } from '../search-provider';

/** Users by username and display name; a running Profile Boost ranks a match first. */
@Injectable()
export class UsersSearchProvider implements SearchProvider<'users'>, OnModuleInit {
  readonly category = 'users' as const;

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly registry: SearchProviderRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async search(text: string, limit: number, now: string): Promise<SearchHit<'users'>[]> {
    const rows = await this.pool.query<{
      user_id: string;
      username: string;
      display_name: string | null;
      avatar_url: string | null;
      user_type: string;
      user_tier: string;
      follower_count: number;
      xp_points: string;
      match: number;
      boost: number;
    }>(
      `SELECT * FROM (
         SELECT users.*,
                greatest(${matchScoreSql('users.username')}, ${matchScoreSql('users.display_name')} - 5) AS match,
                CASE WHEN users.boosted_until > $2::timestamptz THEN 1000 ELSE 0 END AS boost
           FROM search_users users
       ) ranked
       WHERE ranked.match > 0
       ORDER BY ranked.boost + ranked.match DESC, ranked.follower_count DESC, lower(ranked.username)
       LIMIT $3`,
      [text.toLowerCase(), now, limit],
    );
    return rows.rows.map((row) => ({
      score: Number(row.match) + Number(row.boost),
      result: {
        id: row.user_id,
        username: row.username,
        display_name: row.display_name,
        avatar_url: row.avatar_url,
        level: Math.floor(Number(row.xp_points) / XP_PER_LEVEL),
        user_tier: row.user_tier,
        follower_count: Number(row.follower_count),
        user_type: row.user_type,
      },
    }));
  }
}
