import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerEvent, Posting, TransactionPosted } from '../../src/modules/ledger/domain/events';
import { given } from './given-when-then';

const now = '2026-11-21T10:00:00.000Z';
const alice = 'alice';
const bob = 'bob';

function posted(data: Partial<TransactionPosted> & { postings: Posting[] }): LedgerEvent {
  return {
    type: 'LedgerTransactionPosted',
    data: {
      transactionId: 'seed',
      reasonCode: 'ADJUSTMENT',
      description: 'seed',
      occurredAt: now,
      copyIndex: 0,
      copyCount: 1,
      ...data,
    },
  };
}

const issue = (
  userId: string,
  currency: Posting['currency'],
  amountMinor: bigint,
  transactionId = `seed-${currency}`,
) =>
  posted({
    transactionId,
    postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor }],
  });

describe('OpenUserAccounts', () => {
  it('posts the opening issuance of 25 points and 1 key to a new user', () => {
    given()
      .when({ type: 'OpenUserAccounts', data: { userId: alice, transactionId: 't1', now } })
      .thenEvents({
        [alice]: [
          { type: 'LedgerAccountOpened', data: { userId: alice, openedAt: now } },
          posted({
            transactionId: 't1',
            reasonCode: 'ACCOUNT_OPENING',
            description: 'Welcome bonus',
            postings: [
              {
                debitAccount: SYSTEM_ACCOUNTS.issuance,
                creditAccount: userAccount(alice),
                currency: 'points',
                amountMinor: 250n,
              },
              {
                debitAccount: SYSTEM_ACCOUNTS.issuance,
                creditAccount: userAccount(alice),
                currency: 'keys',
                amountMinor: 1n,
              },
            ],
          }),
        ],
      });
  });

  it('changes nothing when the accounts are already open', () => {
    given({ [alice]: [{ type: 'LedgerAccountOpened', data: { userId: alice, openedAt: now } }] })
      .when({ type: 'OpenUserAccounts', data: { userId: alice, transactionId: 't2', now } })
      .thenEvents({ [alice]: [] });
  });
});

describe('FundDemoPersona', () => {
  it('tops an advertiser up to the floors, moves included, and records the day', () => {
    const { decision } = given({ [alice]: [issue(alice, 'points', 10_000n), issue(alice, 'gold', 600n)] }).when({
      type: 'FundDemoPersona',
      data: { userId: alice, persona: 'advertiser', transactionId: 'fund-1', now },
    });
    expect(decision.kind).toBe('accepted');
    if (decision.kind !== 'accepted') return;
    const events = decision.userEvents.get(alice)!;
    expect(events.map((event) => event.type)).toEqual([
      'LedgerAccountOpened',
      'LedgerTransactionPosted',
      'LedgerDemoPersonaFunded',
    ]);
    const transaction = events[1] as Extract<LedgerEvent, { type: 'LedgerTransactionPosted' }>;
    const byCurrency = Object.fromEntries(
      transaction.data.postings.map((posting) => [posting.currency, posting.amountMinor]),
    );
    // 5,000 points = 50,000 minor; alice has 10,000 minor → 40,000. Gold already above 500 → nothing.
    expect(byCurrency).toEqual({ points: 40_000n, keys: 20n, gems: 10_000_000n, moves: 100_000n });
  });

  it('does nothing a second time on the same UTC day', () => {
    given({
      [alice]: [
        {
          type: 'LedgerDemoPersonaFunded',
          data: { userId: alice, persona: 'creator', utcDay: '2026-11-21', transactionId: 'x' },
        },
      ],
    })
      .when({ type: 'FundDemoPersona', data: { userId: alice, persona: 'creator', transactionId: 'fund-2', now } })
      .thenEvents({ [alice]: [] });
  });

  it('records the day without a transaction when every balance is already above the floor', () => {
    const rich = (['points', 'keys', 'gems', 'gold'] as const).map((currency) => issue(alice, currency, 10n ** 12n));
    // A sandbox (demo funding goes to sandboxes only; see demo-sandbox.decide.spec.ts).
    given({
      [alice]: [{ type: 'LedgerAccountOpened', data: { userId: alice, openedAt: now, sandbox: true } }, ...rich],
    })
      .when({ type: 'FundDemoPersona', data: { userId: alice, persona: 'creator', transactionId: 'fund-3', now } })
      .thenEvents({
        [alice]: [
          {
            type: 'LedgerDemoPersonaFunded',
            data: { userId: alice, persona: 'creator', utcDay: '2026-11-21', transactionId: null },
          },
        ],
      });
  });
});

