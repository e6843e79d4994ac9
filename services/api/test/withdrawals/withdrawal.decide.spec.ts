import { DEFAULT_WITHDRAWAL_METHODS, type WithdrawalEvent } from '@app/contracts/withdrawals';
import {
  decideWithdrawal,
  evolveWithdrawal,
  feeOf,
  initialWithdrawal,
  type WithdrawalCommand,
  type WithdrawalDecision,
  type WithdrawalState,
} from '../../src/modules/withdrawals/domain/withdrawal';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<WithdrawalCommand, WithdrawalState, WithdrawalEvent, WithdrawalDecision>({
  decide: decideWithdrawal,
  evolve: evolveWithdrawal,
  initialState: initialWithdrawal,
});

const now = '2026-11-25T10:00:00.000Z';
const paypal = DEFAULT_WITHDRAWAL_METHODS.find((method) => method.method_name === 'paypal')!;
const bank = DEFAULT_WITHDRAWAL_METHODS.find((method) => method.method_name === 'bank_transfer')!;
const GEM = 10_000n;
/** USD minor units per dollar (scale 4). */
const DOLLAR = 10_000n;
const usdTerms = { minAmountMinor: 10n * DOLLAR, feePercentage: 1.5 };
const request = (
  gems: bigint,
  overrides: Partial<Extract<WithdrawalCommand, { type: 'RequestWithdrawal' }>['data']> = {},
): WithdrawalCommand => ({
  type: 'RequestWithdrawal',
  data: {
    withdrawalId: 'w1',
    userId: 'u1',
    holdId: 'withdrawal-w1',
    amountMinor: gems * GEM,
    method: paypal,
    currency: 'gems',
    usdTerms,
    holdDays: 30,
    isDemo: false,
    encryptedDetails: 'v1.x',
    maskedDetails: { email_address: 'a***@example.com' },
    now,
    ...overrides,
  },
});
const requested: WithdrawalEvent = {
  type: 'WithdrawalRequested',
  data: {
    withdrawalId: 'w1',
    userId: 'u1',
    holdId: 'withdrawal-w1',
    amountMinor: '2000000',
    feeMinor: '50000',
    feePercentage: 2.5,
    method: 'paypal',
    encryptedDetails: 'v1.x',
    maskedDetails: { email_address: 'a***@example.com' },
    requestedAt: now,
  },
};
const processed: WithdrawalEvent = {
  type: 'WithdrawalProcessed',
  data: {
    withdrawalId: 'w1',
    userId: 'u1',
    amountMinor: '2000000',
    payoutReference: 'po_1',
    transactionId: 'tx',
    processedAt: now,
  },
};
const failed: WithdrawalEvent = {
  type: 'WithdrawalFailed',
  data: { withdrawalId: 'w1', userId: 'u1', amountMinor: '2000000', reason: 'refused', failedAt: now },
};
const holdExpiry = '2026-12-25T10:00:00.000Z';
const placeHold = (currency: 'gems' | 'usd', amountMinor: bigint, description: string) => ({
  type: 'PlaceHold',
  data: {
    holdId: 'withdrawal-w1',
    userId: 'u1',
    currency,
    amountMinor,
    expiresAt: holdExpiry,
    reasonCode: 'WITHDRAWAL',
    description,
    now,
  },
});
const complete: WithdrawalCommand = {
  type: 'CompletePayout',
  data: { payoutReference: 'po_1', transactionId: 'tx', now },
};
const fail: WithdrawalCommand = { type: 'FailPayout', data: { reason: 'refused', now } };

