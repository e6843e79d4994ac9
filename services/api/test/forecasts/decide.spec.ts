import { decideForecast, type Decision, type ForecastCommand } from '../../src/modules/forecasts/domain/decide';
import {
  evolveForecast,
  initialForecast,
  PAYOUT_BATCH_SIZE,
  type ForecastEvent,
  type ForecastState,
} from '../../src/modules/forecasts/domain/forecast';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<ForecastCommand, ForecastState, ForecastEvent, Decision>({
  decide: decideForecast,
  evolve: evolveForecast,
  initialState: initialForecast,
});
const created = '2026-11-25T10:00:00.000Z';
const before = '2026-11-26T09:00:00.000Z';
const expiry = '2026-11-26T10:00:00.000Z';
const after = '2026-11-26T11:00:00.000Z';

const forecastCreated = (
  overrides: Partial<Extract<ForecastEvent, { type: 'ForecastCreated' }>['data']> = {},
): ForecastEvent => ({
  type: 'ForecastCreated',
  data: {
    forecastId: 'f1',
    creatorId: 'creator',
    sandbox: false,
    contentId: null,
    contentUrl: 'https://example.com/v/1',
    platform: 'tiktok',
    contentTitle: null,
    onPlatform: false,
    forecastType: 'views',
    targetValue: 1000,
    oddsTenths: 20,
    expiresAt: expiry,
    at: created,
    ...overrides,
  },
});
const staked = (
  predictionId: string,
  userId: string,
  side: 'over' | 'under',
  amountMinor: bigint,
  isCreator = false,
): ForecastEvent => ({
  type: 'PredictionPlaced',
  data: {
    predictionId,
    userId,
    side,
    amountMinor: String(amountMinor),
    isCreator,
    transactionId: `t-${predictionId}`,
    at: created,
  },
});
const observed = (value: number, observedAt: string, source: 'platform' | 'oracle' = 'oracle'): ForecastEvent => ({
  type: 'ObservationRecorded',
  data: { value, observedAt, source, recordedBy: 'admin', at: observedAt },
});
const USD = 10_000n; // minor units per dollar
const opened = [forecastCreated(), staked('p0', 'creator', 'over', 10n * USD, true)];
const predict = (
  userId: string,
  side: 'over' | 'under',
  amountMinor: bigint,
  now = before,
  isDemo = false,
): ForecastCommand => ({
  type: 'PlacePrediction',
  data: {
    predictionId: `p-${userId}`,
    user: { id: userId, isDemo },
    side,
    amountMinor,
    transactionId: `t-${userId}`,
    now,
  },
});
/** The USD transaction a decision moves, referenced by the forecast. */
const usdMovement = (
  transactionId: string,
  reasonCode: string,
  description: string,
  postings: Array<[string, string, bigint]>,
  now: string,
) => ({
  transactionId,
  reasonCode,
  description,
  postings: postings.map(([debitAccount, creditAccount, amountMinor]) => ({
    debitAccount,
    creditAccount,
    currency: 'usd',
    amountMinor,
  })),
  now,
  references: { forecastId: 'f1' },
});
const resolvedWith = (events: ForecastEvent[]): ForecastEvent[] => {
  const state = events.reduce(evolveForecast, initialForecast());
  const decision = decideForecast({ type: 'ResolveForecast', data: { now: after } }, state);
  if (decision.kind !== 'accepted') throw new Error(`not resolved: ${decision.refusal}`);
  return [...events, ...decision.events];
};

