import { Controller, Inject, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import type { EventStore } from '@app/event-store';
import {
  BalanceAtQuerySchema,
  CONVERSION_RATES,
  CURRENCIES,
  Currency,
  TransactionsQuerySchema,
  getBalanceAtRoute,
  getConversionAllowanceRoute,
  getMyWalletsRoute,
  getTransactionsRoute,
  getWalletsRoute,
  minorToApiNumber,
  type ConversionAllowance,
  type TransactionResponse,
} from '@app/contracts/ledger';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { Route } from '../../../platform/http/route.decorator';
import { parseInput } from '../../../platform/http/zod-validation';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { userStreamId } from '../domain/streams';
import { foldUserLedger, keysConvertedFromPointsOn, utcDayOf } from '../domain/user-ledger';
import type { Queryable } from '../infrastructure/ledger-audit';
import { LedgerExecutor, toLedgerEvent } from '../infrastructure/ledger-executor';
import { ledgerTransactionsProjection } from '../projections/ledger-projections';
import { toWallets } from './get-user-balances.query';

const TransactionRowSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  transaction_type: z.string(),
  description: z.string(),
  amount_minor: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(['completed', 'pending', 'reversed', 'released', 'expired', 'captured']),
  created_at: z.date(),
});

/** The signed-in user's money: profile with balances, wallets, transactions, and balances at a past moment. */
@Controller()
export class WalletsController {
  constructor(
    private readonly ledger: LedgerExecutor,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Route(getMyWalletsRoute)
  async myWallets(@CurrentUser() caller: AuthenticatedUser) {
    return toWallets((await this.ledger.load(caller.userId)).state);
  }

  @Route(getWalletsRoute)
  async wallets(@CurrentUser() caller: AuthenticatedUser) {
    return toWallets((await this.ledger.load(caller.userId)).state);
  }

  /** Today's use of the daily limit on keys from points, read from the user's stream like the conversion decides it. */
  @Route(getConversionAllowanceRoute)
  async conversionAllowance(@CurrentUser() caller: AuthenticatedUser): Promise<ConversionAllowance> {
    const { state } = await this.ledger.load(caller.userId);
    const converted = Number(keysConvertedFromPointsOn(state, utcDayOf(new Date().toISOString())));
    const limit = CONVERSION_RATES.dailyKeysFromPointsLimit;
    return {
      keys_converted_from_points_today: converted,
      daily_points_conversion_limit: limit,
      keys_remaining_from_points_today: Math.max(0, limit - converted),
    };
  }

  /** From the `ledger_transactions` projection, once it has passed the caller's own latest command (bounded wait). */
  @Route(getTransactionsRoute)
  async transactions(@CurrentUser() caller: AuthenticatedUser, @QueryParams() rawQuery: unknown) {
    const query = parseInput(TransactionsQuerySchema, rawQuery);
    await this.readYourWrites.awaitProjections([ledgerTransactionsProjection.name]);
    const filter = `user_id = $1 AND ($2::text IS NULL OR currency = $2)
      AND ($3::text IS NULL OR transaction_type = $3)`;
    const parameters = [caller.userId, query.currency ?? null, query.type ?? null];
    const [rows, counted] = await Promise.all([
      this.database.query(
        `SELECT id, transaction_id, transaction_type, description, amount_minor::text AS amount_minor, currency,
                status, created_at
         FROM ledger_transactions WHERE ${filter}
         ORDER BY created_at DESC, position DESC LIMIT $4 OFFSET $5`,
        [...parameters, query.limit, query.offset],
      ),
      this.database.query(`SELECT count(*)::int AS total FROM ledger_transactions WHERE ${filter}`, parameters),
    ]);
    const transactions: TransactionResponse[] = rows.rows.map((raw) => {
      const row = TransactionRowSchema.parse(raw);
      return {
        id: row.id,
        transaction_id: row.transaction_id,
        transaction_type: row.transaction_type,
        description: row.description,
        amount: minorToApiNumber(BigInt(row.amount_minor), row.currency as Currency),
        currency_type: row.currency,
        status: row.status,
        created_at: row.created_at.toISOString(),
      };
    });
    return { transactions, limit: query.limit, offset: query.offset, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /** Folds the user's stream up to the timestamp: the balances exactly as they stood then. */
  @Route(getBalanceAtRoute)
  async balanceAt(@CurrentUser() caller: AuthenticatedUser, @QueryParams() rawQuery: unknown) {
    const { at } = parseInput(BalanceAtQuerySchema, rawQuery);
    const asOf = new Date(at);
    const events = (await this.eventStore.readStream(userStreamId(caller.userId))).filter(
      (event) => event.recordedAt <= asOf,
    );
    const state = foldUserLedger(caller.userId, events.map(toLedgerEvent));
    return {
      as_of: asOf.toISOString(),
      stream_version: events.length === 0 ? 0 : Number(events[events.length - 1].streamVersion),
      wallets: toWallets(state),
    };
  }
}
