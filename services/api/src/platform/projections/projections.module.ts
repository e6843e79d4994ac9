import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../database/database.tokens';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionsService } from './projections.service';
import { ReadYourWrites } from './read-your-writes';
import { SharedEventReads } from './shared-event-reads';

/**
 * Provides `ProjectionRegistry` (modules register their projections), `ProjectionsService` (runners, admin) and
 * `ReadYourWrites` (a query waits, bounded, for eventual read models to pass the caller's own writes) and the
 * process's `SharedEventReads` (the live reads of its projection runners and reactors, one read a poll).
 */
const sharedEventReads = {
  provide: SharedEventReads,
  inject: [EVENT_STORE],
  useFactory: (eventStore: EventStore) => new SharedEventReads(eventStore),
};

@Global()
@Module({
  providers: [ProjectionRegistry, ProjectionsService, ReadYourWrites, sharedEventReads],
  exports: [ProjectionRegistry, ProjectionsService, ReadYourWrites, SharedEventReads],
})
export class ProjectionsModule {}
