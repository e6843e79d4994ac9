import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import type pg from 'pg';
import { DROP_MESSAGES, listDropsRoute, type DropApplicationView, type DropView } from '@app/contracts/drops';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { forbidden, notFound } from '../../../platform/http/api-error';
import { parseInput } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { dropIdFromPath } from '../drop-ids';
import { toApplicationView, toDropView } from '../drop-views';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { ApplicationRow, DropRow, applicationFromRow, dropFromRow } from '../infrastructure/state-json';
import { dropsReadModel } from '../projections/drops-read-model';

const DEFAULT_LIST_LIMIT = 100;
/** How long a list waits for the read model to reach the log's head before answering with what it has. */
const READ_YOUR_WRITES_WAIT_MILLISECONDS = 5_000;

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

  /**
   * Sandbox drops and real drops never meet (a sandbox cannot apply to a real drop, nor the reverse): a real user
   * lists real drops only; a demo login lists its own drops and those of the sandboxes created for it (a demo
   * creator's companion advertiser), never other visitors'.
   */
  @Get('drops')
  async list(@CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined, @Query() rawQuery: unknown): Promise<DropView[]> {
    const query = parseInput(listDropsRoute.query, rawQuery);
    await this.catchUpReadModel();
    const rows = await this.database.query<{ state: DropRow }>(
      `SELECT state FROM drops_read
        WHERE NOT deleted AND ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR creator_id = $2)
          AND CASE WHEN EXISTS (SELECT 1 FROM drops_demo_users WHERE user_id = $4)
                   THEN creator_id = $4 OR creator_id IN (SELECT user_id FROM drops_demo_users WHERE owner_user_id = $4)
                   ELSE creator_id NOT IN (SELECT user_id FROM drops_demo_users) END
        ORDER BY created_at DESC, drop_id LIMIT $3`,
      [query.type ?? null, query.creator_id ?? null, query.limit ?? DEFAULT_LIST_LIMIT, caller?.userId ?? ''],
    );
    const now = new Date().toISOString();
    return rows.rows.map((row) => toDropView(dropFromRow(row.state), now));
  }

  @Get('drops/:id')
  async get(@Param('id') id: string): Promise<DropView> {
    const { state } = await this.runner.loadDrop(dropIdFromPath(id));
    if (!state.exists || state.deleted) throw notFound('DROP_NOT_FOUND', DROP_MESSAGES.notFound);
    return toDropView(state);
  }

  @Get('drops/:id/applications')
  async applicationsOf(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<DropApplicationView[]> {
    const { state } = await this.runner.loadDrop(dropIdFromPath(id));
    if (!state.exists || state.deleted) throw notFound('DROP_NOT_FOUND', DROP_MESSAGES.notFound);
    if (state.creatorId !== caller.userId) throw forbidden(DROP_MESSAGES.onlyCreatorReviews, 'NOT_DROP_CREATOR');
    return Object.values(state.applications)
      .sort((left, right) => left.appliedAt.localeCompare(right.appliedAt))
      .map((application) => toApplicationView(application, state));
  }

  @Get('users/drop-applications')
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
