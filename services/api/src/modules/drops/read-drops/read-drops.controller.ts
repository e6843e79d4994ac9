import { Controller, Inject, Param, Query } from '@nestjs/common';
import type pg from 'pg';
import {
  DROP_MESSAGES,
  getDropRoute,
  listDropApplicationsRoute,
  listDropsRoute,
  myDropApplicationsRoute,
  type DropApplicationView,
  type DropView,
} from '@app/contracts/drops';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { forbidden, notFound } from '../../../platform/http/api-error';
import { parseInput } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { dropIdFromPath } from '../drop-ids';
import { toApplicationView, toDropView } from '../drop-views';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { ApplicationRow, DropRow, applicationFromRow, dropFromRow } from '../infrastructure/state-json';
import { dropsReadModel } from '../projections/drops-read-model';
import { listDrops, READ_YOUR_WRITES_WAIT_MILLISECONDS } from '../queries/list-drops.query';

const DEFAULT_LIST_LIMIT = 100;

/**
 * Lists read the projection (`drops_read`, `drop_applications_read`), after waiting for it to reach the head; one drop
 * and its applications are folded from the drop's own stream, so a page opened right after a write never shows the
 * state before it.
 */
@Controller()
export class ReadDropsController {
  constructor(
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
    private readonly runner: DropCommandRunner,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * Lists come from the projection, which trails the log by a poll. A user who just applied or submitted expects to
   * see it, so a list first waits (briefly, bounded) until the read model has reached the head the request saw.
   */
  private catchUpReadModel(): Promise<void> {
    return this.readYourWrites.awaitProjections([dropsReadModel.name], READ_YOUR_WRITES_WAIT_MILLISECONDS);
  }

  /** Sandbox drops and real drops never meet (see `listDrops`). */
  @Route(listDropsRoute)
  list(
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Query() rawQuery: unknown,
  ): Promise<DropView[]> {
    const query = parseInput(listDropsRoute.query, rawQuery);
    return listDrops(this.database, this.readYourWrites, {
      type: query.type ?? null,
      creatorId: query.creator_id ?? null,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      viewerId: caller?.userId ?? null,
    });
  }

  @Route(getDropRoute)
  async get(@Param('id') id: string): Promise<DropView> {
    const { state } = await this.runner.loadDrop(dropIdFromPath(id));
    if (!state.exists || state.deleted) throw notFound('DROP_NOT_FOUND', DROP_MESSAGES.notFound);
    return toDropView(state);
  }

  @Route(listDropApplicationsRoute)
  async applicationsOf(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<DropApplicationView[]> {
    const { state } = await this.runner.loadDrop(dropIdFromPath(id));
    if (!state.exists || state.deleted) throw notFound('DROP_NOT_FOUND', DROP_MESSAGES.notFound);
    if (state.creatorId !== caller.userId) throw forbidden(DROP_MESSAGES.onlyCreatorReviews, 'NOT_DROP_CREATOR');
    return Object.values(state.applications)
      .sort((left, right) => left.appliedAt.localeCompare(right.appliedAt))
      .map((application) => toApplicationView(application, state));
  }

  @Route(myDropApplicationsRoute)
  async mine(@CurrentUser() caller: AuthenticatedUser): Promise<DropApplicationView[]> {
    await this.catchUpReadModel();
    const rows = await this.database.query<{ application: ApplicationRow; drop: DropRow }>(
      `SELECT application.state AS application, drop.state AS drop
         FROM drop_applications_read application JOIN drops_read drop ON drop.drop_id = application.drop_id
        WHERE application.applicant_user_id = $1
        ORDER BY application.applied_at DESC`,
      [caller.userId],
    );
    return rows.rows.map((row) => toApplicationView(applicationFromRow(row.application), dropFromRow(row.drop)));
  }
}