describe('ConvertCurrency', () => {
  const convert = (fromCurrency: 'points' | 'gems' | 'gold', keys: bigint, at = now) => ({
    type: 'ConvertCurrency' as const,
    data: { userId: alice, fromCurrency, toCurrency: 'keys' as const, keys, transactionId: 'c1', now: at },
  });

  it('turns 500 points into 1 key through the conversion account', () => {
    given({ [alice]: [issue(alice, 'points', 5_000n)] })
      .when(convert('points', 1n))
      .thenEvents({
        [alice]: [
          posted({
            transactionId: 'c1',
            reasonCode: 'CONVERSION',
            description: 'Converted points to 1 key',
            postings: [
              {
                debitAccount: userAccount(alice),
                creditAccount: SYSTEM_ACCOUNTS.conversion,
                currency: 'points',
                amountMinor: 5_000n,
              },
              {
                debitAccount: SYSTEM_ACCOUNTS.conversion,
                creditAccount: userAccount(alice),
                currency: 'keys',
                amountMinor: 1n,
              },
            ],
            conversion: { fromCurrency: 'points', toCurrency: 'keys', keys: 1n, utcDay: '2026-11-21' },
          }),
        ],
      });
  });

  it('turns 2 gems into 1 key and has no daily limit for gems', () => {
    const { decision } = given({ [alice]: [issue(alice, 'gems', 200_000n)] }).when(convert('gems', 10n));
    expect(decision.kind).toBe('accepted');
  });

  it('refuses when the balance does not cover the cost', () => {
    given({ [alice]: [issue(alice, 'points', 4_999n)] })
      .when(convert('points', 1n))
      .thenRefused('BALANCE_MUST_COVER_AMOUNT');
  });

  it('refuses a fourth key from points on the same UTC day', () => {
    const earlier = posted({
      transactionId: 'c0',
      reasonCode: 'CONVERSION',
      postings: [
        {
          debitAccount: SYSTEM_ACCOUNTS.conversion,
          creditAccount: userAccount(alice),
          currency: 'keys',
          amountMinor: 3n,
        },
      ],
      conversion: { fromCurrency: 'points', toCurrency: 'keys', keys: 3n, utcDay: '2026-11-21' },
    });
    given({ [alice]: [issue(alice, 'points', 100_000n), earlier] })
      .when(convert('points', 1n))
      .thenRefused('DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT');
  });

  it('allows keys from points again on the next UTC day', () => {
    const earlier = posted({
      transactionId: 'c0',
      reasonCode: 'CONVERSION',
      postings: [
        {
          debitAccount: SYSTEM_ACCOUNTS.conversion,
          creditAccount: userAccount(alice),
          currency: 'keys',
          amountMinor: 3n,
        },
      ],
      conversion: { fromCurrency: 'points', toCurrency: 'keys', keys: 3n, utcDay: '2026-11-21' },
    });
    const { decision } = given({ [alice]: [issue(alice, 'points', 100_000n), earlier] }).when(
      convert('points', 3n, '2026-11-22T00:00:00.000Z'),
    );
    expect(decision.kind).toBe('accepted');
  });

  it('refuses 4 keys from points at once', () => {
    given({ [alice]: [issue(alice, 'points', 100_000n)] })
      .when(convert('points', 4n))
      .thenRefused('DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT');
  });

  it('refuses any other currency pair', () => {
    given({ [alice]: [issue(alice, 'gold', 1_000n)] })
      .when(convert('gold', 1n))
      .thenRefused('CONVERSION_MUST_BE_POINTS_OR_GEMS_TO_KEYS');
  });

  it('refuses zero keys', () => {
    given({ [alice]: [issue(alice, 'points', 100_000n)] })
      .when(convert('points', 0n))
      .thenRefused('AMOUNT_MUST_BE_POSITIVE');
  });
});

