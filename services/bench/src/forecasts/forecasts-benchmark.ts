import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type { INestApplication } from '@nestjs/common';
import type pg from 'pg';
import { loadConfig } from '@app/api/src/platform/config/app-config';
import { createApp } from '@app/api/src/app.module';
import { DATABASE_POOL, EVENT_STORE } from '@app/api/src/platform/database/database.tokens';
import { ForecastsModule, IdentityModule, LedgerModule } from '@app/api/src/modules/context-modules';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, escrowAccount, newTransactionId } from '@app/api/src/modules/ledger';
import {
  evolveForecast,
  forecastStreamId,
  initialForecast,
  type ForecastEvent,
} from '@app/api/src/modules/forecasts/domain/forecast';
import { applyForecastEvents } from '@app/api/src/modules/forecasts/infrastructure/inline-read-model';
import { ForecastSettlement } from '@app/api/src/modules/forecasts/settle-forecasts/forecast-settlement';
import type { EventStore } from '@app/event-store';

export interface ForecastsBenchmarkOptions {
  databaseUrl: string;
  /** Predictions on the one forecast, the creator's stake included, each by its own user. */
  predictions: number;
  /** Odds in tenths (25 = 2.5): at 2.5 the over side is owed more than the pool holds, so the pro-rata path runs. */
  oddsTenths: number;
}

export const DEFAULT_FORECASTS_BENCHMARK: Omit<ForecastsBenchmarkOptions, 'databaseUrl'> = {
  predictions: 10_000,
  oddsTenths: 25,
};

export interface ForecastsBenchmarkResults {
  predictions: number;
  winners: number;
  seedMs: number;
  settleMs: number;
  /** Ledger transactions the settlement posted (payout batches plus the remainder). */
  payoutTransactions: number;
  poolMinor: bigint;
  owedMinor: bigint;
  /** USD credited to users under FORECAST_PAYOUT (read from their ledger streams) and to system:fees. */
  paidToUsersMinor: bigint;
  remainderMinor: bigint;
  proRata: boolean;
  /** A second settlement (a retried job) posted nothing. */
  secondSettlement: string;
  conserved: boolean;
}

const USD = 10_000n;

/**
 * Settlement of ONE forecast holding `predictions` stakes, timed through the real `ForecastSettlement.settle` (resolve,
 * payout batches through the ledger, remainder), in process on a fresh database. The forecast is seeded directly:
 * its events appended on its stream and its inline read model written by the module's own `applyForecastEvents`,
 * and the pool put into `escrow:forecast:<id>` by one ADJUSTMENT (standing in for the stakes' PREDICTION transfers,
 * which the API tests cover). Then the check: users were credited exactly the plan, the remainder went to
 * `system:fees`, payouts + remainder = pool, and a second settlement pays nothing.
 */
