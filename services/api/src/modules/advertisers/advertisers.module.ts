import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { BecomeAdvertiserController } from './become-advertiser/become-advertiser.controller';
import { AdvertiserDashboardController } from './read-dashboard/advertiser-dashboard.controller';
import {
  ADVERTISERS_MIGRATIONS_DIRECTORY,
  ADVERTISERS_MIGRATIONS_TABLE,
  BrandProfiles,
} from './infrastructure/brand-profiles';
import { GetBrandProfileHandler } from './queries/get-brand-profile.query';
import { ReadBrandProfileController } from './read-brand-profile/read-brand-profile.controller';
import { SaveBrandProfileController } from './save-brand-profile/save-brand-profile.controller';
import { SaveBrandProfileHandler } from './save-brand-profile/save-brand-profile.handler';
import { SuggestedContentController } from './suggest-content/suggested-content.controller';

/** Advertiser onboarding, brand profile, the advertiser dashboard and suggested content (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [
    BecomeAdvertiserController,
    ReadBrandProfileController,
    SaveBrandProfileController,
    AdvertiserDashboardController,
    SuggestedContentController,
  ],
  providers: [BrandProfiles, GetBrandProfileHandler, SaveBrandProfileHandler],
})
export class AdvertisersModule implements OnModuleInit {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: ADVERTISERS_MIGRATIONS_DIRECTORY,
      migrationsTable: ADVERTISERS_MIGRATIONS_TABLE,
    });
  }
}