describe('PostTransaction', () => {
  const tip = (amountMinor: bigint): Posting => ({
    debitAccount: userAccount(alice),
    creditAccount: userAccount(bob),
    currency: 'gems',
    amountMinor,
  });
  const fee = (amountMinor: bigint): Posting => ({
    debitAccount: userAccount(alice),
    creditAccount: SYSTEM_ACCOUNTS.fees,
    currency: 'gems',
    amountMinor,
  });

  it('records one identical copy per user stream, copy 0 for the first user id', () => {
    const postings = [tip(9_750n), fee(250n)];
    const command = {
      type: 'PostTransaction' as const,
      data: { transactionId: 'tip-1', reasonCode: 'TIP' as const, description: 'Tip', postings, now },
    };
    const base = { transactionId: 'tip-1', reasonCode: 'TIP' as const, description: 'Tip', postings };
    given({ [alice]: [issue(alice, 'gems', 10_000n)] })
      .when(command)
      .thenEvents({
        [alice]: [posted({ ...base, copyIndex: 0, copyCount: 2 })],
        [bob]: [posted({ ...base, copyIndex: 1, copyCount: 2 })],
      });
  });

  it('refuses when the payer would go below zero across several legs', () => {
    given({ [alice]: [issue(alice, 'gems', 9_999n)] })
      .when({
        type: 'PostTransaction',
        data: {
          transactionId: 'tip-2',
          reasonCode: 'TIP',
          description: 'Tip',
          postings: [tip(9_750n), fee(250n)],
          now,
        },
      })
      .thenRefused('BALANCE_MUST_COVER_AMOUNT');
  });

  it('lets system accounts go below zero and journals a transaction without user accounts', () => {
    const postings: Posting[] = [
      { debitAccount: SYSTEM_ACCOUNTS.fees, creditAccount: 'escrow:drop:d1', currency: 'gems', amountMinor: 5n },
    ];
    given()
      .when({
        type: 'PostTransaction',
        data: { transactionId: 'sys-1', reasonCode: 'ADJUSTMENT', description: 'x', postings, now },
      })
      .thenEvents({}, [posted({ transactionId: 'sys-1', reasonCode: 'ADJUSTMENT', description: 'x', postings })]);
  });

  it('refuses a posting of zero or a negative amount', () => {
    given({ [alice]: [issue(alice, 'gems', 10_000n)] })
      .when({
        type: 'PostTransaction',
        data: { transactionId: 'z', reasonCode: 'TIP', description: 'x', postings: [tip(0n)], now },
      })
      .thenRefused('AMOUNT_MUST_BE_POSITIVE');
  });

  it('refuses a posting from an account to itself', () => {
    const postings: Posting[] = [{ ...tip(1n), creditAccount: userAccount(alice) }];
    given({ [alice]: [issue(alice, 'gems', 10_000n)] })
      .when({
        type: 'PostTransaction',
        data: { transactionId: 'z', reasonCode: 'TIP', description: 'x', postings, now },
      })
      .thenRefused('POSTING_MUST_MOVE_BETWEEN_TWO_ACCOUNTS');
  });
});