export async function runForecastsBenchmark(
  options: ForecastsBenchmarkOptions,
  log: (line: string) => void,
): Promise<ForecastsBenchmarkResults> {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-forecasts-'));
  let app: INestApplication | null = null;
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDirectory,
      REDIS_URL: '',
    });
    app = await createApp(config, { extraModules: [IdentityModule, LedgerModule, ForecastsModule] });
    const pool = app.get<pg.Pool>(DATABASE_POOL);
    const eventStore = app.get<EventStore>(EVENT_STORE);

    const seedStarted = performance.now();
    const forecastId = randomUUID();
    const { events, poolMinor } = seedForecastEvents(forecastId, options);
    await writeForecast(pool, eventStore, forecastId, events);
    await fundEscrow(app, forecastId, poolMinor);
    const seedMs = performance.now() - seedStarted;
    log(
      `seeded one forecast with ${options.predictions} predictions (pool $${poolMinor / USD}) in ` +
        `${(seedMs / 1000).toFixed(1)} s; settling`,
    );

    const settlement = app.get(ForecastSettlement);
    const settleStarted = performance.now();
    const outcome = await settlement.settle(forecastId);
    const settleMs = performance.now() - settleStarted;
    if (outcome !== 'settled') throw new Error(`Settlement answered ${outcome}`);
    log(`settled in ${(settleMs / 1000).toFixed(2)} s; checking conservation`);
    const secondSettlement = await settlement.settle(forecastId);

    const resolved = (await eventStore.readStream(forecastStreamId(forecastId))).find(
      (event) => event.type === 'ForecastResolved',
    )!.data as { owedMinor: string; paidMinor: string; remainderMinor: string; proRata: boolean };
    const { credits, fees, readModel } = await readPayouts(pool, forecastId);
    const paidToUsersMinor = BigInt(credits.rows[0]?.paid ?? '0');
    const remainderMinor = BigInt(fees.rows[0]?.remainder ?? '0');
    const winners = Number(credits.rows[0]?.users ?? 0);
    return {
      predictions: options.predictions,
      winners,
      seedMs,
      settleMs,
      payoutTransactions: Number(credits.rows[0]?.transactions ?? 0) + Number(fees.rows[0]?.transactions ?? 0),
      poolMinor,
      owedMinor: BigInt(resolved.owedMinor),
      paidToUsersMinor,
      remainderMinor,
      proRata: resolved.proRata,
      secondSettlement,
      conserved:
        paidToUsersMinor === BigInt(resolved.paidMinor) &&
        paidToUsersMinor === BigInt(readModel.rows[0]?.paid ?? '0') &&
        remainderMinor === BigInt(resolved.remainderMinor) &&
        paidToUsersMinor + remainderMinor === poolMinor &&
        paidToUsersMinor <= poolMinor &&
        secondSettlement === 'already_settled',
    };
  } finally {
    await app?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** The forecast's whole life as events: created, `predictions` stakes (seeded pseudo-random), then observed. */
function seedForecastEvents(
  forecastId: string,
  options: ForecastsBenchmarkOptions,
): { events: ForecastEvent[]; poolMinor: bigint } {
  const expiresAt = new Date(Date.now() - 60_000).toISOString();
  const createdAt = new Date(Date.now() - 86_400_000).toISOString();
  const events: ForecastEvent[] = [
    {
      type: 'ForecastCreated',
      data: {
        forecastId,
        creatorId: randomUUID(),
        sandbox: false,
        contentId: null,
        contentUrl: 'https://example.com/benchmark',
        platform: 'tiktok',
        contentTitle: null,
        onPlatform: false,
        forecastType: 'views',
        targetValue: 1_000_000,
        oddsTenths: options.oddsTenths,
        expiresAt,
        at: createdAt,
      },
    },
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  let poolMinor = 0n;
  for (let index = 0; index < options.predictions; index += 1) {
    const creator = index === 0;
    // $1 to $50 with cents; roughly 45 % over, so both sides hold winners and losers.
    const amountMinor = BigInt(100 + (next() % 4_901)) * 100n;
    poolMinor += amountMinor;
    const userId = creator
      ? (events[0] as Extract<ForecastEvent, { type: 'ForecastCreated' }>).data.creatorId
      : randomUUID();
    events.push({
      type: 'PredictionPlaced',
      data: {
        predictionId: randomUUID(),
        userId,
        side: next() % 100 < 45 ? 'over' : 'under',
        amountMinor: String(amountMinor),
        isCreator: creator,
        transactionId: newTransactionId(),
        at: createdAt,
      },
    });
  }
  events.push({
    type: 'ObservationRecorded',
    data: {
      value: 1_250_000,
      observedAt: new Date(Date.now() - 30_000).toISOString(),
      source: 'oracle',
      recordedBy: null,
      at: new Date().toISOString(),
    },
  });
  return { events, poolMinor };
}

/** Appends the forecast's stream and writes its inline read model, in one transaction as the module does. */
async function writeForecast(
  pool: pg.Pool,
  eventStore: EventStore,
  forecastId: string,
  events: ForecastEvent[],
): Promise<void> {
  const after = events.reduce(evolveForecast, initialForecast());
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await applyForecastEvents(client, forecastId, events, after, 0);
    await eventStore.append(
      [
        {
          streamId: forecastStreamId(forecastId),
          expectedVersion: 'no_stream',
          events: events.map(({ type, data }) => ({ type, data })),
        },
      ],
      { transaction: client },
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Puts the pool into the forecast's escrow with one ADJUSTMENT (standing in for the stakes' transfers). */
async function fundEscrow(app: INestApplication, forecastId: string, poolMinor: bigint): Promise<void> {
  const funded = await app.get(CommandBus).execute(
    new RunLedgerCommand({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'ADJUSTMENT',
        description: 'Forecast benchmark: the stakes of the pool',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: escrowAccount('forecast', forecastId),
            currency: 'usd',
            amountMinor: poolMinor,
          },
        ],
        now: new Date().toISOString(),
      },
    }),
  );
  if (!funded.ok) throw new Error(`Funding the escrow was refused: ${funded.refusal}`);
}

