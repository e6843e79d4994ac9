import {
  escrowAccount,
  SYSTEM_ACCOUNTS,
  userAccount,
  type AccountId,
  type MoneyMovement,
  type Posting,
  type ReasonCode,
} from '@app/contracts/ledger';
import {
  forecastStreamId,
  PAYOUT_BATCH_SIZE,
  payoutBatchStreamId,
  settlingObservation,
  winningSideFor,
  type ForecastEvent,
  type ForecastMetric,
  type ForecastState,
  type ObservationSource,
  type Side,
} from './forecast';
import { planPayouts } from './payouts';

export type ForecastRefusal =
  | 'FORECAST_EXISTS'
  | 'FORECAST_NOT_FOUND'
  | 'EXPIRES_IN_PAST'
  | 'FORECAST_EXPIRED'
  | 'FORECAST_RESOLVED'
  | 'DEMO_ACCOUNT_ISOLATION'
  | 'OBSERVED_ON_PLATFORM'
  | 'OBSERVATION_IN_FUTURE'
  | 'NOT_EXPIRED_YET'
  | 'AWAITING_OBSERVATION'
  | 'NOT_RESOLVED'
  | 'NOTHING_TO_PAY'
  | 'BATCH_PAID'
  | 'PAYOUTS_PENDING';

/**
 * The whole outcome of an accepted command: its events and the money they move (`money`, null when none). A payout
 * batch moves one ledger transaction per user paid (`payouts`): one transaction touching every user would be copied
 * onto each user's stream.
 */
export type Decision =
  | { kind: 'accepted'; events: ForecastEvent[]; money: MoneyMovement | null; payouts: MoneyMovement[] }
  | { kind: 'refused'; refusal: ForecastRefusal };

export type ForecastCommand =
  | {
      type: 'CreateForecast';
      data: {
        forecastId: string;
        creator: { id: string; isDemo: boolean };
        contentId: string | null;
        contentUrl: string;
        platform: string | null;
        contentTitle: string | null;
        onPlatform: boolean;
        forecastType: ForecastMetric;
        targetValue: number;
        oddsTenths: number;
        expiresAt: string;
        predictionId: string;
        side: Side;
        amountMinor: bigint;
        transactionId: string;
        now: string;
      };
    }
  | {
      type: 'PlacePrediction';
      data: {
        predictionId: string;
        user: { id: string; isDemo: boolean };
        side: Side;
        amountMinor: bigint;
        transactionId: string;
        now: string;
      };
    }
  | {
      type: 'RecordObservation';
      data: { value: number; observedAt: string; source: ObservationSource; recordedBy: string | null; now: string };
    }
  | { type: 'ResolveForecast'; data: { now: string } }
  /**
   * Pays batch `batchIndex` of the plan, one ledger transaction per user (`payoutTransactionIds`, in the batch's
   * order); `alreadyPaid`: its stream exists; `transactionId` labels the batch. `refusedUserIds`: users of the batch
   * the ledger refused to credit (an archived demo sandbox): their payout stays in the escrow, recorded as unpaid,
   * and the batch counts as done so settlement goes on.
   */
  | {
      type: 'PayBatch';
      data: {
        batchIndex: number;
        alreadyPaid: boolean;
        transactionId: string;
        payoutTransactionIds: readonly string[];
        refusedUserIds?: readonly string[];
        now: string;
      };
    }
  /** `batchesPaid`: how many payout batches are recorded (read in the unit of work). */
  | { type: 'FinishSettlement'; data: { batchesPaid: number; transactionId: string; now: string } };

type Data<Type extends ForecastCommand['type']> = Extract<ForecastCommand, { type: Type }>['data'];
type Terms = NonNullable<ForecastState['terms']>;

const refuse = (refusal: ForecastRefusal): Decision => ({ kind: 'refused', refusal });
function accept(events: ForecastEvent[], money: MoneyMovement | null = null, payouts: MoneyMovement[] = []): Decision {
  return { kind: 'accepted', events, money, payouts };
}
const isPast = (at: string, now: string) => Date.parse(now) >= Date.parse(at);