describe('holds', () => {
  const deadline = '2026-11-22T10:00:00.000Z';
  const placed: LedgerEvent = {
    type: 'LedgerHoldPlaced',
    data: {
      holdId: 'h1',
      userId: alice,
      currency: 'gems',
      amountMinor: 6_000n,
      expiresAt: deadline,
      reasonCode: 'WITHDRAWAL',
      description: 'w',
      placedAt: now,
    },
  };
  const funded = issue(alice, 'gems', 10_000n);

  it('places a hold the available balance covers', () => {
    given({ [alice]: [funded] })
      .when({ type: 'PlaceHold', data: { ...placed.data, amountMinor: 6_000n, now } as never })
      .thenEvents({ [alice]: [placed] });
  });

  it('counts open holds against the available balance', () => {
    given({ [alice]: [funded, placed] })
      .when({
        type: 'PostTransaction',
        data: {
          transactionId: 't',
          reasonCode: 'TIP',
          description: 'x',
          postings: [
            {
              debitAccount: userAccount(alice),
              creditAccount: SYSTEM_ACCOUNTS.fees,
              currency: 'gems',
              amountMinor: 4_001n,
            },
          ],
          now,
        },
      })
      .thenRefused('BALANCE_MUST_COVER_AMOUNT');
  });

  it('refuses a hold id used before', () => {
    given({ [alice]: [funded, placed] })
      .when({ type: 'PlaceHold', data: { ...placed.data, amountMinor: 1n, now } as never })
      .thenRefused('HOLD_MUST_BE_NEW');
  });

  it('refuses a hold larger than the available balance', () => {
    given({ [alice]: [funded, placed] })
      .when({ type: 'PlaceHold', data: { ...placed.data, holdId: 'h2', amountMinor: 4_001n, now } as never })
      .thenRefused('BALANCE_MUST_COVER_AMOUNT');
  });

  it('captures part of a hold to a system account and releases the rest', () => {
    given({ [alice]: [funded, placed] })
      .when({
        type: 'CaptureHold',
        data: {
          holdId: 'h1',
          userId: alice,
          amountMinor: 5_000n,
          creditAccount: SYSTEM_ACCOUNTS.withdrawals,
          transactionId: 'cap',
          reasonCode: 'WITHDRAWAL',
          description: 'Withdrawal',
          now,
        },
      })
      .thenEvents({
        [alice]: [
          {
            type: 'LedgerHoldCaptured',
            data: {
              holdId: 'h1',
              userId: alice,
              currency: 'gems',
              capturedMinor: 5_000n,
              releasedMinor: 1_000n,
              transactionId: 'cap',
              capturedAt: now,
            },
          },
          posted({
            transactionId: 'cap',
            reasonCode: 'WITHDRAWAL',
            description: 'Withdrawal',
            holdId: 'h1',
            postings: [
              {
                debitAccount: userAccount(alice),
                creditAccount: SYSTEM_ACCOUNTS.withdrawals,
                currency: 'gems',
                amountMinor: 5_000n,
              },
            ],
          }),
        ],
      });
  });

  const capture = (amountMinor: bigint, at = now, creditAccount: string = SYSTEM_ACCOUNTS.withdrawals) => ({
    type: 'CaptureHold' as const,
    data: {
      holdId: 'h1',
      userId: alice,
      amountMinor,
      creditAccount,
      transactionId: 'cap',
      reasonCode: 'WITHDRAWAL' as const,
      description: 'w',
      now: at,
    },
  });
  const released: LedgerEvent = {
    type: 'LedgerHoldReleased',
    data: { holdId: 'h1', userId: alice, currency: 'gems', amountMinor: 6_000n, reason: 'released', releasedAt: now },
  };

  it('refuses capturing more than the hold', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(6_001n))
      .thenRefused('CAPTURE_MUST_NOT_EXCEED_HOLD');
  });

  it('refuses capturing at or after the deadline', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1n, deadline))
      .thenRefused('HOLD_MUST_NOT_HAVE_EXPIRED');
  });

  it('refuses capturing into a user account', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1n, now, userAccount(bob)))
      .thenRefused('CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT');
  });

  it('refuses capturing an unknown hold', () => {
    given({ [alice]: [funded] })
      .when(capture(1n))
      .thenRefused('HOLD_MUST_EXIST');
  });

  it('resolves a hold once: a released hold cannot be captured, released or expired', () => {
    const history = { [alice]: [funded, placed, released] };
    given(history).when(capture(1n)).thenRefused('HOLD_MUST_BE_OPEN');
    given(history)
      .when({ type: 'ReleaseHold', data: { holdId: 'h1', userId: alice, now } })
      .thenRefused('HOLD_MUST_BE_OPEN');
    given(history)
      .when({ type: 'ExpireHold', data: { holdId: 'h1', userId: alice, now: deadline } })
      .thenRefused('HOLD_MUST_BE_OPEN');
  });

  it('releases an open hold', () => {
    given({ [alice]: [funded, placed] })
      .when({ type: 'ReleaseHold', data: { holdId: 'h1', userId: alice, now } })
      .thenEvents({ [alice]: [released] });
  });

  it('expires a hold only once its deadline has passed', () => {
    given({ [alice]: [funded, placed] })
      .when({ type: 'ExpireHold', data: { holdId: 'h1', userId: alice, now } })
      .thenRefused('HOLD_MUST_HAVE_REACHED_ITS_DEADLINE');
    given({ [alice]: [funded, placed] })
      .when({ type: 'ExpireHold', data: { holdId: 'h1', userId: alice, now: deadline } })
      .thenEvents({
        [alice]: [
          {
            type: 'LedgerHoldReleased',
            data: {
              holdId: 'h1',
              userId: alice,
              currency: 'gems',
              amountMinor: 6_000n,
              reason: 'expired',
              releasedAt: deadline,
            },
          },
        ],
      });
  });
});

