import { join } from 'node:path';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { CommentsController } from './manage-comments/comments.controller';
import { FeedController } from './read-feed/feed.controller';
import { ContentImagesController } from './upload-content-images/content-images.controller';
import { ContentCommands } from './infrastructure/content-commands';
import { ManageContentController } from './manage-content/manage-content.controller';
import { GetContentEngagementHandler, GetLiveSponsorshipsHandler } from './queries/engagement-facts.handlers';
import { GetContentForCommandHandler, GetContentsForCommandHandler } from './queries/get-content-for-command.query';
import { GetContentOwnerHandler } from './queries/get-content-owner.query';
import { contentEngagementProjection } from './projections/content-engagement.projection';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { GetMostEngagedContentHandler } from './queries/get-most-engaged-content.query';
import { GetCreatorContentHandler } from './queries/get-creator-content.query';
import { ContentListCache } from './read-content/content-list-cache';
import { ContentReader } from './read-content/content-reader';
import { ContentSearchProvider } from './search-content/content-search.provider';
import { ReadContentController } from './read-content/read-content.controller';

export const CONTENT_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const CONTENT_MIGRATIONS_TABLE = 'content_migrations';

/**
 * Content: users share items from social platforms; others comment, like and (through the engagement context) tip,
 * fund and sponsor them. Event-sourced per item and per comment, with inline read models (README).
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    ContentImagesController,
    ReadContentController,
    ManageContentController,
    CommentsController,
    FeedController,
  ],
  providers: [
    ...projectionProviders(contentEngagementProjection),
    ContentCommands,
    ContentReader,
    ContentListCache,
    GetContentForCommandHandler,
    GetContentsForCommandHandler,
    GetContentOwnerHandler,
    GetCreatorContentHandler,
    GetMostEngagedContentHandler,
    GetContentEngagementHandler,
    GetLiveSponsorshipsHandler,
    ContentSearchProvider,
  ],
})
export class ContentModule implements OnModuleInit {
  private readonly logger = new Logger('Content');

  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: CONTENT_MIGRATIONS_DIRECTORY,
      migrationsTable: CONTENT_MIGRATIONS_TABLE,
    });
    this.logger.log('Content ready');
  }
}
