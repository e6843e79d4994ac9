import 'reflect-metadata';
import { loadConfigOrExit } from './platform/config/app-config';
import { createApp } from './platform/bootstrap';

/**
 * `npm run worker -w @app/api`: a process that keeps the projections and reactors running without serving HTTP,
 * beside API processes started with PROCESS_ROLE=http. Needs DATABASE_URL (and REDIS_URL for jobs to cross
 * processes). Stops cleanly on SIGTERM or SIGINT (handing its leases back).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit('worker', { ...process.env, PROCESS_ROLE: 'worker' });
  // The same application, initialised but never listening: its modules register their projections and reactors.
  await createApp(config);
  console.log('Worker running: projections and reactors (no HTTP)');
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
