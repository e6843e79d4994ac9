import type { EventStore } from '@app/event-store';
import type { Projection, RebuildProgress } from './projection';
import type { Queryable } from './projection-checkpoints';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner';

/** Where a rebuild finds a projection's runner: the application's ProjectionsService, or the CLI's idle runners. */
export interface ProjectionRunners {
  runner(name: string): ProjectionRunner | undefined;
}

export class UnknownProjectionError extends Error {
  constructor(readonly projectionName: string) {
    super(`No projection is named ${projectionName}`);
  }
}

/**
 * The one rebuild entry point, for `POST /api/admin/projections/:name/rebuild`, `POST /api/admin/ledger/rebuild` (both
 * through `startProjectionRebuild`) and `npm run ledger -- rebuild`: refuses a projection that does not run here
 * (UnknownProjectionError) or is being rebuilt already (RebuildAlreadyRunningError), else rebuilds it into fresh
 * tables and swaps them in. Settles once the swap is done.
 */
export function rebuildProjection(
  runners: ProjectionRunners,
  name: string,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<void> {
  const runner = runners.runner(name);
  if (!runner) return Promise.reject(new UnknownProjectionError(name));
  return runner.rebuild(onProgress);
}

/**
 * Runners for a process that runs no application (the CLI): each initialised (live tables and checkpoint row
 * created if missing) and left idle, so they only rebuild.
 */
export async function idleProjectionRunners(
  projections: readonly Projection[],
  eventStore: EventStore,
  database: Queryable,
  options: ProjectionRunnerOptions,
): Promise<ProjectionRunners> {
  const runners = new Map<string, ProjectionRunner>();
  for (const projection of projections) {
    const runner = new ProjectionRunner(projection, eventStore, database, options);
    await runner.initialize();
    runners.set(projection.name, runner);
  }
  return { runner: (name) => runners.get(name) };
}
