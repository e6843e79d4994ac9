import { SYSTEM_ACCOUNTS, escrowAccount, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerEvent, Posting } from '../../src/modules/ledger/domain/events';
import { given } from './given-when-then';

/**
 * Demo sandboxes are isolated in the decider itself: each sandbox's stream records, when it is opened, that it is a
 * sandbox; a transaction that touches a sandbox and a real user's account is refused whoever asks for it.
 */
const now = '2026-11-21T10:00:00.000Z';
const demo = 'demo-visitor';
const otherDemo = 'other-demo-visitor';
const real = 'real-user';

const openedSandbox = (userId: string): LedgerEvent => ({
  type: 'LedgerAccountOpened',
  data: { userId, openedAt: now, sandbox: true },
});
const openedReal = (userId: string): LedgerEvent => ({ type: 'LedgerAccountOpened', data: { userId, openedAt: now } });
const issued = (userId: string, currency: Posting['currency'], amountMinor: bigint): LedgerEvent => ({
  type: 'LedgerTransactionPosted',
  data: {
    transactionId: `seed-${userId}-${currency}`,
    reasonCode: 'ADJUSTMENT',
    description: 'seed',
    postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor }],
    occurredAt: now,
    copyIndex: 0,
    copyCount: 1,
  },
});
const transfer = (from: string, to: string, amountMinor = 10n) => ({
  type: 'PostTransaction' as const,
  data: {
    transactionId: 't1',
    reasonCode: 'TRANSFER' as const,
    description: 'transfer',
    postings: [
      { debitAccount: userAccount(from), creditAccount: userAccount(to), currency: 'gems' as const, amountMinor },
    ],
    now,
  },
});

describe('FundDemoPersona opens a sandbox', () => {
  it('records on the new stream that the account is a sandbox', () => {
    const { decision } = given().when({
      type: 'FundDemoPersona',
      data: { userId: demo, persona: 'investor', transactionId: 'f1', now },
    });
    expect(decision.kind).toBe('accepted');
    if (decision.kind !== 'accepted') return;
    const events = decision.userEvents.get(demo)!;
    expect(events[0]).toEqual(openedSandbox(demo));
    const funding = events[1] as Extract<LedgerEvent, { type: 'LedgerTransactionPosted' }>;
    expect(funding.data.reasonCode).toBe('DEMO_FUNDING');
    expect(new Set(funding.data.postings.map((posting) => posting.debitAccount))).toEqual(
      new Set([SYSTEM_ACCOUNTS.issuance]),
    );
  });

  it('refuses to fund a real user whose account is open', () => {
    given({ [real]: [openedReal(real)] })
      .when({ type: 'FundDemoPersona', data: { userId: real, persona: 'advertiser', transactionId: 'f2', now } })
      .thenRefused('DEMO_FUNDING_MUST_GO_TO_A_SANDBOX');
  });
});

describe('No value moves between a sandbox and a real account', () => {
  it('refuses a transfer from a sandbox to a real user', () => {
    given({ [demo]: [openedSandbox(demo), issued(demo, 'gems', 1_000n)], [real]: [openedReal(real)] })
      .when(transfer(demo, real))
      .thenRefused('TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS');
  });

  it('refuses a transfer from a real user to a sandbox', () => {
    given({ [demo]: [openedSandbox(demo)], [real]: [openedReal(real), issued(real, 'gems', 1_000n)] })
      .when(transfer(real, demo))
      .thenRefused('TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS');
  });

  it('refuses a real user who has never been opened as well (a stream that is not a sandbox is real)', () => {
    given({ [demo]: [openedSandbox(demo), issued(demo, 'gems', 1_000n)] })
      .when(transfer(demo, 'never-opened'))
      .thenRefused('TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS');
  });

  it('refuses a reversal that would mix them just the same', () => {
    const original = {
      transactionId: 'old',
      reasonCode: 'TRANSFER' as const,
      description: 'before sandboxes',
      postings: [
        {
          debitAccount: userAccount(real),
          creditAccount: userAccount(demo),
          currency: 'gems' as const,
          amountMinor: 5n,
        },
      ],
      occurredAt: now,
      copyIndex: 0,
      copyCount: 2,
    };
    given(
      { [demo]: [openedSandbox(demo), issued(demo, 'gems', 100n)], [real]: [openedReal(real)] },
      { original, reversedBy: null },
    )
      .when({
        type: 'ReverseTransaction',
        data: { originalTransactionId: 'old', reversalTransactionId: 'r1', description: 'undo', now },
      })
      .thenRefused('TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS');
  });

  it('lets two sandboxes exchange value, and a sandbox use system and escrow accounts', () => {
    const { decision } = given({
      [demo]: [openedSandbox(demo), issued(demo, 'gems', 1_000n)],
      [otherDemo]: [openedSandbox(otherDemo)],
    }).when(transfer(demo, otherDemo));
    expect(decision.kind).toBe('accepted');
    const escrowed = given({ [demo]: [openedSandbox(demo), issued(demo, 'gems', 1_000n)] }).when({
      type: 'PostTransaction',
      data: {
        transactionId: 't2',
        reasonCode: 'DROP_POOL_ESCROW',
        description: 'pool',
        postings: [
          {
            debitAccount: userAccount(demo),
            creditAccount: escrowAccount('drop', 'd1'),
            currency: 'gems',
            amountMinor: 500n,
          },
        ],
        now,
      },
    });
    expect(escrowed.decision.kind).toBe('accepted');
  });

  it('lets real users exchange value as before', () => {
    const { decision } = given({
      [real]: [openedReal(real), issued(real, 'gems', 1_000n)],
      other: [openedReal('other')],
    }).when(transfer(real, 'other'));
    expect(decision.kind).toBe('accepted');
  });
});

describe('ArchiveSandbox', () => {
  it('archives an inactive sandbox once, after which nothing moves in or out of it', () => {
    given({ [demo]: [openedSandbox(demo)] })
      .when({ type: 'ArchiveSandbox', data: { userId: demo, now } })
      .thenEvents({
        [demo]: [{ type: 'LedgerSandboxArchived', data: { userId: demo, archivedAt: now, reason: 'inactive' } }],
      });
    const archived: LedgerEvent = {
      type: 'LedgerSandboxArchived',
      data: { userId: demo, archivedAt: now, reason: 'inactive' },
    };
    given({ [demo]: [openedSandbox(demo), archived] })
      .when({ type: 'ArchiveSandbox', data: { userId: demo, now } })
      .thenEvents({ [demo]: [] });
    given({
      [demo]: [openedSandbox(demo), issued(demo, 'gems', 1_000n), archived],
      [otherDemo]: [openedSandbox(otherDemo)],
    })
      .when(transfer(demo, otherDemo))
      .thenRefused('ACCOUNT_MUST_NOT_BE_ARCHIVED');
    given({ [demo]: [openedSandbox(demo), archived] })
      .when({
        type: 'FundDemoPersona',
        data: { userId: demo, persona: 'creator', transactionId: 'f3', now: '2026-11-22T00:05:00.000Z' },
      })
      .thenEvents({ [demo]: [] });
  });

  it('never archives a real account', () => {
    given({ [real]: [openedReal(real)] })
      .when({ type: 'ArchiveSandbox', data: { userId: real, now } })
      .thenRefused('ONLY_A_SANDBOX_MUST_BE_ARCHIVED');
  });
});
