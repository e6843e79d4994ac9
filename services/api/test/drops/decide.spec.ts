import type { DropDetails } from '@app/contracts/drops';
import type { DropCommand } from '../../src/modules/drops/domain/decision';
import { normaliseTerms } from '../../src/modules/drops/domain/create-or-edit';
import type { DropTerms } from '../../src/modules/drops/domain/drop';
import { EMPTY_DETAILS, termsToPayload } from '../../src/modules/drops/domain/drop';
import type { DropEvent } from '../../src/modules/drops/domain/drop-events';
import { given, movement, posting } from './given-when-then';

const dropId = 'd1';
const now = '2026-11-21T12:00:00.000Z';
const escrow = `escrow:drop:${dropId}`;
const moved = (
  transactionId: string,
  reasonCode: 'DROP_POOL_ESCROW' | 'DROP_APPLICATION' | 'DROP_REWARD',
  description: string,
  ...postings: ReturnType<typeof posting>[]
) => movement({ dropId, transactionId, reasonCode, description, now }, ...postings);
const details = (overrides: Partial<DropDetails> = {}): DropDetails => ({
  ...EMPTY_DETAILS,
  title: 'Review',
  description: 'Write a review',
  ...overrides,
});
const paidTerms: DropTerms = {
  keyCostMinor: 2n,
  gemRewardBaseMinor: 500_000n,
  moveCostPointsMinor: 0n,
  keyRewardAmountMinor: 0n,
};
const moveTerms: DropTerms = {
  keyCostMinor: 0n,
  gemRewardBaseMinor: 0n,
  moveCostPointsMinor: 255n,
  keyRewardAmountMinor: 3n,
};

function created(
  kind: 'proof' | 'paid' | 'move',
  overrides: Partial<Extract<DropEvent, { type: 'DropCreated' }>['data']> = {},
): DropEvent {
  const terms = kind === 'paid' ? paidTerms : kind === 'move' ? moveTerms : normaliseTerms('proof', paidTerms);
  return {
    type: 'DropCreated',
    data: {
      dropId,
      creatorId: 'advertiser',
      creatorName: 'Brand',
      creatorAvatar: null,
      kind,
      details: details(),
      terms: termsToPayload(terms),
      gemPoolTotalMinor: kind === 'paid' ? '1200000' : '0',
      // A move drop escrows its key rewards: 3 keys × 10 seats.
      ...(kind === 'move' ? { keyPoolTotalMinor: '30' } : {}),
      isDemo: false,
      poolTransactionId: kind === 'paid' || kind === 'move' ? 't0' : null,
      createdAt: '2026-11-20T00:00:00.000Z',
      ...overrides,
    },
  };
}

const received = (
  applicationId: string,
  applicantUserId: string,
  costMinor = '0',
  costCurrency: 'keys' | 'points' | null = null,
): DropEvent => ({
  type: 'DropApplicationReceived',
  data: {
    applicationId,
    dropId,
    applicantUserId,
    applicantName: applicantUserId,
    message: 'hi',
    costCurrency,
    costMinor,
    costTransactionId: costCurrency ? `cost-${applicationId}` : null,
    appliedAt: now,
  },
});
const approved = (applicationId: string): DropEvent => ({
  type: 'DropApplicationApproved',
  data: { applicationId, dropId, approvedAt: now },
});
const submitted = (applicationId: string): DropEvent => ({
  type: 'DropWorkSubmitted',
  data: {
    applicationId,
    dropId,
    submissionType: 'text',
    submissionData: 'done',
    submissionNotes: null,
    submittedAt: now,
  },
});

const applicant = {
  userId: 'u1',
  name: 'u1',
  followerCount: 0,
  masterKeyActivatedToday: true,
  keysAvailableMinor: 10n,
  pointsAvailableMinor: 1000n,
};
const applyCommand = (overrides: Partial<typeof applicant> = {}): DropCommand => ({
  type: 'ApplyToDrop',
  data: {
    applicationId: 'a1',
    dropId,
    applicant: { ...applicant, ...overrides },
    message: 'hi',
    transactionId: 't1',
    now,
  },
});
const createCommand = (overrides: Partial<Extract<DropCommand, { type: 'CreateDrop' }>['data']> = {}): DropCommand => ({
  type: 'CreateDrop',
  data: {
    dropId,
    creator: { userId: 'advertiser', userType: 'advertiser', tier: 'premium', name: 'Brand', avatar: null },
    kind: 'paid',
    details: details(),
    terms: paidTerms,
    gemPoolTotalMinor: 1_200_000n,
    transactionId: 't0',
    now,
    ...overrides,
  },
});

