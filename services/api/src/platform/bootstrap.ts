import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { AppModule } from '../app.module';
import type { AppConfig } from './config/app-config';
import { DOCS_ASSETS_PATH } from './docs/docs.controller';
import { installJsonBodyParser } from './http/body-parsing';

export const GLOBAL_PREFIX = 'api';

export interface CreateAppOptions {
  /** Extra modules (tests add test-only controllers this way). */
  extraModules?: Array<Type | DynamicModule>;
}

/** Builds the configured application without listening: `main.ts` listens, tests hand it to supertest. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const application = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.extraModules ?? []), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  application.useLogger(application.get(Logger));
  application.setGlobalPrefix(GLOBAL_PREFIX);
  application.disable('x-powered-by');
  application.set('trust proxy', 'loopback');
  application.enableCors({ origin: config.corsOrigins, credentials: true, exposedHeaders: ['x-request-id'] });
  installJsonBodyParser(application);
  application.useStaticAssets(getAbsoluteFSPath(), { prefix: DOCS_ASSETS_PATH, index: false, maxAge: '1d' });
  application.enableShutdownHooks();
  await application.init();
  return application;
}
