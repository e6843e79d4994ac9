import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { loadConfig, type AppConfig, type ProcessRole } from '../../../src/platform/config/app-config';
import { createApp } from '../../../src/app.module';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A configuration for tests: quiet logs, fast polling, short leases. */
export function testConfig(environment: NodeJS.ProcessEnv, overrides: Partial<AppConfig> = {}): AppConfig {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...environment });
  return {
    ...config,
    projections: { pollIntervalMs: 20, leaseDurationMs: 2_000, batchSize: 100, rebuildBatchSize: 100 },
    ...overrides,
  };
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A real application on a fresh database: PostgreSQL (a new database on the local server) or embedded PGlite (a
 * temporary DATA_DIR). Close it to drop the database or remove the directory.
 */
export async function startTestApp(options: {
  database: 'postgres' | 'pglite';
  redis?: boolean;
  extraModules?: Array<Type | DynamicModule>;
  configOverrides?: Partial<AppConfig>;
}): Promise<TestApp> {
  let testDatabase: TestDatabase | undefined;
  let dataDirectory: string | undefined;
  const environment: NodeJS.ProcessEnv = {};
  if (options.database === 'postgres') {
    testDatabase = await createTestDatabase('api_platform');
    environment.DATABASE_URL = testDatabase.url;
  } else {
    dataDirectory = mkdtempSync(join(tmpdir(), 'api-pglite-'));
    environment.DATA_DIR = dataDirectory;
  }
  if (options.redis) environment.REDIS_URL = TEST_REDIS_URL;
  const config = testConfig(environment, options.configOverrides);
  let app: INestApplication;
  try {
    app = await createApp(config, { extraModules: options.extraModules });
  } catch (error) {
    await testDatabase?.drop();
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    async close() {
      await app.close();
      await testDatabase?.drop();
      if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * Several application processes on one fresh PostgreSQL database, as separate deployments of the API would run
 * (production timings, unlike `testConfig`). `start(role, configure)` starts one more; `close()` stops them all,
 * newest first, and drops the database.
 */
export async function processesOnOneDatabase(name: string) {
  const database = await createTestDatabase(name);
  const apps: INestApplication[] = [];
  const dataDirectories: string[] = [];
  return {
    database,
    async start(
      role: ProcessRole,
      configure: (config: AppConfig) => void = () => undefined,
    ): Promise<INestApplication> {
      const dataDirectory = mkdtempSync(join(tmpdir(), `${name}-`));
      dataDirectories.push(dataDirectory);
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        PROCESS_ROLE: role,
        DATABASE_URL: database.url,
        DATA_DIR: dataDirectory,
      });
      configure(config);
      const app = await createApp(config);
      apps.push(app);
      return app;
    },
    async close(): Promise<void> {
      for (const app of apps.reverse()) await app.close();
      await database.drop();
      for (const directory of dataDirectories) rmSync(directory, { recursive: true, force: true });
    },
  };
}
