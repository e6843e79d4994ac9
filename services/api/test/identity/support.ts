import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase } from '@app/event-store/src/testing';
import { loadConfig } from '../../src/platform/config/app-config';
import { createApp } from '../../src/app.module';
import { IdentityModule } from '../../src/modules/context-modules';

// Each spec starts a whole application on a fresh database and walks many requests; on a busy two-core machine
// that can take longer than Jest's 5 s default.
jest.setTimeout(30_000);

// Specs sign up many accounts from 127.0.0.1; the per-address sign-up limit has its own test (auth-hardening.spec).
process.env.SIGN_UP_MAX_PER_ADDRESS ??= '100000';
process.env.DEMO_LOGINS_MAX_PER_ADDRESS ??= '100000';

export interface IdentityTestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  dataDirectory: string;
  close(): Promise<void>;
}

/**
 * The whole application with `extraModules` on a fresh PostgreSQL database (`name` prefixes it) and a temporary
 * DATA_DIR; closing it drops both. Jobs run in process.
 */
export async function startAppWithModules(
  name: string,
  extraModules: Array<Type | DynamicModule>,
): Promise<IdentityTestApp> {
  const database = await createTestDatabase(name);
  const dataDirectory = mkdtempSync(join(tmpdir(), `${name}-`));
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDirectory,
    });
    const app = await createApp(config, { extraModules });
    return {
      app,
      http: () => request(app.getHttpServer()),
      dataDirectory,
      async close() {
        await app.close();
        await database.drop();
        rmSync(dataDirectory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The whole application (platform, identity and whichever contexts app.module registers) on a fresh PostgreSQL
 * database and a temporary DATA_DIR. `environment` sets identity's variables (read when the module starts).
 */
export async function startIdentityApp(
  environment: Record<string, string> = {},
  extraModules: Array<Type | DynamicModule> = [],
): Promise<IdentityTestApp> {
  const saved = { ...process.env };
  Object.assign(process.env, { SIGN_IN_MAX_FAILURES_PER_ADDRESS: '1000', ...environment });
  try {
    return await startAppWithModules('identity', [IdentityModule, ...extraModules]);
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

let counter = 0;
/** Distinct, valid sign-up data for each call. */
export function newUser(
  overrides: Partial<{ email: string; password: string; username: string; display_name: string }> = {},
) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    email: `user${suffix}@example.com`,
    password: 'correct horse battery',
    username: `user_${suffix}`,
    ...overrides,
  };
}

export async function signUp(testApp: IdentityTestApp, overrides: Parameters<typeof newUser>[0] = {}) {
  const body = newUser(overrides);
  const response = await testApp.http().post('/api/auth/signup').send(body).expect(201);
  return {
    ...body,
    token: response.body.token as string,
    user: response.body.user as { id: string; username: string; referral_code: string },
  };
}
