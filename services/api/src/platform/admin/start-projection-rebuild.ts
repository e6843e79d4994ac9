import { conflict, notFound } from '../http/api-error';
import { RebuildAlreadyRunningError } from '../projections/projection-runner';
import { type ProjectionRunners, rebuildProjection } from '../projections/rebuild-projection';

/**
 * The admin routes' rebuild (platform and ledger): refuses at once with 404 (no such projection runs here) or 409 (a
 * rebuild of it is running here), else starts `rebuildProjection` in the background and answers; progress shows in
 * `GET /api/admin/projections`, and a failure is logged.
 */
export function startProjectionRebuild(
  runners: ProjectionRunners,
  name: string,
  logger: { error(message: string, stack?: string): void },
): void {
  const runner = runners.runner(name);
  if (!runner) throw notFound('PROJECTION_NOT_FOUND', `No projection is named ${name}`);
  if (runner.isRebuilding()) throw conflict('REBUILD_ALREADY_RUNNING', `A rebuild of ${name} is already running`);
  rebuildProjection(runners, name).catch((error: Error) => {
    // Another process's rebuild of the same projection won the race: it swaps the tables in.
    if (!(error instanceof RebuildAlreadyRunningError))
      logger.error(`Rebuild of ${name} failed: ${error.message}`, error.stack);
  });
}
