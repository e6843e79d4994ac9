import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@app/api/src/platform/config/app-config';
import { createApp } from '@app/api/src/app.module';

/**
 * The API from its TypeScript source (@swc-node/register, as `npm start` runs it) as its own process for the HTTP
 * benchmarks (so the load generator does not share the server's thread); `api-process.ts` runs the built API
 * (`node dist/main.js`) instead when asked. Reads BENCH_SERVER_DATABASE_URL, BENCH_SERVER_ROLE (PROCESS_ROLE: all, or
 * http beside a worker process), BENCH_SERVER_PORT (default any free one) and BENCH_SERVER_DATA_DIR (its DATA_DIR,
 * default a new temporary one), prints `listening <port>` once ready, stops on SIGTERM. `server-probes.js` is
 * preloaded beside it.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_SERVER_DATABASE_URL,
    DATA_DIR: process.env.BENCH_SERVER_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-ledger-server-')),
    REDIS_URL: '',
    PROCESS_ROLE: process.env.BENCH_SERVER_ROLE ?? 'all',
  });
  const app = await createApp(config);
  // A worker initialises the same application and keeps projecting, without listening.
  if (config.role !== 'worker') {
    await app.listen(Number(process.env.BENCH_SERVER_PORT ?? 0), '127.0.0.1');
    console.log(`listening ${(app.getHttpServer().address() as AddressInfo).port}`);
  }
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
