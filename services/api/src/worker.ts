import 'reflect-metadata';
import { loadConfigOrExit } from './platform/config/app-config';
import { createApp } from './app.module';
import { listenAddressOf } from './platform/bootstrap';
import { listenForWorkerHealth } from './platform/worker-health-server';

/**
 * `npm run worker -w @app/api`: a process that keeps the projections and reactors running without serving HTTP,
 * beside API processes started with PROCESS_ROLE=http. Needs DATABASE_URL (and REDIS_URL for jobs to cross
 * processes). With WORKER_HEALTH_PORT it answers its probes and metrics there (nothing else). Stops cleanly on
 * SIGTERM or SIGINT (handing its leases back).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit('worker', { ...process.env, PROCESS_ROLE: 'worker' });
  // The same application, initialised but never listening: its modules register their projections and reactors.
  const application = await createApp(config);
  if (config.workerHealthPort !== undefined) {
    const server = await listenForWorkerHealth(application, config.workerHealthPort, listenAddressOf(config));
    // Closed with the application, before its shutdown hooks release the leases and the pool.
    process.once('SIGTERM', () => server.close());
    process.once('SIGINT', () => server.close());
    console.log(`Worker running: projections and reactors; health and metrics on port ${config.workerHealthPort}`);
    return;
  }
  console.log('Worker running: projections and reactors (no HTTP)');
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