describe('forecast decider', () => {
  it("creates a forecast with the creator's stake moved from their USD into the forecast's escrow", () => {
    spec
      .given([])
      .when({
        type: 'CreateForecast',
        data: {
          forecastId: 'f1',
          creator: { id: 'creator', isDemo: false },
          contentId: null,
          contentUrl: 'https://example.com/v/1',
          platform: 'tiktok',
          contentTitle: null,
          onPlatform: false,
          forecastType: 'views',
          targetValue: 1000,
          oddsTenths: 20,
          expiresAt: expiry,
          predictionId: 'p0',
          side: 'over',
          amountMinor: 10n * USD,
          transactionId: 't0',
          now: created,
        },
      })
      .then({
        events: opened.map((event) => ({
          ...event,
          data: { ...event.data, ...(event.type === 'PredictionPlaced' ? { transactionId: 't0' } : {}) },
        })),
        money: usdMovement(
          't0',
          'PREDICTION',
          'Forecast stake (over)',
          [['user:creator', 'escrow:forecast:f1', 10n * USD]],
          created,
        ),
        payouts: [],
      });
  });

  it('refuses an expiry that is not in the future, and a second creation of the same forecast', () => {
    const create = (now: string, expiresAt = expiry): ForecastCommand => ({
      type: 'CreateForecast',
      data: {
        forecastId: 'f1',
        creator: { id: 'c', isDemo: false },
        contentId: null,
        contentUrl: 'u',
        platform: null,
        contentTitle: null,
        onPlatform: false,
        forecastType: 'likes',
        targetValue: 1,
        oddsTenths: 15,
        expiresAt,
        predictionId: 'p',
        side: 'under',
        amountMinor: USD,
        transactionId: 't',
        now,
      },
    });
    spec.given([]).when(create(expiry)).thenRefused('EXPIRES_IN_PAST');
    spec.given([]).when(create(after)).thenRefused('EXPIRES_IN_PAST');
    spec.given(opened).when(create(created)).thenRefused('FORECAST_EXISTS');
  });

  it('takes a stake before expiry into the escrow, and refuses one at or after expiry, on a resolved forecast or across sandboxes', () => {
    spec
      .given(opened)
      .when(predict('ann', 'under', 5n * USD))
      .then({
        events: [
          {
            type: 'PredictionPlaced',
            data: {
              predictionId: 'p-ann',
              userId: 'ann',
              side: 'under',
              amountMinor: String(5n * USD),
              isCreator: false,
              transactionId: 't-ann',
              at: before,
            },
          },
        ],
        money: usdMovement(
          't-ann',
          'PREDICTION',
          'Prediction (under)',
          [['user:ann', 'escrow:forecast:f1', 5n * USD]],
          before,
        ),
      });
    spec
      .given(opened)
      .when(predict('ann', 'under', USD, expiry))
      .thenRefused('FORECAST_EXPIRED');
    spec
      .given(opened)
      .when(predict('ann', 'under', USD, after))
      .thenRefused('FORECAST_EXPIRED');
    spec
      .given(opened)
      .when(predict('demo', 'under', USD, before, true))
      .thenRefused('DEMO_ACCOUNT_ISOLATION');
    spec
      .given(resolvedWith([...opened, observed(1000, expiry)]))
      .when(predict('ann', 'over', USD))
      .thenRefused('FORECAST_RESOLVED');
    spec
      .given([])
      .when(predict('ann', 'over', USD))
      .thenRefused('FORECAST_NOT_FOUND');
  });

  it('records oracle observations on external URLs only, never in the future, and none once resolved', () => {
    const observe = (source: 'platform' | 'oracle', observedAt = before, now = before): ForecastCommand => ({
      type: 'RecordObservation',
      data: { value: 7, observedAt, source, recordedBy: 'admin', now },
    });
    spec
      .given(opened)
      .when(observe('oracle'))
      .then({
        events: [
          {
            type: 'ObservationRecorded',
            data: { value: 7, observedAt: before, source: 'oracle', recordedBy: 'admin', at: before },
          },
        ],
        money: null,
      });
    spec
      .given([forecastCreated({ onPlatform: true, contentId: 'c1' })])
      .when(observe('oracle'))
      .thenRefused('OBSERVED_ON_PLATFORM');
    spec
      .given([forecastCreated({ onPlatform: true, contentId: 'c1' })])
      .when(observe('platform'))
      .then({ money: null, payouts: [] });
    spec
      .given(opened)
      .when(observe('oracle', after, before))
      .thenRefused('OBSERVATION_IN_FUTURE');
    spec
      .given(resolvedWith([...opened, observed(1, after)]))
      .when(observe('oracle', after, after))
      .thenRefused('FORECAST_RESOLVED');
  });

  it('resolves only after expiry on the first observation at or after it: over wins at exactly the target', () => {
    const resolve: ForecastCommand = { type: 'ResolveForecast', data: { now: after } };
    spec
      .given(opened)
      .when({ type: 'ResolveForecast', data: { now: before } })
      .thenRefused('NOT_EXPIRED_YET');
    spec
      .given([...opened, observed(5000, before)])
      .when(resolve)
      .thenRefused('AWAITING_OBSERVATION');
    const decision = spec
      .given([
        ...opened,
        staked('p1', 'ann', 'under', 30n * USD),
        observed(5000, before),
        observed(1000, expiry),
        observed(1, after),
      ])
      .when(resolve)
      .then({ money: null, payouts: [] });
    expect(decision.kind === 'accepted' && decision.events[0]).toMatchObject({
      type: 'ForecastResolved',
      data: {
        value: 1000,
        winningSide: 'over',
        poolMinor: String(40n * USD),
        owedMinor: String(20n * USD),
        paidMinor: String(20n * USD),
        remainderMinor: String(20n * USD),
        proRata: false,
        batchCount: 1,
      },
    });
    const under = spec
      .given([...opened, staked('p1', 'ann', 'under', 30n * USD), observed(999, after)])
      .when(resolve)
      .then({ money: null });
    expect(under.kind === 'accepted' && under.events[0].data).toMatchObject({
      winningSide: 'under',
      owedMinor: String(60n * USD),
      paidMinor: String(40n * USD),
      remainderMinor: '0',
      proRata: true,
    });
    spec
      .given(resolvedWith([...opened, observed(1, after)]))
      .when(resolve)
      .thenRefused('FORECAST_RESOLVED');
  });

  it('pays each batch of the plan out of the escrow once (its own stream), then the remainder to system:fees once', () => {
    const users = Array.from({ length: PAYOUT_BATCH_SIZE + 3 }, (_, index) =>
      staked(`p${index + 1}`, `u${index + 1}`, 'over', USD),
    );
    // Over is owed (10 + n) × 2 out of a pool of 10 + n + 1,000: everyone is paid in full and the rest is left.
    const poolDollars = BigInt(10 + users.length + 1_000);
    const owedDollars = BigInt((10 + users.length) * 2);
    const history = resolvedWith([
      ...opened,
      ...users,
      staked('px', 'loser', 'under', 1_000n * USD),
      observed(2000, after),
    ]);
    const payoutTransactionIds = Array.from({ length: PAYOUT_BATCH_SIZE }, (_, position) => `t-pay-${position}`);
    const pay = (
      batchIndex: number,
      options: { alreadyPaid?: boolean; refusedUserIds?: string[] } = {},
    ): ForecastCommand => ({
      type: 'PayBatch',
      data: {
        batchIndex,
        alreadyPaid: options.alreadyPaid ?? false,
        transactionId: `b${batchIndex}`,
        payoutTransactionIds,
        refusedUserIds: options.refusedUserIds ?? [],
        now: after,
      },
    });
    const finish = (batchesPaid: number): ForecastCommand => ({
      type: 'FinishSettlement',
      data: { batchesPaid, transactionId: 'r', now: after },
    });
    // One FORECAST_PAYOUT transaction per user, escrow → user, each with its own transaction id.
    const first = spec
      .given(history)
      .when(pay(0))
      .then({ money: null, payouts: expect.any(Array) });
    const firstPayouts = first.kind === 'accepted' ? first.payouts : [];
    expect(firstPayouts).toHaveLength(PAYOUT_BATCH_SIZE);
    expect(firstPayouts[0]).toEqual(
      usdMovement(
        't-pay-0',
        'FORECAST_PAYOUT',
        'Forecast payout',
        [['escrow:forecast:f1', 'user:creator', 20n * USD]],
        after,
      ),
    );
    expect(firstPayouts[1]).toEqual(
      usdMovement(
        't-pay-1',
        'FORECAST_PAYOUT',
        'Forecast payout',
        [['escrow:forecast:f1', 'user:u1', 2n * USD]],
        after,
      ),
    );
    // A batch whose stream exists is paid: never twice.
    spec
      .given(history)
      .when(pay(0, { alreadyPaid: true }))
      .thenRefused('BATCH_PAID');
    // A user the ledger refuses to credit (an archived sandbox) is left out; their payout stays in the escrow.
    const second = spec
      .given(history)
      .when(pay(1, { refusedUserIds: ['u253'] }))
      .then({ payouts: expect.any(Array) });
    // u250, u251, u252 (the creator came first), at their positions' transaction ids; u253 (position 3) is not paid.
    expect(
      second.kind === 'accepted' &&
        second.payouts.map((payout) => [payout.transactionId, payout.postings[0]!.creditAccount]),
    ).toEqual([
      ['t-pay-0', 'user:u250'],
      ['t-pay-1', 'user:u251'],
      ['t-pay-2', 'user:u252'],
    ]);
    expect(second.kind === 'accepted' && second.events[0].data).toMatchObject({
      batchIndex: 1,
      userCount: 3,
      paidMinor: String(6n * USD),
      unpaid: [{ userId: 'u253', amountMinor: String(2n * USD) }],
    });
    spec.given(history).when(pay(2)).thenRefused('NOTHING_TO_PAY');
    spec.given(history).when(finish(1)).thenRefused('PAYOUTS_PENDING');
    const finished = spec
      .given(history)
      .when(finish(2))
      .then({
        events: [
          {
            type: 'ForecastSettled',
            data: { remainderMinor: String((poolDollars - owedDollars) * USD), transactionId: 'r', at: after },
          },
        ],
        money: usdMovement(
          'r',
          'FORECAST_PAYOUT',
          'Forecast remainder to system:fees',
          [['escrow:forecast:f1', 'system:fees', (poolDollars - owedDollars) * USD]],
          after,
        ),
      });
    const settled = [...history, ...(finished.kind === 'accepted' ? finished.events : [])];
    spec.given(settled).when(finish(2)).thenRefused('FORECAST_RESOLVED');
    spec.given(opened).when(pay(0)).thenRefused('NOT_RESOLVED');
    spec
      .given([...opened, observed(2000, after)])
      .when(finish(0))
      .thenRefused('NOT_RESOLVED');
  });

  it('moves nothing at settlement when the winners took the whole pool (pro-rata: no remainder)', () => {
    // Under wins 30 × 2 = 60 owed out of a pool of 40: shared pro-rata, nothing left for system:fees.
    const history = resolvedWith([...opened, staked('p1', 'ann', 'under', 30n * USD), observed(999, after)]);
    const paid: ForecastEvent = {
      type: 'PayoutBatchPaid',
      data: { batchIndex: 0, transactionId: 'b0', userCount: 1, paidMinor: String(40n * USD), at: after },
    };
    spec
      .given([...history, paid])
      .when({ type: 'FinishSettlement', data: { batchesPaid: 1, transactionId: 'r', now: after } })
      .then({
        events: [{ type: 'ForecastSettled', data: { remainderMinor: '0', transactionId: null, at: after } }],
        money: null,
        payouts: [],
      });
  });
});
