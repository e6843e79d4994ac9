import { Global, Module } from '@nestjs/common';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionsService } from './projections.service';

/** Provides `ProjectionRegistry` (modules register their projections) and `ProjectionsService` (runners, admin). */
@Global()
@Module({ providers: [ProjectionRegistry, ProjectionsService], exports: [ProjectionRegistry, ProjectionsService] })
export class ProjectionsModule {}
