import 'reflect-metadata';
import { loadConfigOrExit } from './platform/config/app-config';
import { createApp } from './app.module';
import { listenAddressOf } from './platform/bootstrap';

async function main(): Promise<void> {
  const config = loadConfigOrExit('API');
  const application = await createApp(config);
  await application.listen(config.port, listenAddressOf(config));
  const address = await application.getUrl();
  console.log(`API listening on ${address.replace('[::1]', 'localhost')}/api (docs: /api/docs)`);
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
