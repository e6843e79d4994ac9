import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { sharePriceFor } from '@app/contracts/content';
import { minorToApiNumber } from '@app/contracts/ledger';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { SearchProviderRegistry, matchScoreSql, type SearchHit, type SearchProvider } from '../../search';
import { ContentReader } from '../read-content/content-reader';

/** Search's Content tab: active items by title, then description and creator (ranked lower). */
@Injectable()
export class ContentSearchProvider implements SearchProvider<'content'>, OnModuleInit {
  readonly category = 'content' as const;

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
    private readonly reader: ContentReader,
  ) {}

  /**
   * Registers with search's registry wherever the application provides it (only the application module imports
   * Nest modules, so the registry is looked up, not injected); an application without search has no Content tab.
   */
  onModuleInit(): void {
    let registry: SearchProviderRegistry;
    try {
      registry = this.moduleRef.get(SearchProviderRegistry, { strict: false });
    } catch {
      new Logger('Content').log('No search in this application: content is not searchable');
      return;
    }
    registry.register(this);
  }

  async search(text: string, limit: number): Promise<SearchHit<'content'>[]> {
    const rows = await this.pool.query<{
      content_id: string;
      title: string;
      description: string | null;
      platform: string;
      creator_name: string;
      total_shares: number;
      match: number;
    }>(
      `SELECT * FROM (
         SELECT content_id, title, description, platform, creator_name, total_shares, created_at,
                greatest(${matchScoreSql('title')}, ${matchScoreSql('description')} / 2,
                  ${matchScoreSql('creator_name')} / 2, ${matchScoreSql('creator_username')} / 2) AS match
           FROM content_items WHERE status = 'active'
       ) ranked
       WHERE ranked.match > 0
       ORDER BY ranked.match DESC, ranked.created_at DESC
       LIMIT $2`,
      [text.toLowerCase(), limit],
    );
    const facts = await this.reader.engagement(
      rows.rows.map((row) => row.content_id),
      null,
    );
    return rows.rows.map((row) => ({
      score: Number(row.match),
      result: {
        id: row.content_id,
        title: row.title,
        description: row.description,
        platform: row.platform,
        creator_name: row.creator_name,
        share_price: minorToApiNumber(
          sharePriceFor(facts.get(row.content_id)?.revenueUsdMinor ?? 0n, row.total_shares),
          'usd',
        ),
      },
    }));
  }
}
