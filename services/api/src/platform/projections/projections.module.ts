import { Global, Module } from '@nestjs/common';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionsService } from './projections.service';
import { ReadYourWrites } from './read-your-writes';

/**
 * Provides `ProjectionRegistry` (modules register their projections), `ProjectionsService` (runners, admin) and
 * `ReadYourWrites` (a query waits, bounded, for eventual read models to pass the caller's own writes).
 */
@Global()
@Module({ providers: [ProjectionRegistry, ProjectionsService, ReadYourWrites], exports: [ProjectionRegistry, ProjectionsService, ReadYourWrites] })
export class ProjectionsModule {}