describe('ReverseTransaction', () => {
  const original = posted({
    transactionId: 'tip-1',
    reasonCode: 'TIP',
    postings: [
      { debitAccount: userAccount(alice), creditAccount: userAccount(bob), currency: 'gems', amountMinor: 100n },
    ],
    copyCount: 2,
  });
  const originalData = (original as Extract<LedgerEvent, { type: 'LedgerTransactionPosted' }>).data;
  const reverse = {
    type: 'ReverseTransaction' as const,
    data: { originalTransactionId: 'tip-1', reversalTransactionId: 'rev-1', description: 'Refund', now },
  };

  it('posts the mirrored postings as a new transaction linked to the original', () => {
    const mirrored = [
      {
        debitAccount: userAccount(bob),
        creditAccount: userAccount(alice),
        currency: 'gems' as const,
        amountMinor: 100n,
      },
    ];
    const base = {
      transactionId: 'rev-1',
      reasonCode: 'REVERSAL' as const,
      description: 'Refund',
      postings: mirrored,
      reversesTransactionId: 'tip-1',
    };
    given({ [bob]: [original] }, { original: originalData, reversedBy: null })
      .when(reverse)
      .thenEvents({
        [alice]: [posted({ ...base, copyIndex: 0, copyCount: 2 })],
        [bob]: [posted({ ...base, copyIndex: 1, copyCount: 2 })],
      });
  });

  it('refuses a second reversal', () => {
    given({ [bob]: [original] }, { original: originalData, reversedBy: 'rev-0' })
      .when(reverse)
      .thenRefused('TRANSACTION_MUST_NOT_BE_REVERSED_TWICE');
  });

  it('refuses when the receiver has spent the money', () => {
    given({}, { original: originalData, reversedBy: null }).when(reverse).thenRefused('BALANCE_MUST_COVER_AMOUNT');
  });

  it('refuses an unknown transaction', () => {
    given({}, { original: null, reversedBy: null }).when(reverse).thenRefused('TRANSACTION_MUST_EXIST');
  });

  it('refuses reversing a reversal', () => {
    given(
      { [alice]: [issue(alice, 'gems', 1_000n)] },
      { original: { ...originalData, reversesTransactionId: 'x' }, reversedBy: null },
    )
      .when(reverse)
      .thenRefused('REVERSAL_MUST_NOT_BE_REVERSED');
  });
});