const usd = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting => ({
  debitAccount,
  creditAccount,
  currency: 'usd',
  amountMinor,
});

/** One USD ledger transaction of a forecast, referenced by it. */
function movement(
  forecastId: string,
  command: { transactionId: string; now: string },
  reasonCode: ReasonCode,
  description: string,
  postings: Posting[],
): MoneyMovement {
  const { transactionId, now } = command;
  return { transactionId, reasonCode, description, postings, now, references: { forecastId } };
}

interface StakeCommand {
  side: Side;
  amountMinor: bigint;
  transactionId: string;
  now: string;
}

/** A stake: the user's USD into the forecast's escrow (PREDICTION). */
function stake(forecastId: string, userId: string, command: StakeCommand, description: string): MoneyMovement {
  const posting = usd(userAccount(userId), escrowAccount('forecast', forecastId), command.amountMinor);
  return movement(forecastId, command, 'PREDICTION', description, [posting]);
}

export { forecastStreamId, payoutBatchStreamId };

export function decideForecast(command: ForecastCommand, state: ForecastState): Decision {
  if (command.type === 'CreateForecast') return createForecast(command.data, state);
  const terms = state.terms;
  if (!terms) return refuse('FORECAST_NOT_FOUND');
  switch (command.type) {
    case 'PlacePrediction':
      return placePrediction(command.data, state, terms);
    case 'RecordObservation': {
      const { value, observedAt, source, recordedBy, now } = command.data;
      if (state.resolution) return refuse('FORECAST_RESOLVED');
      if (source === 'oracle' && terms.onPlatform) return refuse('OBSERVED_ON_PLATFORM');
      if (Date.parse(observedAt) > Date.parse(now)) return refuse('OBSERVATION_IN_FUTURE');
      return accept([{ type: 'ObservationRecorded', data: { value, observedAt, source, recordedBy, at: now } }]);
    }
    case 'ResolveForecast':
      return resolveForecast(command.data.now, state, terms);
    case 'PayBatch':
      return payBatch(command.data, state, terms);
    case 'FinishSettlement':
      return finishSettlement(command.data, state, terms);
  }
}

function createForecast(data: Data<'CreateForecast'>, state: ForecastState): Decision {
  if (state.terms) return refuse('FORECAST_EXISTS');
  if (isPast(data.expiresAt, data.now)) return refuse('EXPIRES_IN_PAST');
  const created: ForecastEvent = {
    type: 'ForecastCreated',
    data: {
      forecastId: data.forecastId,
      creatorId: data.creator.id,
      sandbox: data.creator.isDemo,
      contentId: data.contentId,
      contentUrl: data.contentUrl,
      platform: data.platform,
      contentTitle: data.contentTitle,
      onPlatform: data.onPlatform,
      forecastType: data.forecastType,
      targetValue: data.targetValue,
      oddsTenths: data.oddsTenths,
      expiresAt: data.expiresAt,
      at: data.now,
    },
  };
  const placed = predictionPlaced(data.predictionId, data.creator.id, data, true);
  return accept([created, placed], stake(data.forecastId, data.creator.id, data, `Forecast stake (${data.side})`));
}

function predictionPlaced(predictionId: string, userId: string, command: StakeCommand, isCreator: boolean) {
  const { side, amountMinor, transactionId, now } = command;
  const placed: ForecastEvent = {
    type: 'PredictionPlaced',
    data: { predictionId, userId, side, amountMinor: String(amountMinor), isCreator, transactionId, at: now },
  };
  return placed;
}

function placePrediction(data: Data<'PlacePrediction'>, state: ForecastState, terms: Terms): Decision {
  if (state.resolution || state.settled) return refuse('FORECAST_RESOLVED');
  // Closed at expiry, under the stream's version: a stake decided before expiry cannot land after a resolution.
  if (isPast(terms.expiresAt, data.now)) return refuse('FORECAST_EXPIRED');
  if (data.user.isDemo !== terms.sandbox) return refuse('DEMO_ACCOUNT_ISOLATION');
  const placed = predictionPlaced(data.predictionId, data.user.id, data, false);
  return accept([placed], stake(terms.forecastId, data.user.id, data, `Prediction (${data.side})`));
}

