import { join } from 'node:path';
import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { openDatabase, PostgresEventStore, runMigrations, type Database, type EventStore } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { instrumentEventStore } from '../metrics/instrumented-event-store';
import { MetricsService } from '../metrics/metrics.service';
import { instanceSecrets } from '../secrets/instance-secrets';
import { DATABASE, DATABASE_POOL, EVENT_STORE, INSTANCE_SECRETS } from './database.tokens';

export { DATABASE, DATABASE_POOL, EVENT_STORE, INSTANCE_SECRETS } from './database.tokens';

/** The platform's own tables: projection checkpoints, leases and rebuilds; reactor checkpoints and jobs. */
export const PLATFORM_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const PLATFORM_MIGRATIONS_TABLE = 'platform_migrations';

/**
 * The event store as every process of the application opens it (API, worker, CLIs), with the platform's tables.
 * No NOTIFY after appends: no process of the application subscribes to the log (projections and reactors poll on the
 * shared clock, and a process pokes its own runners), so nobody LISTENs, and each NOTIFY was a statement and a commit
 * of its own, up to 40 a second under load (engagement README, Performance).
 */
export async function openApplicationEventStore(database: Database): Promise<PostgresEventStore> {
  const eventStore = await PostgresEventStore.open(database, { notifications: false });
  await runMigrations(database.pool, {
    directory: PLATFORM_MIGRATIONS_DIRECTORY,
    migrationsTable: PLATFORM_MIGRATIONS_TABLE,
  });
  return eventStore;
}

/**
 * Opens the database (PostgreSQL at DATABASE_URL, or embedded PGlite under DATA_DIR), applies the event store's and
 * the platform's migrations before anything else starts, and provides the pool and the EventStore to every module.
 * A context module with its own tables runs its migrations in `onModuleInit` with `runMigrations(pool, ...)`:
 * that happens after this module is ready and before projection runners and job workers start.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE,
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig) => {
            const logger = new Logger('Database');
            const database = await openDatabase({
              databaseUrl: config.databaseUrl,
              dataDir: join(config.dataDirectory, 'pglite'),
            });
            logger.log(
              config.databaseUrl
                ? 'Connected to PostgreSQL'
                : `Embedded PostgreSQL (PGlite) under ${config.dataDirectory}`,
            );
            return database;
          },
        },
        { provide: DATABASE_POOL, inject: [DATABASE], useFactory: (database: Database) => database.pool },
        {
          provide: EVENT_STORE,
          inject: [DATABASE, MetricsService],
          useFactory: async (database: Database, metrics: MetricsService) => {
            const eventStore = await openApplicationEventStore(database);
            // Timed and counted for /api/metrics (latency per operation, committed ledger transactions).
            return instrumentEventStore(eventStore, metrics);
          },
        },
        {
          provide: INSTANCE_SECRETS,
          // After the event store: its factory applies the platform's migrations, the secrets table among them.
          inject: [APP_CONFIG, DATABASE, EVENT_STORE],
          useFactory: (config: AppConfig, database: Database) =>
            instanceSecrets({
              pool: config.databaseUrl ? database.pool : undefined,
              dataDirectory: config.dataDirectory,
            }),
        },
      ],
      exports: [DATABASE, DATABASE_POOL, EVENT_STORE, INSTANCE_SECRETS],
    };
  }

  /** Runners and workers stop in `beforeApplicationShutdown`, which Nest completes for every module before this. */
  async onApplicationShutdown(): Promise<void> {
    await this.eventStore
      .close()
      .catch((error: Error) => this.logger.warn(`Closing the event store: ${error.message}`));
    await this.database.close();
    this.logger.log('Database closed');
  }
}
