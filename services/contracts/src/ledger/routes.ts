import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import { UserSchema } from '../identity/users';
import {
  BalanceAtQuerySchema,
  BalanceAtResponseSchema,
  BalanceHistoryQuerySchema,
  BalanceHistoryResponseSchema,
  ConvertCurrencyRequestSchema,
  ConvertCurrencyResponseSchema,
  LedgerExportQuerySchema,
  RebuildProjectionRequestSchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
  UserBalancesSchema,
  UserMeExtrasSchema,
  VerifyReportSchema,
  VerifyRunSchema,
  VerifyRunParamsSchema,
  StreamEventsParamsSchema,
  StreamEventsQuerySchema,
  StreamEventsResponseSchema,
  IssuanceReportQuerySchema,
  IssuanceReportSchema,
  WalletsResponseSchema,
} from './http';

export const LEDGER_MESSAGES = Object.freeze({
  insufficientBalance: 'Insufficient balance',
  conversionFailed: 'Conversion failed',
  dailyLimitReached: 'Daily limit of 3 keys from points conversion reached',
  demoIsolation: 'Demo accounts are sandboxes: no value can move between a demo account and a real account',
  sandboxArchived: 'This demo account has expired',
});

/**
 * `GET /api/users/me` as the server composes it: identity's user, the ledger's balances and the standing figures of
 * spec 2 §3 (`compositions/me/compose-me.ts`).
 */
export const MeResponseSchema = UserSchema.extend({ ...UserBalancesSchema.shape, ...UserMeExtrasSchema.shape });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const getMeRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me',
  summary:
    "The signed-in user's profile with balances (points_balance, keys_balance, gems_balance, gold_collected, " +
    'moves_balance), streak, earnings, Master Key, followers, level and XP',
  tags: ['ledger'],
  responses: { 200: MeResponseSchema },
});

export const getAppMeRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/app/users/me',
  summary: 'Alias of /api/users/me (the authentication debugger calls both)',
  tags: ['ledger'],
  responses: { 200: MeResponseSchema },
});

export const getBalanceHistoryRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me/balance-history',
  summary:
    "The wallet chart: the signed-in user's balances at the end of each of the last `days` UTC days (1-366, " +
    'default 30) and now',
  tags: ['ledger'],
  request: { query: BalanceHistoryQuerySchema },
  responses: { 200: BalanceHistoryResponseSchema },
});

export const getMyWalletsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me/wallets',
  summary: "The signed-in user's wallets: [{currency_type, balance}] per currency",
  tags: ['ledger'],
  responses: { 200: WalletsResponseSchema },
});

export const getWalletsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/wallets',
  summary: 'Same as /api/users/me/wallets (the spec calls both)',
  tags: ['ledger'],
  responses: { 200: WalletsResponseSchema },
});

export const getTransactionsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/transactions',
  summary:
    "The signed-in user's transactions, newest first; filter by currency and type, paged by limit and offset " +
    "(total counts the filter's rows)",
  tags: ['ledger'],
  request: { query: TransactionsQuerySchema },
  responses: { 200: TransactionsResponseSchema },
});

export const getBalanceAtRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me/balance-at',
  summary: "The signed-in user's wallets as they stood at a point in time (folded from the account stream)",
  tags: ['ledger'],
  request: { query: BalanceAtQuerySchema },
  responses: { 200: BalanceAtResponseSchema },
});

export const convertCurrencyRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/convert',
  summary: 'Convert points (500 a key, at most 3 keys a UTC day) or gems (2 a key) into whole keys',
  tags: ['ledger'],
  request: { body: ConvertCurrencyRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: ConvertCurrencyResponseSchema },
  errors: {
    409: 'Idempotency-Key reused with another body (`IDEMPOTENCY_KEY_REUSED`)',
    422:
      "'Insufficient balance' (`INSUFFICIENT_BALANCE`), the daily limit (`DAILY_CONVERSION_LIMIT`) or " +
      "'Conversion failed'",
  },
});

export const verifyLedgerRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/verify',
  summary:
    'Replays every event: hash chains, zero sums per currency, no negative user balance, projections equal a ' +
    'fresh fold',
  tags: ['ledger-admin'],
  responses: { 200: VerifyReportSchema },
});

export const startVerifyRunRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/ledger/verify-runs',
  summary:
    'Starts ledger verify in the background; follow its progress and read its report at GET ' +
    '/api/admin/ledger/verify-runs/:id',
  tags: ['ledger-admin'],
  responses: { 202: VerifyRunSchema },
  errors: { 409: 'A verification is already running (`VERIFY_ALREADY_RUNNING`)' },
});

export const getVerifyRunRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/verify-runs/:id',
  summary: 'A verification run: status, events and streams checked of the total, and the report once completed',
  tags: ['ledger-admin'],
  request: { params: VerifyRunParamsSchema },
  responses: { 200: VerifyRunSchema },
  errors: { 400: 'Not a run number (`VALIDATION_ERROR`)', 404: 'No such run (`VERIFY_RUN_NOT_FOUND`)' },
});

export const streamEventsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/streams/:streamId',
  summary: "A stream's events in version order (the stream a verify finding names), a page at a time",
  tags: ['ledger-admin'],
  request: { params: StreamEventsParamsSchema, query: StreamEventsQuerySchema },
  responses: { 200: StreamEventsResponseSchema },
  errors: {
    400: 'from_version or limit out of range (`VALIDATION_ERROR`)',
    404: 'No such stream (`STREAM_NOT_FOUND`)',
  },
});

export const exportLedgerRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/export',
  summary: 'The ledger as NDJSON or CSV, one line per leg with running balances; filter by user and time range',
  tags: ['ledger-admin'],
  request: { query: LedgerExportQuerySchema },
  responses: { 200: { description: 'NDJSON (application/x-ndjson) or CSV (text/csv)', schema: null } },
});

export const rebuildLedgerProjectionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/ledger/rebuild',
  summary: 'Rebuilds a ledger projection into fresh tables and swaps it in (ledger_balances or ledger_transactions)',
  tags: ['ledger-admin'],
  request: { body: RebuildProjectionRequestSchema },
  responses: { 202: z.object({ projection: z.string(), status: z.literal('started') }) },
  errors: { 404: 'No such projection', 409: 'A rebuild is already running' },
});

export const ledgerIssuanceRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/issuance',
  summary:
    'Where new money came from: credits out of system:issuance in [from, to) per reason and currency, per UTC ' +
    'day, and the top receivers per currency (default the last 30 days; at most 366)',
  tags: ['ledger-admin'],
  request: { query: IssuanceReportQuerySchema },
  responses: { 200: IssuanceReportSchema },
  errors: {
    400: 'from or to not an ISO 8601 time, from not before to, or more than 366 days apart (`VALIDATION_ERROR`)',
  },
});

export const CurrencyTotalsResponseSchema = z.array(
  z.object({
    currency_type: z.string(),
    user_balance: z.number(),
    user_held: z.number(),
    system_balance: z.number(),
    sum: z.number(),
  }),
);

export const ledgerTotalsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/totals',
  summary: 'Per-currency totals of user and system accounts from the projection (each currency sums to zero)',
  tags: ['ledger-admin'],
  responses: { 200: CurrencyTotalsResponseSchema },
});