/** What the settlement paid: users' credits, the remainder to system:fees, and the read model's payouts. */
async function readPayouts(pool: pg.Pool, forecastId: string) {
  const credits = await pool.query<{ paid: string | null; transactions: string; users: string }>(
    `SELECT sum((posting->>'amountMinor')::numeric)::text AS paid,
            count(DISTINCT e.data->>'transactionId')::text AS transactions, count(DISTINCT e.stream_id)::text AS users
       FROM events e CROSS JOIN LATERAL jsonb_array_elements(e.data->'postings') AS posting
      WHERE e.type = 'LedgerTransactionPosted' AND e.data->>'reasonCode' = 'FORECAST_PAYOUT'
        AND e.stream_id LIKE 'ledger-account-%'
        AND posting->>'debitAccount' = $1 AND posting->>'creditAccount' = 'user:' || substring(e.stream_id FROM 16)`,
    [escrowAccount('forecast', forecastId)],
  );
  const fees = await pool.query<{ remainder: string | null; transactions: string }>(
    `SELECT sum((posting->>'amountMinor')::numeric)::text AS remainder,
            count(DISTINCT e.data->>'transactionId')::text AS transactions
       FROM events e CROSS JOIN LATERAL jsonb_array_elements(e.data->'postings') AS posting
      WHERE e.type = 'LedgerTransactionPosted' AND e.data->>'reasonCode' = 'FORECAST_PAYOUT'
        AND posting->>'debitAccount' = $1 AND posting->>'creditAccount' = $2`,
    [escrowAccount('forecast', forecastId), SYSTEM_ACCOUNTS.fees],
  );
  const readModel = await pool.query<{ paid: string | null }>(
    `SELECT sum(payout_minor)::text AS paid FROM forecast_predictions WHERE forecast_id = $1`,
    [forecastId],
  );
  return { credits, fees, readModel };
}

const dollars = (minor: bigint) => `$${(Number(minor) / Number(USD)).toFixed(4)}`;

export function formatForecastsResults(results: ForecastsBenchmarkResults): string {
  return [
    `Forecast settlement: ${results.predictions} predictions, ${results.winners} users paid in ` +
      `${results.payoutTransactions} ledger transactions`,
    `Seed: ${(results.seedMs / 1000).toFixed(1)} s (not timed)`,
    `Settle: ${(results.settleMs / 1000).toFixed(2)} s`,
    `Pool ${dollars(results.poolMinor)}; owed to winners ` +
      `${dollars(results.owedMinor)}${results.proRata ? ' (pool short: pro rata)' : ''}; paid ` +
      `${dollars(results.paidToUsersMinor)}; remainder to system:fees ${dollars(results.remainderMinor)}`,
    `Second settlement: ${results.secondSettlement}`,
    `Conserved (payouts = plan, payouts + remainder = pool, payouts ≤ pool, paid once): ` +
      `${results.conserved ? 'yes' : 'NO'}`,
    '',
    'Target (issue 22): settlement of one forecast with 10,000 predictions < 10 s, with the pool conserved.',
  ].join('\n');
}
