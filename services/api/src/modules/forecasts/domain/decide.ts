import { forecastStreamId, PAYOUT_BATCH_SIZE, payoutBatchStreamId, settlingObservation, winningSideFor, type ForecastEvent, type ForecastMetric, type ForecastState, type ObservationSource, type Side } from './forecast';
import { planPayouts } from './payouts';

/** Ledger account ids as the ledger spells them; the domain imports no module. */
export const accounts = {
  user: (userId: string) => `user:${userId}`,
  escrow: (forecastId: string) => `escrow:forecast:${forecastId}`,
  fees: 'system:fees',
};

export interface Posting {
  debitAccount: string;
  creditAccount: string;
  currency: 'usd';
  amountMinor: bigint;
}

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

export type Decision =
  | { kind: 'accepted'; events: ForecastEvent[]; postings: Posting[] }
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
  | { type: 'PlacePrediction'; data: { predictionId: string; user: { id: string; isDemo: boolean }; side: Side; amountMinor: bigint; transactionId: string; now: string } }
  | { type: 'RecordObservation'; data: { value: number; observedAt: string; source: ObservationSource; recordedBy: string | null; now: string } }
  | { type: 'ResolveForecast'; data: { now: string } }
  /**
   * Pays batch `batchIndex` of the plan, one posting per user; `alreadyPaid`: its stream exists. `refusedUserIds`:
   * users of the batch the ledger refused to credit (an archived demo sandbox): their payout stays in the escrow,
   * recorded as unpaid, and the batch counts as done so settlement goes on.
   */
  | { type: 'PayBatch'; data: { batchIndex: number; alreadyPaid: boolean; transactionId: string; refusedUserIds?: readonly string[]; now: string } }
  /** `batchesPaid`: how many payout batches are recorded (read in the unit of work). */
  | { type: 'FinishSettlement'; data: { batchesPaid: number; transactionId: string; now: string } };

const refuse = (refusal: ForecastRefusal): Decision => ({ kind: 'refused', refusal });
const accept = (events: ForecastEvent[], postings: Posting[] = []): Decision => ({ kind: 'accepted', events, postings });
const isPast = (at: string, now: string) => Date.parse(now) >= Date.parse(at);

export { forecastStreamId, payoutBatchStreamId };

export function decideForecast(command: ForecastCommand, state: ForecastState): Decision {
  if (command.type === 'CreateForecast') {
    const data = command.data;
    if (state.terms) return refuse('FORECAST_EXISTS');
    if (isPast(data.expiresAt, data.now)) return refuse('EXPIRES_IN_PAST');
    return accept(
      [
        {
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
        },
        { type: 'PredictionPlaced', data: { predictionId: data.predictionId, userId: data.creator.id, side: data.side, amountMinor: String(data.amountMinor), isCreator: true, transactionId: data.transactionId, at: data.now } },
      ],
      [{ debitAccount: accounts.user(data.creator.id), creditAccount: accounts.escrow(data.forecastId), currency: 'usd', amountMinor: data.amountMinor }],
    );
  }

  const terms = state.terms;
  if (!terms) return refuse('FORECAST_NOT_FOUND');

  switch (command.type) {
    case 'PlacePrediction': {
      const data = command.data;
      if (state.resolution || state.settled) return refuse('FORECAST_RESOLVED');
      // Closed at expiry, under the stream's version: a stake decided before expiry cannot land after a resolution.
      if (isPast(terms.expiresAt, data.now)) return refuse('FORECAST_EXPIRED');
      if (data.user.isDemo !== terms.sandbox) return refuse('DEMO_ACCOUNT_ISOLATION');
      return accept(
        [{ type: 'PredictionPlaced', data: { predictionId: data.predictionId, userId: data.user.id, side: data.side, amountMinor: String(data.amountMinor), isCreator: false, transactionId: data.transactionId, at: data.now } }],
        [{ debitAccount: accounts.user(data.user.id), creditAccount: accounts.escrow(terms.forecastId), currency: 'usd', amountMinor: data.amountMinor }],
      );
    }
    case 'RecordObservation': {
      const data = command.data;
      if (state.resolution) return refuse('FORECAST_RESOLVED');
      if (data.source === 'oracle' && terms.onPlatform) return refuse('OBSERVED_ON_PLATFORM');
      if (Date.parse(data.observedAt) > Date.parse(data.now)) return refuse('OBSERVATION_IN_FUTURE');
      return accept([{ type: 'ObservationRecorded', data: { value: data.value, observedAt: data.observedAt, source: data.source, recordedBy: data.recordedBy, at: data.now } }]);
    }
    case 'ResolveForecast': {
      if (state.resolution) return refuse('FORECAST_RESOLVED');
      if (!isPast(terms.expiresAt, command.data.now)) return refuse('NOT_EXPIRED_YET');
      const observation = settlingObservation(state);
      if (!observation) return refuse('AWAITING_OBSERVATION');
      const winningSide = winningSideFor(observation.value, terms.targetValue);
      const plan = planPayouts(state.stakes, winningSide, terms.oddsTenths);
      const usersPaid = new Set(plan.payouts.filter((payout) => payout.payoutMinor > 0n).map((payout) => payout.userId)).size;
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
            at: command.data.now,
          },
        },
      ]);
    }
    case 'PayBatch': {
      if (!state.resolution) return refuse('NOT_RESOLVED');
      const batch = state.resolution.batches[command.data.batchIndex];
      if (!batch) return refuse('NOTHING_TO_PAY');
      if (command.data.alreadyPaid) return refuse('BATCH_PAID');
      const refused = new Set(command.data.refusedUserIds ?? []);
      const paid = batch.filter((payout) => !refused.has(payout.userId));
      const postings = paid.map((payout) => ({ debitAccount: accounts.escrow(terms.forecastId), creditAccount: accounts.user(payout.userId), currency: 'usd' as const, amountMinor: payout.amountMinor }));
      const paidMinor = paid.reduce((sum, payout) => sum + payout.amountMinor, 0n);
      const unpaid = batch.filter((payout) => refused.has(payout.userId)).map((payout) => ({ userId: payout.userId, amountMinor: String(payout.amountMinor) }));
      return accept(
        [{ type: 'PayoutBatchPaid', data: { batchIndex: command.data.batchIndex, transactionId: command.data.transactionId, userCount: paid.length, paidMinor: String(paidMinor), ...(unpaid.length > 0 ? { unpaid } : {}), at: command.data.now } }],
        postings,
      );
    }
    case 'FinishSettlement': {
      if (!state.resolution) return refuse('NOT_RESOLVED');
      if (state.settled) return refuse('FORECAST_RESOLVED');
      if (command.data.batchesPaid < state.resolution.batches.length) return refuse('PAYOUTS_PENDING');
      const remainder = state.resolution.plan.remainderMinor;
      const postings: Posting[] = remainder > 0n ? [{ debitAccount: accounts.escrow(terms.forecastId), creditAccount: accounts.fees, currency: 'usd', amountMinor: remainder }] : [];
      return accept([{ type: 'ForecastSettled', data: { remainderMinor: String(remainder), transactionId: remainder > 0n ? command.data.transactionId : null, at: command.data.now } }], postings);
    }
  }
}
