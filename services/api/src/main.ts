import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from './platform/config/app-config';
import { createApp } from './platform/bootstrap';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The API cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const application = await createApp(config);
  await application.listen(config.port);
  const address = await application.getUrl();
  console.log(`API listening on ${address.replace('[::1]', 'localhost')}/api (docs: /api/docs)`);
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
