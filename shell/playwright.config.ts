import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

// Browser tests of the composed app. `npm run e2e -w @app/shell` starts everything itself through
// infra/start.mjs (builds stale frontends, runs the API, serves shell and remotes), or reuses a
// running `npm start` outside CI.
const shellPort = Number(process.env.SHELL_PORT ?? 4200);

/**
 * The stack under test runs on a fresh PostgreSQL database (the test services `npm test` ensures), not embedded
 * PGlite: the tests run the ledger and admin CLIs beside the running API, and PGlite's data directory can be opened by
 * one process only. Decided once in the runner; the workers inherit DATABASE_URL. E2E_EMBEDDED=1 keeps PGlite (no
 * CLI-based check will work then); a DATABASE_URL already set is used as it is.
 */
if (!process.env.DATABASE_URL && process.env.E2E_EMBEDDED !== '1') {
  const server = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // E2E_DATABASE lets two checkouts on one machine run their browser suites side by side.
  const database = process.env.E2E_DATABASE ?? 'e2e_shell';
  const script = `const pg = require('pg'); (async () => { const c = new pg.Client(${JSON.stringify(server)}); await c.connect();
    await c.query('DROP DATABASE IF EXISTS ${database} WITH (FORCE)'); await c.query('CREATE DATABASE ${database}'); await c.end(); })()
    .catch((e) => { console.error(e.message); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script], { stdio: 'inherit' });
  process.env.DATABASE_URL = server.replace(/\/[^/]*$/, `/${database}`);
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${shellPort}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /phone\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    // Issue 20 §4: the phone layout, at the spec's 390 × 844 with touch.
    {
      name: 'phone',
      testMatch: /phone\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: 'node ../infra/start.mjs',
    // The tests sign up a dozen accounts and start dozens of demo sandboxes per run from this one address; the API's
    // per-address limits (20 sign-ups, 60 demo logins an hour) would refuse a second run within the hour.
    env: {
      ...(process.env as Record<string, string>),
      SIGN_UP_MAX_PER_ADDRESS: process.env.SIGN_UP_MAX_PER_ADDRESS ?? '1000',
      DEMO_LOGINS_MAX_PER_ADDRESS: process.env.DEMO_LOGINS_MAX_PER_ADDRESS ?? '1000',
    },
    url: `http://localhost:${shellPort}/api/health`,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets infra/start.mjs stop the API it started (the default SIGKILL would orphan it).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8000 },
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