describe('drop decider', () => {
  describe('CreateDrop', () => {
    it('escrows a paid drop pool from the creator into the drop', () => {
      const decision = given(dropId)
        .when(createCommand())
        .then(
          [created('paid', { createdAt: now })],
          moved(
            't0',
            'DROP_POOL_ESCROW',
            'Gem pool for drop Review',
            posting('user:advertiser', escrow, 'gems', 1_200_000n),
          ),
        );
      expect(decision.advertiserEvents).toEqual([
        { type: 'AdvertiserDropPosted', data: { advertiserId: 'advertiser', dropId, kind: 'paid', postedAt: now } },
      ]);
    });

    it('refuses a creator who is not an advertiser', () => {
      given(dropId)
        .when(createCommand({ creator: { userId: 'u', userType: 'creator', tier: 'super', name: 'u', avatar: null } }))
        .thenRefused({ code: 'CREATOR_MUST_BE_ADVERTISER' });
    });

    it('refuses paid and move drops from free-tier advertisers', () => {
      const free = {
        userId: 'advertiser',
        userType: 'advertiser' as const,
        tier: 'free' as const,
        name: 'Brand',
        avatar: null,
      };
      given(dropId)
        .when(createCommand({ creator: free }))
        .thenRefused({ code: 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY' });
      given(dropId)
        .when(createCommand({ creator: free, kind: 'move', terms: moveTerms }))
        .thenRefused({ code: 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY' });
    });

    it('refuses the 9th paid drop of a premium advertiser in a calendar week (from Monday 00:00 UTC), and allows it once one is from last week', () => {
      const posted = (day: string) => ({
        type: 'AdvertiserDropPosted' as const,
        data: { advertiserId: 'advertiser', dropId: day, kind: 'paid' as const, postedAt: day },
      });
      // `now` is Saturday 2026-11-21; its week began on Monday 2026-11-16.
      const eight = Array.from({ length: 8 }, (_, index) =>
        posted(`2026-11-${String(16 + (index % 6)).padStart(2, '0')}T00:00:00.000Z`),
      );
      given(dropId, [], eight)
        .when(createCommand())
        .thenRefused({ code: 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED', limit: 8, window: 'week', kind: 'paid' });
      const oneLastWeek = [posted('2026-11-15T23:59:59.999Z'), ...eight.slice(1)];
      expect(given(dropId, [], oneLastWeek).when(createCommand()).decision.kind).toBe('accepted');
    });

    it("counts a free advertiser's proof drops per calendar month", () => {
      const posted = (at: string) => ({
        type: 'AdvertiserDropPosted' as const,
        data: { advertiserId: 'advertiser', dropId: at, kind: 'proof' as const, postedAt: at },
      });
      const free = (overrides = {}) =>
        createCommand({
          kind: 'proof',
          creator: { userId: 'advertiser', userType: 'advertiser', tier: 'free', name: 'A', avatar: null },
          ...overrides,
        });
      const fiveThisMonth = Array.from({ length: 5 }, (_, index) => posted(`2026-11-0${index + 1}T00:00:00.000Z`));
      given(dropId, [], fiveThisMonth)
        .when(free())
        .thenRefused({ code: 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED', limit: 5, window: 'month', kind: 'proof' });
      const oneInOctober = [posted('2026-10-31T23:59:59.999Z'), ...fiveThisMonth.slice(1)];
      expect(given(dropId, [], oneInOctober).when(free()).decision.kind).toBe('accepted');
    });

    it('moves no gems for a demo drop or a proof drop', () => {
      const demo = given(dropId).when(createCommand({ details: details({ title: 'A DEMO drop' }) })).decision;
      expect(demo).toMatchObject({ kind: 'accepted', money: null });
      const proof = given(dropId).when(createCommand({ kind: 'proof' })).decision;
      expect(proof).toMatchObject({
        kind: 'accepted',
        money: null,
        events: [{ data: { gemPoolTotalMinor: '0', terms: { keyCostMinor: '0', gemRewardBaseMinor: '0' } } }],
      });
    });
  });

  describe('UpdateDrop, CloseDrop, DeleteDrop', () => {
    const update = (overrides: Partial<Extract<DropCommand, { type: 'UpdateDrop' }>['data']> = {}): DropCommand => ({
      type: 'UpdateDrop',
      data: {
        dropId,
        callerId: 'advertiser',
        requestedKind: null,
        details: {},
        terms: {},
        gemPoolTotalMinor: null,
        transactionId: 't2',
        now,
        ...overrides,
      },
    });

    it('refuses anyone but the creator, a kind change and a missing drop', () => {
      given(dropId, [created('paid')])
        .when(update({ callerId: 'other' }))
        .thenRefused({ code: 'CALLER_MUST_BE_CREATOR' });
      given(dropId, [created('paid')])
        .when(update({ requestedKind: 'proof' }))
        .thenRefused({ code: 'KIND_MUST_NOT_CHANGE' });
      given(dropId).when(update()).thenRefused({ code: 'DROP_MUST_EXIST' });
    });

    it('returns part of the pool when the total is lowered, but never below what was paid', () => {
      const paid: DropEvent = {
        type: 'DropApplicationPaid',
        data: {
          applicationId: 'a1',
          dropId,
          applicantUserId: 'u1',
          reviewScore: 5,
          gemsEarnedMinor: '1000000',
          keysEarnedMinor: '0',
          keyMultiplier: 1,
          rewardTransactionId: 'r',
          paidAt: now,
        },
      };
      const decision = given(dropId, [created('paid')]).when(update({ gemPoolTotalMinor: 1_000_000n })).decision;
      expect(decision).toMatchObject({
        kind: 'accepted',
        money: moved(
          't2',
          'DROP_POOL_ESCROW',
          'Gem pool change for drop Review',
          posting(escrow, 'user:advertiser', 'gems', 200_000n),
        ),
      });
      given(dropId, [created('paid'), received('a1', 'u1'), paid])
        .when(update({ gemPoolTotalMinor: 500_000n }))
        .thenRefused({ code: 'POOL_MUST_COVER_WHAT_WAS_PAID' });
    });

    it('returns the remaining pool on close and on delete, and closes once', () => {
      const close: DropCommand = {
        type: 'CloseDrop',
        data: { dropId, callerId: 'advertiser', transactionId: 't3', now },
      };
      given(dropId, [created('paid')])
        .when(close)
        .then(
          [
            {
              type: 'DropClosed',
              data: { dropId, poolReturnedMinor: '1200000', poolTransactionId: 't3', closedAt: now },
            },
          ],
          moved(
            't3',
            'DROP_POOL_ESCROW',
            'Remaining gem pool of drop Review returned',
            posting(escrow, 'user:advertiser', 'gems', 1_200_000n),
          ),
        );
      given(dropId, [
        created('paid'),
        { type: 'DropClosed', data: { dropId, poolReturnedMinor: '1200000', poolTransactionId: 't3', closedAt: now } },
      ])
        .when(close)
        .thenRefused({ code: 'DROP_MUST_BE_OPEN' });
      given(dropId, [created('paid')])
        .when({ type: 'DeleteDrop', data: { dropId, callerId: 'other', transactionId: 't3', now } })
        .thenRefused({ code: 'CALLER_MUST_BE_CREATOR' });
    });
  });

  describe('closing and deleting with applications in flight', () => {
    const close: DropCommand = {
      type: 'CloseDrop',
      data: { dropId, callerId: 'advertiser', transactionId: 't6', now },
    };
    const remove: DropCommand = {
      type: 'DeleteDrop',
      data: { dropId, callerId: 'advertiser', transactionId: 't7', now },
    };

    it('refuses to close while an application waits for its answer', () => {
      given(dropId, [created('paid'), received('a1', 'u1', '2', 'keys'), approved('a1')])
        .when(close)
        .thenRefused({ code: 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING' });
    });

    it('declines what is in flight on delete and refunds its cost with the pool, in one transaction', () => {
      const decision = given(dropId, [
        created('paid'),
        received('a1', 'u1', '2', 'keys'),
        received('a2', 'u2', '2', 'keys'),
        approved('a2'),
      ])
        .when(remove)
        .then(
          [
            {
              type: 'DropDeleted',
              data: {
                dropId,
                poolReturnedMinor: '1200000',
                poolTransactionId: 't7',
                declinedApplicationIds: ['a1', 'a2'],
                deletedAt: now,
              },
            },
          ],
          moved(
            't7',
            'DROP_POOL_ESCROW',
            'Drop Review deleted: remaining pool returned, application costs refunded',
            posting(escrow, 'user:advertiser', 'gems', 1_200_000n),
            posting('system:burn', 'user:u1', 'keys', 2n),
            posting('system:burn', 'user:u2', 'keys', 2n),
          ),
        );
      expect(decision.events).toHaveLength(1);
    });
  });

  describe('ApplyToDrop', () => {
    it('takes a proof application for free', () => {
      given(dropId, [created('proof')])
        .when(applyCommand())
        .then([received('a1', 'u1')]);
    });

    it('spends the key cost of a paid drop', () => {
      given(dropId, [created('paid')])
        .when(applyCommand())
        .then(
          [
            {
              ...received('a1', 'u1', '2', 'keys'),
              data: { ...received('a1', 'u1', '2', 'keys').data, costTransactionId: 't1' },
            } as DropEvent,
          ],
          moved('t1', 'DROP_APPLICATION', 'Application to drop Review', posting('user:u1', 'system:burn', 'keys', 2n)),
        );
    });

    it("refuses a paid application without today's Master Key, then without the keys (with how many are missing)", () => {
      given(dropId, [created('paid')])
        .when(applyCommand({ masterKeyActivatedToday: false }))
        .thenRefused({ code: 'MASTER_KEY_MUST_BE_ACTIVATED_TODAY' });
      given(dropId, [created('paid')])
        .when(applyCommand({ keysAvailableMinor: 0n }))
        .thenRefused({ code: 'KEYS_MUST_COVER_COST', missingMinor: 2n });
    });

    it('refuses a move application without the points', () => {
      given(dropId, [created('move')])
        .when(applyCommand({ pointsAvailableMinor: 200n }))
        .thenRefused({ code: 'POINTS_MUST_COVER_COST', missingMinor: 55n });
    });

    it('refuses a second application by the same user, even after a rejection', () => {
      given(dropId, [created('proof'), received('a0', 'u1')])
        .when(applyCommand())
        .thenRefused({ code: 'APPLICANT_MUST_APPLY_ONCE' });
      const rejected: DropEvent = {
        type: 'DropApplicationRejected',
        data: { applicationId: 'a0', dropId, refundMinor: '0', refundTransactionId: null, rejectedAt: now },
      };
      given(dropId, [created('proof'), received('a0', 'u1'), rejected])
        .when(applyCommand())
        .thenRefused({ code: 'APPLICANT_MUST_APPLY_ONCE' });
    });

    it('refuses when every seat is taken, and a rejection frees a seat', () => {
      const oneSeat = created('proof', { details: details({ maxParticipants: 1 }) });
      given(dropId, [oneSeat, received('a0', 'u0')])
        .when(applyCommand())
        .thenRefused({ code: 'DROP_MUST_HAVE_A_FREE_SEAT' });
      const rejected: DropEvent = {
        type: 'DropApplicationRejected',
        data: { applicationId: 'a0', dropId, refundMinor: '0', refundTransactionId: null, rejectedAt: now },
      };
      expect(given(dropId, [oneSeat, received('a0', 'u0'), rejected]).when(applyCommand()).decision.kind).toBe(
        'accepted',
      );
    });

    it('refuses below the follower threshold, past the deadline, on a closed or missing drop, and on your own drop', () => {
      given(dropId, [created('proof', { details: details({ followerThreshold: 100 }) })])
        .when(applyCommand({ followerCount: 99 }))
        .thenRefused({ code: 'APPLICANT_MUST_HAVE_ENOUGH_FOLLOWERS', threshold: 100 });
      given(dropId, [created('proof', { details: details({ deadlineAt: '2026-11-20T23:59:59.999Z' }) })])
        .when(applyCommand())
        .thenRefused({ code: 'DROP_MUST_BE_ACTIVE' });
      given(dropId, [
        created('proof'),
        { type: 'DropClosed', data: { dropId, poolReturnedMinor: '0', poolTransactionId: null, closedAt: now } },
      ])
        .when(applyCommand())
        .thenRefused({ code: 'DROP_MUST_BE_ACTIVE' });
      given(dropId).when(applyCommand()).thenRefused({ code: 'DROP_MUST_EXIST' });
      given(dropId, [created('proof')])
        .when(applyCommand({ userId: 'advertiser' }))
        .thenRefused({ code: 'APPLICANT_MUST_NOT_BE_CREATOR' });
    });

    it('charges nothing real on a demo drop', () => {
      expect(given(dropId, [created('paid', { isDemo: true })]).when(applyCommand()).decision).toMatchObject({
        kind: 'accepted',
        money: null,
      });
    });
  });

  describe('the application status machine', () => {
    const step = (
      type: 'ApproveApplication' | 'RejectApplication' | 'SubmitWork' | 'CompleteApplication',
      callerId = 'advertiser',
      keyMultiplier = 1,
    ): DropCommand => {
      switch (type) {
        case 'ApproveApplication':
          return { type, data: { applicationId: 'a1', callerId, now } };
        case 'RejectApplication':
          return { type, data: { applicationId: 'a1', callerId, transactionId: 't4', now } };
        case 'SubmitWork':
          return {
            type,
            data: {
              applicationId: 'a1',
              callerId,
              submissionType: 'text',
              submissionData: 'done',
              submissionNotes: null,
              now,
            },
          };
        case 'CompleteApplication':
          return {
            type,
            data: { applicationId: 'a1', callerId, reviewScore: 9, keyMultiplier, transactionId: 't5', now },
          };
      }
    };

    it('approves a pending application (creator only)', () => {
      given(dropId, [created('proof'), received('a1', 'u1')])
        .when(step('ApproveApplication'))
        .then([approved('a1')]);
      given(dropId, [created('proof'), received('a1', 'u1')])
        .when(step('ApproveApplication', 'u1'))
        .thenRefused({ code: 'CALLER_MUST_BE_CREATOR' });
      given(dropId, [created('proof'), received('a1', 'u1'), approved('a1')])
        .when(step('ApproveApplication'))
        .thenRefused({ code: 'APPLICATION_MUST_BE_PENDING', action: 'approve' });
      given(dropId, [created('proof')])
        .when(step('ApproveApplication'))
        .thenRefused({ code: 'APPLICATION_MUST_EXIST' });
    });

    it('rejects a pending application and refunds its cost', () => {
      given(dropId, [created('paid'), received('a1', 'u1', '2', 'keys')])
        .when(step('RejectApplication'))
        .then(
          [
            {
              type: 'DropApplicationRejected',
              data: { applicationId: 'a1', dropId, refundMinor: '2', refundTransactionId: 't4', rejectedAt: now },
            },
          ],
          moved(
            't4',
            'DROP_APPLICATION',
            'Refund of a rejected application to drop Review',
            posting('system:burn', 'user:u1', 'keys', 2n),
          ),
        );
    });

    it('takes work only from the applicant and only once approved', () => {
      given(dropId, [created('proof'), received('a1', 'u1')])
        .when(step('SubmitWork', 'u1'))
        .thenRefused({ code: 'APPLICATION_MUST_BE_APPROVED' });
      given(dropId, [created('proof'), received('a1', 'u1'), approved('a1')])
        .when(step('SubmitWork', 'u2'))
        .thenRefused({ code: 'CALLER_MUST_BE_APPLICANT' });
      given(dropId, [created('proof'), received('a1', 'u1'), approved('a1')])
        .when(step('SubmitWork', 'u1'))
        .then([submitted('a1')]);
    });

    it('completes and pays a submitted paid application its reward, never more than the pool holds', () => {
      const history = [
        created('paid', { gemPoolTotalMinor: '300000' }),
        received('a1', 'u1', '2', 'keys'),
        approved('a1'),
        submitted('a1'),
      ];
      given(dropId, history)
        .when(step('CompleteApplication'))
        .then(
          [
            {
              type: 'DropApplicationCompleted',
              data: { applicationId: 'a1', dropId, applicantUserId: 'u1', dropType: 'paid', completedAt: now },
            },
            {
              type: 'DropApplicationPaid',
              data: {
                applicationId: 'a1',
                dropId,
                applicantUserId: 'u1',
                reviewScore: 9,
                gemsEarnedMinor: '300000',
                keysEarnedMinor: '0',
                keyMultiplier: 1,
                rewardTransactionId: 't5',
                paidAt: now,
              },
            },
          ],
          moved('t5', 'DROP_REWARD', 'Reward for drop Review', posting(escrow, 'user:u1', 'gems', 300_000n)),
        );
      given(dropId, [created('paid'), received('a1', 'u1'), approved('a1')])
        .when(step('CompleteApplication'))
        .thenRefused({ code: 'APPLICATION_MUST_BE_SUBMITTED' });
      given(dropId, history).when(step('CompleteApplication', 'u1')).thenRefused({ code: 'CALLER_MUST_BE_CREATOR' });
    });

    it('pays a move drop its keys from its escrow, a proof drop nothing (but it still counts as completed)', () => {
      const move = given(dropId, [created('move'), received('a1', 'u1'), approved('a1'), submitted('a1')]).when(
        step('CompleteApplication'),
      ).decision;
      expect(move).toMatchObject({
        kind: 'accepted',
        money: moved('t5', 'DROP_REWARD', 'Keys for move drop Review', posting(escrow, 'user:u1', 'keys', 3n)),
      });
      const proof = given(dropId, [created('proof'), received('a1', 'u1'), approved('a1'), submitted('a1')]).when(
        step('CompleteApplication'),
      ).decision;
      expect(proof).toMatchObject({
        kind: 'accepted',
        money: null,
        events: [{ type: 'DropApplicationCompleted', data: { dropType: 'proof' } }, { type: 'DropApplicationPaid' }],
      });
    });

    describe("the applicant's key multiplier (gold shop's 24h Key Multiplier, spec 1 §9)", () => {
      const moveHistory = [created('move'), received('a1', 'u1'), approved('a1'), submitted('a1')];
      const completed: DropEvent = {
        type: 'DropApplicationCompleted',
        data: { applicationId: 'a1', dropId, applicantUserId: 'u1', dropType: 'move', completedAt: now },
      };
      const paidKeys = (keysEarnedMinor: string, keyMultiplier: number): DropEvent => ({
        type: 'DropApplicationPaid',
        data: {
          applicationId: 'a1',
          dropId,
          applicantUserId: 'u1',
          reviewScore: 9,
          gemsEarnedMinor: '0',
          keysEarnedMinor,
          keyMultiplier,
          keysFromPoolMinor: '3',
          rewardTransactionId: 't5',
          paidAt: now,
        },
      });
      const keysFromEscrow = (description: string, bonusMinor?: bigint) =>
        moved(
          't5',
          'DROP_REWARD',
          description,
          posting(escrow, 'user:u1', 'keys', 3n),
          ...(bonusMinor ? [posting('system:issuance', 'user:u1', 'keys', bonusMinor)] : []),
        );

      it('doubles the keys a move drop pays under a 2x multiplier: the reward from the escrow, the bonus from issuance', () => {
        given(dropId, moveHistory)
          .when(step('CompleteApplication', 'advertiser', 2))
          .then([completed, paidKeys('6', 2)], keysFromEscrow('Keys for move drop Review (2x key multiplier)', 3n));
      });

      it('pays exactly the key reward under a 1x multiplier, all of it from the escrow', () => {
        given(dropId, moveHistory)
          .when(step('CompleteApplication', 'advertiser', 1))
          .then([completed, paidKeys('3', 1)], keysFromEscrow('Keys for move drop Review'));
      });

      it('multiplies nothing on a demo move drop (it pays nothing real) or a paid drop (gems are not keys)', () => {
        const demo = given(dropId, [
          created('move', { isDemo: true }),
          received('a1', 'u1'),
          approved('a1'),
          submitted('a1'),
        ]).when(step('CompleteApplication', 'advertiser', 2));
        expect(demo.decision).toMatchObject({
          kind: 'accepted',
          money: null,
          events: [{}, { data: { keysEarnedMinor: '0', keyMultiplier: 1 } }],
        });
        const paid = given(dropId, [
          created('paid', { gemPoolTotalMinor: '300000' }),
          received('a1', 'u1'),
          approved('a1'),
          submitted('a1'),
        ]).when(step('CompleteApplication', 'advertiser', 2));
        expect(paid.decision).toMatchObject({
          kind: 'accepted',
          money: { postings: [posting(escrow, 'user:u1', 'gems', 300_000n)] },
          events: [{}, { data: { keyMultiplier: 1 } }],
        });
      });

      it('refuses to scale keys by anything but a whole number of at least 1', () => {
        expect(() => given(dropId, moveHistory).when(step('CompleteApplication', 'advertiser', 1.5))).toThrow(
          'Key multiplier must be a whole number',
        );
        expect(() => given(dropId, moveHistory).when(step('CompleteApplication', 'advertiser', 0))).toThrow(
          'Key multiplier must be a whole number',
        );
      });
    });
  });
});