function resolveForecast(now: string, state: ForecastState, terms: Terms): Decision {
  if (state.resolution) return refuse('FORECAST_RESOLVED');
  if (!isPast(terms.expiresAt, now)) return refuse('NOT_EXPIRED_YET');
  const observation = settlingObservation(state);
  if (!observation) return refuse('AWAITING_OBSERVATION');
  const winningSide = winningSideFor(observation.value, terms.targetValue);
  const plan = planPayouts(state.stakes, winningSide, terms.oddsTenths);
  const usersPaid = new Set(plan.payouts.filter((payout) => payout.payoutMinor > 0n).map((payout) => payout.userId))
    .size;
  return accept([
    {
      type: 'ForecastResolved',
      data: {
        value: observation.value,
        observedAt: observation.observedAt,
        winningSide,
        poolMinor: String(plan.poolMinor),
        owedMinor: String(plan.owedMinor),
        paidMinor: String(plan.paidMinor),
        remainderMinor: String(plan.remainderMinor),
        proRata: plan.proRata,
        batchCount: Math.ceil(usersPaid / PAYOUT_BATCH_SIZE),
        at: now,
      },
    },
  ]);
}

/** One FORECAST_PAYOUT transaction per user paid (escrow → user); a user the ledger refused stays unpaid. */
function payBatch(data: Data<'PayBatch'>, state: ForecastState, terms: Terms): Decision {
  if (!state.resolution) return refuse('NOT_RESOLVED');
  const batch = state.resolution.batches[data.batchIndex];
  if (!batch) return refuse('NOTHING_TO_PAY');
  if (data.alreadyPaid) return refuse('BATCH_PAID');
  if (data.payoutTransactionIds.length < batch.length) {
    throw new Error(`Invariant broken: ${batch.length} payouts, ${data.payoutTransactionIds.length} transaction ids`);
  }
  const refused = new Set(data.refusedUserIds ?? []);
  const escrow = escrowAccount('forecast', terms.forecastId);
  const payouts: MoneyMovement[] = [];
  let paidMinor = 0n;
  batch.forEach(({ userId, amountMinor }, position) => {
    if (refused.has(userId)) return;
    const transaction = { transactionId: data.payoutTransactionIds[position]!, now: data.now };
    const posting = usd(escrow, userAccount(userId), amountMinor);
    payouts.push(movement(terms.forecastId, transaction, 'FORECAST_PAYOUT', 'Forecast payout', [posting]));
    paidMinor += amountMinor;
  });
  const unpaid = batch
    .filter(({ userId }) => refused.has(userId))
    .map(({ userId, amountMinor }) => ({ userId, amountMinor: String(amountMinor) }));
  const event: ForecastEvent = {
    type: 'PayoutBatchPaid',
    data: {
      batchIndex: data.batchIndex,
      transactionId: data.transactionId,
      userCount: payouts.length,
      paidMinor: String(paidMinor),
      ...(unpaid.length > 0 ? { unpaid } : {}),
      at: data.now,
    },
  };
  return accept([event], null, payouts);
}

/** The house's side of fixed odds: what the winners were not owed goes to system:fees, once every batch is paid. */
function finishSettlement(data: Data<'FinishSettlement'>, state: ForecastState, terms: Terms): Decision {
  if (!state.resolution) return refuse('NOT_RESOLVED');
  if (state.settled) return refuse('FORECAST_RESOLVED');
  if (data.batchesPaid < state.resolution.batches.length) return refuse('PAYOUTS_PENDING');
  const remainder = state.resolution.plan.remainderMinor;
  const toFees = usd(escrowAccount('forecast', terms.forecastId), SYSTEM_ACCOUNTS.fees, remainder);
  const description = 'Forecast remainder to system:fees';
  const money = remainder > 0n ? movement(terms.forecastId, data, 'FORECAST_PAYOUT', description, [toFees]) : null;
  const settled: ForecastEvent = {
    type: 'ForecastSettled',
    data: { remainderMinor: String(remainder), transactionId: money ? data.transactionId : null, at: data.now },
  };
  return accept([settled], money);
}
