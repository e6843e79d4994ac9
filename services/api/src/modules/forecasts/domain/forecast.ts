import type { ForecastEvent, ForecastSide, ForecastType } from '@app/contracts/forecasts';
import { planPayouts, payoutsByUser, type PayoutPlan, type Stake } from './payouts';

/**
 * One forecast is one stream, `forecast-<id>`: its terms, every stake (the creator's first), its observations and
 * its settlement. Every command on a forecast decides on this stream with the version it loaded, so a stake and the
 * forecast's closing cannot interleave, and each payout batch is appended once.
 */
export const forecastStreamId = (forecastId: string) => `forecast-${forecastId}`;
/**
 * Each payout batch of a settlement is its own stream, created once (expected version: no stream): batches are paid
 * in parallel, and none twice, whatever runs concurrently.
 */
export const payoutBatchStreamId = (forecastId: string, batchIndex: number) =>
  `forecast-${forecastId}-payouts-${batchIndex}`;

export type { ForecastEvent, ObservationSource } from '@app/contracts/forecasts';
export type Side = ForecastSide;
export type ForecastMetric = ForecastType;

/**
 * Users paid per unit of work at settlement (README "Settlement"): each batch is one append of the batch's event (on
 * its own stream) with one ledger transaction per user (a transaction touching many users is copied onto each of their
 * streams, so one transaction for the whole batch would cost batch² postings).
 */
export const PAYOUT_BATCH_SIZE = 250;

export type ForecastTerms = Extract<ForecastEvent, { type: 'ForecastCreated' }>['data'];

export interface ForecastState {
  terms: ForecastTerms | null;
  stakes: Stake[];
  poolMinor: bigint;
  observations: Array<{ value: number; observedAt: string }>;
  resolution: {
    value: number;
    winningSide: Side;
    plan: PayoutPlan;
    batches: Array<Array<{ userId: string; amountMinor: bigint }>>;
  } | null;
  settled: boolean;
}

export const initialForecast = (): ForecastState => ({
  terms: null,
  stakes: [],
  poolMinor: 0n,
  observations: [],
  resolution: null,
  settled: false,
});

/** The payouts per user cut into batches of `PAYOUT_BATCH_SIZE` users, in the order users first staked. */
export function payoutBatches(plan: PayoutPlan): Array<Array<{ userId: string; amountMinor: bigint }>> {
  const byUser = payoutsByUser(plan);
  const batches: Array<Array<{ userId: string; amountMinor: bigint }>> = [];
  for (let index = 0; index < byUser.length; index += PAYOUT_BATCH_SIZE)
    batches.push(byUser.slice(index, index + PAYOUT_BATCH_SIZE));
  return batches;
}

export function evolveForecast(state: ForecastState, event: ForecastEvent): ForecastState {
  switch (event.type) {
    case 'ForecastCreated':
      return { ...state, terms: event.data };
    case 'PredictionPlaced': {
      const amountMinor = BigInt(event.data.amountMinor);
      // The stakes array is appended in place: a forecast may hold 10,000 of them and folds are cached per stream.
      state.stakes.push({
        predictionId: event.data.predictionId,
        userId: event.data.userId,
        side: event.data.side,
        amountMinor,
      });
      return { ...state, poolMinor: state.poolMinor + amountMinor };
    }
    case 'ObservationRecorded':
      return {
        ...state,
        observations: [...state.observations, { value: event.data.value, observedAt: event.data.observedAt }],
      };
    case 'ForecastResolved': {
      // The plan is recomputed from the stakes (deterministic); the event records its totals.
      const plan = planPayouts(state.stakes, event.data.winningSide, state.terms?.oddsTenths ?? 10);
      return {
        ...state,
        resolution: {
          value: event.data.value,
          winningSide: event.data.winningSide,
          plan,
          batches: payoutBatches(plan),
        },
      };
    }
    case 'PayoutBatchPaid':
      // Recorded on the batch's own stream (`payoutBatchStreamId`), not on the forecast's.
      return state;
    case 'ForecastSettled':
      return { ...state, settled: true };
  }
}

/** `over` wins when the observed value reaches the target (value ≥ target); `under` when it stays below. */
export const winningSideFor = (value: number, target: number): Side => (value >= target ? 'over' : 'under');

/** The observation that settles a forecast: the first one observed at or after expiry. */
export function settlingObservation(state: ForecastState): { value: number; observedAt: string } | null {
  if (!state.terms) return null;
  const expiresAt = Date.parse(state.terms.expiresAt);
  return state.observations.find((observation) => Date.parse(observation.observedAt) >= expiresAt) ?? null;
}
