import { PassThrough } from 'node:stream';
import { Body, Controller, Inject, Logger, Param, Query as QueryParams, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { EventStore } from '@app/event-store';
import {
  CURRENCIES,
  Currency,
  IssuanceReportRangeSchema,
  LedgerExportQuerySchema,
  RebuildProjectionRequestSchema,
  StreamEventsParamsSchema,
  StreamEventsQuerySchema,
  VerifyRunParamsSchema,
  exportLedgerRoute,
  getVerifyRunRoute,
  ledgerIssuanceRoute,
  ledgerTotalsRoute,
  minorToApiNumber,
  rebuildLedgerProjectionRoute,
  startVerifyRunRoute,
  streamEventsRoute,
  verifyLedgerRoute,
  type IssuanceReport,
  type StreamEvents,
  type VerifyReport,
  type VerifyRun,
} from '@app/contracts/ledger';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { notFound } from '../../../platform/http/api-error';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { parseInput, ZodValidationPipe } from '../../../platform/http/zod-validation';
import { startProjectionRebuild } from '../../../platform/admin/start-projection-rebuild';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { verifyLedger, type Queryable } from '../infrastructure/ledger-audit';
import { exportLedger } from '../infrastructure/ledger-export';
import { issuanceReport } from '../infrastructure/issuance-report';
import { LEDGER_PROJECTIONS } from '../projections/ledger-projections';
import { VerifyRuns } from './verify-runs';

/** Resolves once the stream wants more, or is gone (then the next write attempt notices). */
function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      stream.off('drain', settle);
      stream.off('close', settle);
      resolve();
    };
    stream.on('drain', settle);
    stream.on('close', settle);
  });
}

/** The auditor's verbs over HTTP (the same as `npm run ledger -- verify|export|rebuild`), administrators only. */
@AdminOnly()
@Controller()
export class LedgerAdminController {
  private readonly logger = new Logger('LedgerAdmin');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
    private readonly projections: ProjectionsService,
    private readonly verifyRuns: VerifyRuns,
  ) {}

  @Route(verifyLedgerRoute)
  verify(): Promise<VerifyReport> {
    return verifyLedger(this.eventStore);
  }

  /** The console's verify: starts in the background and answers 202 with the run to poll. */
  @Route(startVerifyRunRoute)
  startVerifyRun(): Promise<VerifyRun> {
    return this.verifyRuns.start();
  }

  /** A run's live progress (events and streams checked of the total) and, once completed, its report. */
  @Route(getVerifyRunRoute)
  verifyRun(@Param() rawParams: unknown): Promise<VerifyRun> {
    return this.verifyRuns.get(parseInput(VerifyRunParamsSchema, rawParams).id);
  }

  /** One stream's events, a page at a time: where the console links a finding's `stream_id`. */
  @Route(streamEventsRoute)
  streamEvents(@Param() rawParams: unknown, @QueryParams() rawQuery: unknown): Promise<StreamEvents> {
    const { streamId } = parseInput(StreamEventsParamsSchema, rawParams);
    const query = parseInput(StreamEventsQuerySchema, rawQuery);
    return this.verifyRuns.streamEvents(streamId, query.from_version, query.limit);
  }

  /** Where new money came from in [from, to): issuance per reason and currency, per day, and the top receivers. */
  @Route(ledgerIssuanceRoute)
  issuance(@QueryParams() rawQuery: unknown): Promise<IssuanceReport> {
    return issuanceReport(this.eventStore, parseInput(IssuanceReportRangeSchema, rawQuery));
  }

  /** Per-currency totals from the `ledger_currency_totals` projection. */
  @Route(ledgerTotalsRoute)
  async totals() {
    const rows = await this.database.query<{
      currency: string;
      user_balance_minor: string;
      user_held_minor: string;
      system_balance_minor: string;
    }>(
      `SELECT currency, user_balance_minor::text, user_held_minor::text, system_balance_minor::text
       FROM ledger_currency_totals ORDER BY currency`,
    );
    return rows.rows
      .filter((row): row is typeof row & { currency: Currency } =>
        (CURRENCIES as readonly string[]).includes(row.currency),
      )
      .map((row) => ({
        currency_type: row.currency,
        user_balance: minorToApiNumber(BigInt(row.user_balance_minor), row.currency),
        user_held: minorToApiNumber(BigInt(row.user_held_minor), row.currency),
        system_balance: minorToApiNumber(BigInt(row.system_balance_minor), row.currency),
        sum: minorToApiNumber(BigInt(row.user_balance_minor) + BigInt(row.system_balance_minor), row.currency),
      }));
  }

  /**
   * Streams the export (CSV or NDJSON), so a large ledger is never held in memory whole. The answer starts with the
   * first chunk: a failure before it is an ordinary error answer; one after it cuts the body short, which is how
   * the client learns the file is incomplete.
   */
  @Route(exportLedgerRoute)
  async export(@QueryParams() rawQuery: unknown, @Res() reply: FastifyReply): Promise<void> {
    const query = parseInput(LedgerExportQuerySchema, rawQuery);
    const body = new PassThrough();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void reply
        .status(200)
        .header(
          'Content-Type',
          query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        )
        .header('Content-Disposition', `attachment; filename="ledger.${query.format === 'csv' ? 'csv' : 'ndjson'}"`)
        .send(body);
    };
    try {
      await exportLedger(
        this.eventStore,
        {
          format: query.format,
          userId: query.user_id,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        (chunk) => {
          start();
          // A client that went away destroyed the stream (Fastify does on a closed connection): stop reading.
          if (body.destroyed) throw new Error('the client closed the connection');
          // Respect back-pressure: the next page is read only once the client has taken this one.
          if (!body.write(chunk)) return drainedOrClosed(body);
        },
      );
    } catch (error) {
      if (!started) throw error;
      this.logger.error(`Ledger export failed half-way: ${(error as Error).message}`);
      body.destroy(error as Error);
      return;
    }
    start();
    body.end();
  }

  /** Starts the rebuild and answers at once; progress shows in `GET /api/admin/projections`. */
  @Route(rebuildLedgerProjectionRoute)
  rebuild(@Body(new ZodValidationPipe(RebuildProjectionRequestSchema)) body: { projection: string }) {
    if (!LEDGER_PROJECTIONS.some((projection) => projection.name === body.projection)) {
      throw notFound('PROJECTION_NOT_FOUND', `No ledger projection is named ${body.projection}`);
    }
    startProjectionRebuild(this.projections, body.projection, this.logger);
    return { projection: body.projection, status: 'started' as const };
  }
}
