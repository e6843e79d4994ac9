import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** `MetricsService` for every module (the event store is wrapped with it; a module may add its own metrics). */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
