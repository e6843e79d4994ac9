import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminController } from './admin/admin.controller';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DocsController } from './docs/docs.controller';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { JobsModule } from './jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsModule } from './metrics/metrics.module';
import { ProjectionsModule } from './projections/projections.module';
import { UseCasesModule } from './use-cases/use-cases.module';

/**
 * Everything a context module relies on, provided globally: `APP_CONFIG`, `DATABASE_POOL`, `EVENT_STORE`,
 * `ProjectionRegistry`, `JOB_QUEUE`, `JobsService`, `UseCaseRunner`, `IdempotencyService`, `MetricsService`; plus
 * logging, the error filter, health, docs and admin routes.
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        MetricsModule,
        DatabaseModule.forRoot(),
        ProjectionsModule,
        JobsModule,
        UseCasesModule,
      ],
      controllers: [HealthController, DocsController, AdminController, MetricsController],
      providers: [HealthService, { provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
