import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FORECAST_EVENT_SCHEMAS } from '@app/contracts/forecasts';
import { userAccount } from '@app/contracts/ledger';
import type { EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import type { UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import { eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { ApiError } from '../../../platform/http/api-error';
import type { GroupMemberDecision } from '../../../platform/use-cases/use-case-runner';
import { GetUserBalancesQuery, newTransactionId } from '../../ledger';
import { decideForecast, type Decision, type ForecastCommand } from '../domain/decide';
import {
  evolveForecast,
  forecastStreamId,
  initialForecast,
  payoutBatchStreamId,
  type ForecastEvent,
  type ForecastState,
} from '../domain/forecast';
import { forecastRefusalToApiError } from '../forecast-refusals';
import { applyForecastEvents } from './inline-read-model';

export interface LoadedForecast {
  state: ForecastState;
  version: bigint;
}

type Accepted = Extract<Decision, { kind: 'accepted' }>;
/** Stored forecast events are parsed at the edge: a fact that no longer reads fails loudly, not into a wrong fold. */
const parseForecastEvent = eventParser<ForecastEvent>(FORECAST_EVENT_SCHEMAS, 'forecast');

function copyOf(state: ForecastState): ForecastState {
  // The fold appends stakes in place (a forecast may hold 10,000): extend a copy, never a state someone else holds.
  return { ...state, stakes: [...state.stakes] };
}

/** One payout batch as `payBatch` fixed it before its unit of work (a rerun reuses it). */
interface BatchPlan {
  forecastId: string;
  batchIndex: number;
  batchStreamId: string;
  batchLabel: string;
  payoutTransactionIds: string[];
  now: string;
}

/**
 * The forecasts' one way to commit: load the forecast's stream in the unit of work, decide purely, write the inline
 * read models, and append the events (expected version = loaded) with the ledger's postings in one atomic append,
 * under the runner's lock on the stream.
 */
@Injectable()
export class ForecastCommands {
  private readonly folds = new Map<string, LoadedForecast>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
  ) {}

  /**
   * The forecast's fold; only the events after the cached one are read (the append's expected version catches the
   * rest).
   */
  async load(forecastId: string, transaction?: TransactionHandle): Promise<LoadedForecast> {
    const cached = this.folds.get(forecastId);
    const stored = await this.eventStore.readStream(forecastStreamId(forecastId), {
      ...(transaction ? { transaction } : {}),
      ...(cached ? { fromVersion: cached.version + 1n } : {}),
    });
    if (cached && stored.length === 0) return cached;
    const folded = cached ? copyOf(cached.state) : initialForecast();
    const state = stored.map(parseForecastEvent).reduce(evolveForecast, folded);
    const loaded = { state, version: stored.at(-1)?.streamVersion ?? cached?.version ?? 0n };
    if (this.folds.size >= 1_000) this.folds.clear();
    this.folds.set(forecastId, loaded);
    return loaded;
  }

  /**
   * Runs one command on one forecast; `prepare` may load more (in the unit) and builds the command. The money moved
   * is the decider's.
   */
  run<Body>(options: {
    forecastId: string;
    prepare(unit: UnitOfWork, forecast: LoadedForecast): Promise<ForecastCommand> | ForecastCommand;
    answer(decision: Accepted, after: ForecastState): Body;
    moneyRefusal?(refusal: string): ApiError | undefined;
    idempotency?: IdempotentRequest;
  }): Promise<Body> {
    const streamId = forecastStreamId(options.forecastId);
    return this.runner.run<Body>({
      lockKeys: [streamId],
      idempotency: options.idempotency,
      moneyRefusal: options.moneyRefusal ? (refusal) => options.moneyRefusal!(refusal) : undefined,
      decide: async (unit) => {
        const forecast = await this.load(options.forecastId, unit.transaction);
        const command = await options.prepare(unit, forecast);
        const decision = decideForecast(command, forecast.state);
        if (decision.kind === 'refused') throw forecastRefusalToApiError(decision.refusal);
        const after = decision.events.reduce(evolveForecast, copyOf(forecast.state));
        await applyForecastEvents(
          unit.transaction,
          options.forecastId,
          decision.events,
          after,
          forecast.state.stakes.length,
        );
        const appends = [
          {
            streamId,
            expectedVersion: forecast.version,
            events: decision.events.map(({ type, data }) => ({ type, data })),
          },
        ];
        return { appends, money: decision.money, answer: () => options.answer(decision, after) };
      },
    });
  }

  /**
   * Pays batch `batchIndex` of the forecast's plan in ONE unit of work: the batch's `PayoutBatchPaid` on its own
   * stream (created once: a second run is refused BATCH_PAID) and one FORECAST_PAYOUT ledger transaction per user
   * (escrow → user) in one group-commit append. Batches of one forecast can so be paid in parallel. A user the ledger
   * refuses to credit (an archived demo sandbox) is decided again without: their payout stays in the escrow, recorded
   * as unpaid. NOTHING_TO_PAY past the last batch.
   */
  async payBatch(forecastId: string, batchIndex: number, now: string): Promise<{ paidUsers: number }> {
    const batchStreamId = payoutBatchStreamId(forecastId, batchIndex);
    const loaded = await this.load(forecastId);
    if (!loaded.state.terms) throw forecastRefusalToApiError('FORECAST_NOT_FOUND');
    if (!loaded.state.resolution) throw forecastRefusalToApiError('NOT_RESOLVED');
    const batch = loaded.state.resolution.batches[batchIndex];
    if (!batch) throw forecastRefusalToApiError('NOTHING_TO_PAY');
    const batchLabel = `${forecastId}/${batchIndex}`;
    // Fixed before the unit of work: a rerun (version conflict, or without a user the ledger refused) reuses them.
    const payoutTransactionIds = batch.map(() => newTransactionId());
    // The winners' ledger streams, read before the unit of work in one coalesced statement (the ledger's own query,
    // which keeps their folds): the unit then decides on them without a read per user inside its transaction. A fold
    // that another process outran costs a version conflict and a rerun, nothing more.
    await Promise.all(batch.map((payout) => this.queryBus.execute(new GetUserBalancesQuery(payout.userId))));
    const plan: BatchPlan = { forecastId, batchIndex, batchStreamId, batchLabel, payoutTransactionIds, now };
    const decideBatch = (unit: UnitOfWork, refusedUserIds: string[]) => this.decideBatch(unit, plan, refusedUserIds);
    const outcomes = await this.runner.runGroup<null>({
      lockKeys: [batchStreamId],
      members: batch.map(() => ({})),
      decide: async (unit, indexes) => {
        const live = new Set(indexes);
        const { decision, appends } = await decideBatch(
          unit,
          batch.filter((_, index) => !live.has(index)).map((payout) => payout.userId),
        );
        const payoutOf = new Map(decision.payouts.map((payout) => [payout.postings[0]!.creditAccount, payout]));
        const members = new Map<number, GroupMemberDecision<null>>();
        for (const index of indexes) {
          const payout = payoutOf.get(userAccount(batch[index].userId));
          if (!payout) throw new Error(`Invariant broken: no payout for ${batch[index].userId} in batch ${batchLabel}`);
          members.set(index, { money: payout, answer: () => null });
        }
        return { appends, members };
      },
    });
    const paidUsers = outcomes.filter((outcome) => 'ok' in outcome).length;
    if (paidUsers > 0) return { paidUsers };
    // Every member failed: the same refusal of the decider or another error (thrown as is), or the ledger refused
    // every user of the batch: then the batch is recorded as paid with nothing moved.
    const errors = outcomes.map((outcome) => ('error' in outcome ? outcome.error : null));
    const deciderCodes = new Set(['BATCH_PAID', 'NOTHING_TO_PAY', 'NOT_RESOLVED', 'FORECAST_NOT_FOUND']);
    const notLedger = errors.find((error) => !(error instanceof ApiError) || deciderCodes.has(error.code));
    if (notLedger !== undefined) throw notLedger;
    await this.runner.run<null>({
      lockKeys: [batchStreamId],
      decide: async (unit) => {
        const { appends } = await decideBatch(
          unit,
          batch.map((payout) => payout.userId),
        );
        return { appends, money: null, answer: () => null };
      },
    });
    return { paidUsers: 0 };
  }

  /** Decides batch `plan.batchIndex` in the unit of work, leaving the users in `refusedUserIds` unpaid (`payBatch`). */
  private async decideBatch(unit: UnitOfWork, plan: BatchPlan, refusedUserIds: string[]) {
    const { forecastId, batchIndex, batchStreamId, batchLabel, payoutTransactionIds, now } = plan;
    const forecast = await this.load(forecastId, unit.transaction);
    const alreadyPaid = (await this.eventStore.readStream(batchStreamId, { transaction: unit.transaction })).length > 0;
    const command: ForecastCommand = {
      type: 'PayBatch',
      data: { batchIndex, alreadyPaid, transactionId: batchLabel, payoutTransactionIds, refusedUserIds, now },
    };
    const decision = decideForecast(command, forecast.state);
    if (decision.kind === 'refused') throw forecastRefusalToApiError(decision.refusal);
    await applyForecastEvents(
      unit.transaction,
      forecastId,
      decision.events,
      forecast.state,
      forecast.state.stakes.length,
    );
    return {
      decision,
      appends: [
        {
          streamId: batchStreamId,
          expectedVersion: 'no_stream' as const,
          events: decision.events.map(({ type, data }) => ({ type, data })),
        },
      ],
    };
  }
}
