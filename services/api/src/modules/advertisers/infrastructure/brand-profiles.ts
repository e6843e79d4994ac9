import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { EventStore, TransactionHandle } from '@app/event-store';
import { ADVERTISER_EVENT_SCHEMAS, type AdvertiserEvent, type BrandProfile } from '@app/contracts/advertisers';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveBrandProfile, initialBrandProfile, type BrandProfileState } from '../domain/brand-profile';

export const ADVERTISERS_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const ADVERTISERS_MIGRATIONS_TABLE = 'advertisers_migrations';

export const brandProfileStreams = new AggregateStreams<BrandProfileState, AdvertiserEvent>({
  streamPrefix: 'advertiser-brand-',
  initial: initialBrandProfile,
  evolve: evolveBrandProfile,
  parse: eventParser<AdvertiserEvent>(ADVERTISER_EVENT_SCHEMAS, 'advertiser'),
});

type BrandRow = {
  brand_name: string;
  brand_description: string | null;
  brand_website: string | null;
  brand_email: string | null;
  brand_phone: string | null;
  brand_logo_url: string | null;
  updated_at: Date;
};

export const emptyBrandProfile = (): BrandProfile => ({
  brand_name: null,
  brand_description: null,
  brand_website: null,
  brand_email: null,
  brand_phone: null,
  brand_logo_url: null,
  updated_at: null,
});

/** The brand stream (write side) and its inline row `advertiser_brand_profiles` (read side, same transaction). */
@Injectable()
export class BrandProfiles {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  load(userId: string, transaction: TransactionHandle) {
    return brandProfileStreams.load(this.eventStore, userId, transaction);
  }

  /** Writes the row as the state after the events: the fold of the stream, so it can be rebuilt from the log. */
  async writeRow(transaction: TransactionHandle, state: BrandProfileState): Promise<void> {
    const profile = state.profile;
    if (!profile) return;
    await transaction.query(
      `INSERT INTO advertiser_brand_profiles (user_id, brand_name, brand_description, brand_website, brand_email,
       brand_phone, brand_logo_url, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET brand_name = excluded.brand_name,
         brand_description = excluded.brand_description,
         brand_website = excluded.brand_website, brand_email = excluded.brand_email, brand_phone = excluded.brand_phone,
         brand_logo_url = excluded.brand_logo_url, updated_at = excluded.updated_at`,
      [
        state.userId,
        profile.brandName,
        profile.brandDescription,
        profile.brandWebsite,
        profile.brandEmail,
        profile.brandPhone,
        profile.brandLogoUrl,
        profile.updatedAt,
      ],
    );
  }

  async read(userId: string): Promise<BrandProfile> {
    const { rows } = await this.pool.query<BrandRow>('SELECT * FROM advertiser_brand_profiles WHERE user_id = $1', [
      userId,
    ]);
    const row = rows[0];
    if (!row) return emptyBrandProfile();
    return {
      brand_name: row.brand_name,
      brand_description: row.brand_description,
      brand_website: row.brand_website,
      brand_email: row.brand_email,
      brand_phone: row.brand_phone,
      brand_logo_url: row.brand_logo_url,
      updated_at: row.updated_at.toISOString(),
    };
  }
}