describe('withdrawal lifecycle', () => {
  it('requests 200 gems with the method’s fee (2.5 % → 5 gems), the whole amount held by the ledger for the hold period', () => {
    spec
      .given()
      .when(request(200n))
      .then({ events: [requested], money: placeHold('gems', 200n * GEM, 'Withdrawal via paypal') });
    spec
      .given()
      .when(request(200n, { holdDays: 1 }))
      .then({
        money: {
          ...placeHold('gems', 200n * GEM, 'Withdrawal via paypal'),
          data: expect.objectContaining({ expiresAt: '2026-11-26T10:00:00.000Z' }),
        },
      });
  });

  it('refuses demo sandboxes, less than 200 gems, an unknown or inactive method and less than the method’s minimum', () => {
    spec
      .given()
      .when(request(200n, { isDemo: true }))
      .thenRefused('DEMO_ACCOUNTS_MUST_NOT_WITHDRAW');
    spec.given().when(request(199n)).thenRefused('AMOUNT_MUST_BE_AT_LEAST_200_GEMS');
    spec
      .given()
      .when(request(200n, { amountMinor: 200n * GEM - 1n }))
      .thenRefused('AMOUNT_MUST_BE_AT_LEAST_200_GEMS');
    spec
      .given()
      .when(request(200n, { method: undefined }))
      .thenRefused('METHOD_MUST_BE_OFFERED');
    spec
      .given()
      .when(request(200n, { method: { ...paypal, is_active: false } }))
      .thenRefused('METHOD_MUST_BE_OFFERED');
    spec
      .given()
      .when(request(499n, { method: bank }))
      .thenRefused('AMOUNT_MUST_REACH_THE_METHOD_MINIMUM');
    spec.given([requested]).when(request(200n)).thenRefused('WITHDRAWAL_MUST_BE_NEW');
  });

  it('resolves once: processed (the hold captured) or failed (the hold released), never both, never twice', () => {
    // Processed: the hold captured, the payout to system:withdrawals and the fee to system:fees.
    spec
      .given([requested])
      .when(complete)
      .then({
        events: [processed],
        money: {
          type: 'CaptureHold',
          data: {
            holdId: 'withdrawal-w1',
            userId: 'u1',
            amountMinor: 1_950_000n,
            creditAccount: 'system:withdrawals',
            fee: { creditAccount: 'system:fees', amountMinor: 50_000n },
            transactionId: 'tx',
            reasonCode: 'WITHDRAWAL',
            description: 'Withdrawal via paypal (fee 2.5%)',
            now,
          },
        },
      });
    // Failed: the hold released, nothing paid out.
    spec
      .given([requested])
      .when(fail)
      .then({ events: [failed], money: { type: 'ReleaseHold', data: { holdId: 'withdrawal-w1', userId: 'u1', now } } });
    expect(spec.given([requested, processed]).when(complete).decision).toEqual({ kind: 'duplicate' });
    expect(spec.given([requested, failed]).when(fail).decision).toEqual({ kind: 'duplicate' });
    spec.given([requested, processed]).when(fail).thenRefused('WITHDRAWAL_MUST_BE_PENDING');
    spec.given([requested, failed]).when(complete).thenRefused('WITHDRAWAL_MUST_BE_PENDING');
    spec.given().when(complete).thenRefused('WITHDRAWAL_MUST_EXIST');
  });

  it('rounds the fee down to the gem minor unit', () => {
    expect(feeOf(2_000_000n, 2.5)).toBe(50_000n);
    expect(feeOf(2_000_001n, 1.5)).toBe(30_000n);
    expect(feeOf(2_000_000n, 0)).toBe(0n);
  });

  it('USD: its own minimum and fee (not the 200-gem floor nor the method’s), whole cents, the fee rounded down to the cent', () => {
    const usd = (
      amountMinor: bigint,
      overrides: Partial<Extract<WithdrawalCommand, { type: 'RequestWithdrawal' }>['data']> = {},
    ) => request(0n, { currency: 'usd', amountMinor, method: bank, ...overrides });
    // $12.34 at 1.5 % is 18.51 cents: 18 cents. The bank method's 500 (gems) minimum does not apply.
    spec
      .given()
      .when(usd(123_400n))
      .then({
        events: [
          {
            type: 'WithdrawalRequested',
            data: {
              ...requested.data,
              amountMinor: '123400',
              feeMinor: '1800',
              feePercentage: 1.5,
              method: 'bank_transfer',
              currency: 'usd',
            },
          },
        ],
        money: placeHold('usd', 123_400n, 'USD withdrawal via bank_transfer'),
      });
    spec
      .given()
      .when(usd(10n * DOLLAR - 100n))
      .thenRefused('AMOUNT_MUST_REACH_THE_USD_MINIMUM');
    spec
      .given()
      .when(usd(10n * DOLLAR + 1n))
      .thenRefused('USD_AMOUNT_MUST_BE_WHOLE_CENTS');
    spec
      .given()
      .when(usd(20n * DOLLAR, { method: undefined }))
      .thenRefused('METHOD_MUST_BE_OFFERED');
    spec
      .given()
      .when(usd(20n * DOLLAR, { isDemo: true }))
      .thenRefused('DEMO_ACCOUNTS_MUST_NOT_WITHDRAW');
    // Processed and failed work the same as for gems, and name the currency (for the notifications' wording).
    const usdRequested: WithdrawalEvent = { type: 'WithdrawalRequested', data: { ...requested.data, currency: 'usd' } };
    spec
      .given([usdRequested])
      .when(complete)
      .then([{ ...processed, data: { ...processed.data, currency: 'usd' } } as WithdrawalEvent]);
    const usdFree: WithdrawalEvent = {
      type: 'WithdrawalRequested',
      data: {
        ...requested.data,
        amountMinor: '123400',
        feeMinor: '0',
        feePercentage: 0,
        method: 'bank_transfer',
        currency: 'usd',
      },
    };
    // No fee: the capture has no fee leg.
    spec
      .given([usdFree])
      .when(complete)
      .then({
        money: {
          type: 'CaptureHold',
          data: {
            holdId: 'withdrawal-w1',
            userId: 'u1',
            amountMinor: 123_400n,
            creditAccount: 'system:withdrawals',
            transactionId: 'tx',
            reasonCode: 'WITHDRAWAL',
            description: 'USD withdrawal via bank_transfer (fee 0%)',
            now,
          },
        },
      });
    spec
      .given([usdRequested])
      .when(fail)
      .then([{ ...failed, data: { ...failed.data, currency: 'usd' } } as WithdrawalEvent]);
  });
});
