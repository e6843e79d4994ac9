import 'reflect-metadata';
import { loadConfigOrExit } from './platform/config/app-config';
import { createApp } from './app.module';

/**
 * The one-off migration job of a deployment (compose's `migrate`, Kubernetes' Job): every module's migrations and
 * the projections' tables, then exit 0. It starts the application as an `http` process that never listens (so no
 * projection runs and nothing is served) and closes it at once. API and worker processes apply the same migrations
 * on start under an advisory lock; after this job they find nothing to do.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit('migration job', { ...process.env, PROCESS_ROLE: 'http' });
  const application = await createApp(config);
  await application.close();
  console.log('Migrations applied');
}

main().catch((error: unknown) => {
  console.error('The migrations failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
