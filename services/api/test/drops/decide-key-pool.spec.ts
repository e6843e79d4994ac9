import type { DropDetails } from '@app/contracts/drops';
import type { DropCommand } from '../../src/modules/drops/domain/decision';
import type { DropTerms } from '../../src/modules/drops/domain/drop';
import { EMPTY_DETAILS, termsToPayload } from '../../src/modules/drops/domain/drop';
import type { DropEvent } from '../../src/modules/drops/domain/drop-events';
import { given, movement, posting } from './given-when-then';

/**
 * A move drop never pays out more keys than its creator escrowed (issue 19 §1): creating it escrows key reward ×
 * seats (or the pool named for unlimited seats) into `escrow:drop:<id>`, rewards come out of that escrow, an
 * application is taken only while the pool covers its reward, and closing or deleting returns what is left.
 * Before, completing paid the reward from `system:issuance`, whatever the drop promised.
 */
const dropId = 'd1';
const now = '2026-11-21T12:00:00.000Z';
const escrow = `escrow:drop:${dropId}`;
const moved = (
  transactionId: string,
  reasonCode: 'DROP_POOL_ESCROW' | 'DROP_REWARD',
  description: string,
  ...postings: ReturnType<typeof posting>[]
) => movement({ dropId, transactionId, reasonCode, description, now }, ...postings);
const details = (overrides: Partial<DropDetails> = {}): DropDetails => ({
  ...EMPTY_DETAILS,
  title: 'Repost',
  description: 'Repost our post',
  ...overrides,
});
const moveTerms: DropTerms = {
  keyCostMinor: 0n,
  gemRewardBaseMinor: 0n,
  moveCostPointsMinor: 50n,
  keyRewardAmountMinor: 3n,
};

const createMove = (overrides: Partial<Extract<DropCommand, { type: 'CreateDrop' }>['data']> = {}): DropCommand => ({
  type: 'CreateDrop',
  data: {
    dropId,
    creator: { userId: 'advertiser', userType: 'advertiser', tier: 'premium', name: 'Brand', avatar: null },
    kind: 'move',
    details: details({ maxParticipants: 4 }),
    terms: moveTerms,
    gemPoolTotalMinor: 0n,
    transactionId: 't0',
    now,
    ...overrides,
  },
});

function created(
  keyPoolTotalMinor: string | undefined,
  overrides: Partial<Extract<DropEvent, { type: 'DropCreated' }>['data']> = {},
): DropEvent {
  return {
    type: 'DropCreated',
    data: {
      dropId,
      creatorId: 'advertiser',
      creatorName: 'Brand',
      creatorAvatar: null,
      kind: 'move',
      details: details({ maxParticipants: 4 }),
      terms: termsToPayload(moveTerms),
      gemPoolTotalMinor: '0',
      ...(keyPoolTotalMinor === undefined ? {} : { keyPoolTotalMinor }),
      isDemo: false,
      poolTransactionId: keyPoolTotalMinor === undefined ? null : 't0',
      createdAt: '2026-11-20T00:00:00.000Z',
      ...overrides,
    },
  };
}
const received = (applicationId: string, applicantUserId: string): DropEvent => ({
  type: 'DropApplicationReceived',
  data: {
    applicationId,
    dropId,
    applicantUserId,
    applicantName: applicantUserId,
    message: 'hi',
    costCurrency: 'points',
    costMinor: '50',
    costTransactionId: `cost-${applicationId}`,
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
const rejected = (applicationId: string): DropEvent => ({
  type: 'DropApplicationRejected',
  data: { applicationId, dropId, refundMinor: '50', refundTransactionId: `refund-${applicationId}`, rejectedAt: now },
});
const paid = (applicationId: string, applicantUserId: string, keysFromPoolMinor: string): DropEvent => ({
  type: 'DropApplicationPaid',
  data: {
    applicationId,
    dropId,
    applicantUserId,
    reviewScore: 8,
    gemsEarnedMinor: '0',
    keysEarnedMinor: keysFromPoolMinor,
    keyMultiplier: 1,
    keysFromPoolMinor,
    rewardTransactionId: `reward-${applicationId}`,
    paidAt: now,
  },
});
const apply = (applicationId: string, userId: string): DropCommand => ({
  type: 'ApplyToDrop',
  data: {
    applicationId,
    dropId,
    applicant: {
      userId,
      name: userId,
      followerCount: 0,
      masterKeyActivatedToday: true,
      keysAvailableMinor: 0n,
      pointsAvailableMinor: 1_000n,
    },
    message: 'hi',
    transactionId: `cost-${applicationId}`,
    now,
  },
});
const complete = (applicationId: string, keyMultiplier = 1): DropCommand => ({
  type: 'CompleteApplication',
  data: { applicationId, callerId: 'advertiser', reviewScore: 8, keyMultiplier, transactionId: 't5', now },
});
const update = (overrides: Partial<Extract<DropCommand, { type: 'UpdateDrop' }>['data']>): DropCommand => ({
  type: 'UpdateDrop',
  data: {
    dropId,
    callerId: 'advertiser',
    requestedKind: null,
    details: {},
    terms: {},
    gemPoolTotalMinor: null,
    transactionId: 't6',
    now,
    ...overrides,
  },
});

describe('move drop key pool (decider)', () => {
  describe('CreateDrop', () => {
    it('escrows key reward × max participants from the creator into the drop, and records the pool', () => {
      given(dropId)
        .when(createMove())
        .then(
          [created('12', { createdAt: now })],
          moved(
            't0',
            'DROP_POOL_ESCROW',
            'Key pool for move drop Repost',
            posting('user:advertiser', escrow, 'keys', 12n),
          ),
        );
    });

    it('refuses unlimited participants without a named pool, and a pool smaller than one reward', () => {
      given(dropId)
        .when(createMove({ details: details({ maxParticipants: null }) }))
        .thenRefused({ code: 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS' });
      given(dropId)
        .when(createMove({ details: details({ maxParticipants: null }), keyPoolTotalMinor: 2n }))
        .thenRefused({ code: 'KEY_POOL_MUST_COVER_ONE_REWARD' });
    });

    it('escrows the pool named for unlimited participants', () => {
      const decision = given(dropId).when(
        createMove({ details: details({ maxParticipants: null }), keyPoolTotalMinor: 100n }),
      ).decision;
      expect(decision).toMatchObject({
        kind: 'accepted',
        events: [{ data: { keyPoolTotalMinor: '100' } }],
        money: { postings: [posting('user:advertiser', escrow, 'keys', 100n)] },
      });
    });

    it('escrows nothing for a demo move drop (it pays nothing real)', () => {
      const decision = given(dropId).when(
        createMove({ details: details({ title: 'Demo repost', maxParticipants: null }) }),
      ).decision;
      expect(decision).toMatchObject({
        kind: 'accepted',
        money: null,
        events: [{ data: { keyPoolTotalMinor: '0', isDemo: true } }],
      });
    });
  });

  describe('ApplyToDrop', () => {
    it('takes an application only while what is left of the pool covers its reward beside those already promised', () => {
      const unlimitedWithPool = created('7', { details: details({ maxParticipants: null }) });
      expect(given(dropId, [unlimitedWithPool]).when(apply('a1', 'u1')).decision.kind).toBe('accepted');
      expect(given(dropId, [unlimitedWithPool, received('a1', 'u1')]).when(apply('a2', 'u2')).decision.kind).toBe(
        'accepted',
      );
      // 7 keys cover two rewards of 3: the third applicant is refused, and a rejection frees its promise.
      given(dropId, [unlimitedWithPool, received('a1', 'u1'), received('a2', 'u2')])
        .when(apply('a3', 'u3'))
        .thenRefused({ code: 'KEY_POOL_MUST_COVER_ANOTHER_REWARD' });
      expect(
        given(dropId, [unlimitedWithPool, received('a1', 'u1'), received('a2', 'u2'), rejected('a2')]).when(
          apply('a3', 'u3'),
        ).decision.kind,
      ).toBe('accepted');
    });

    it('takes no application on a move drop created before rewards were escrowed (it holds no keys to pay)', () => {
      given(dropId, [created(undefined)])
        .when(apply('a1', 'u1'))
        .thenRefused({ code: 'KEY_POOL_MUST_COVER_ANOTHER_REWARD' });
    });
  });

  describe('CompleteApplication', () => {
    it('pays the reward out of the escrow, never more than it holds; a legacy drop without a pool pays nothing', () => {
      const history = [created('12'), received('a1', 'u1'), approved('a1'), submitted('a1')];
      expect(given(dropId, history).when(complete('a1')).decision).toMatchObject({
        kind: 'accepted',
        money: moved('t5', 'DROP_REWARD', 'Keys for move drop Repost', posting(escrow, 'user:u1', 'keys', 3n)),
        events: [{}, { data: { keysEarnedMinor: '3', keysFromPoolMinor: '3' } }],
      });
      const legacy = given(dropId, [created(undefined), received('a1', 'u1'), approved('a1'), submitted('a1')]).when(
        complete('a1'),
      ).decision;
      expect(legacy).toMatchObject({
        kind: 'accepted',
        money: null,
        events: [{}, { data: { keysEarnedMinor: '0', keysFromPoolMinor: '0' } }],
      });
    });
  });

  describe('CloseDrop and DeleteDrop', () => {
    const close: DropCommand = {
      type: 'CloseDrop',
      data: { dropId, callerId: 'advertiser', transactionId: 't7', now },
    };
    const remove: DropCommand = {
      type: 'DeleteDrop',
      data: { dropId, callerId: 'advertiser', transactionId: 't7', now },
    };

    it('returns the keys left in the escrow to the creator on close', () => {
      const history = [
        created('12'),
        received('a1', 'u1'),
        approved('a1'),
        submitted('a1'),
        {
          type: 'DropApplicationCompleted',
          data: { applicationId: 'a1', dropId, applicantUserId: 'u1', dropType: 'move', completedAt: now },
        } as DropEvent,
        paid('a1', 'u1', '3'),
      ];
      given(dropId, history)
        .when(close)
        .then(
          [
            {
              type: 'DropClosed',
              data: {
                dropId,
                poolReturnedMinor: '0',
                keyPoolReturnedMinor: '9',
                poolTransactionId: 't7',
                closedAt: now,
              },
            },
          ],
          moved(
            't7',
            'DROP_POOL_ESCROW',
            'Remaining key pool of drop Repost returned',
            posting(escrow, 'user:advertiser', 'keys', 9n),
          ),
        );
      // Once returned, a second close is refused and nothing is left to move.
      const closed: DropEvent = {
        type: 'DropClosed',
        data: { dropId, poolReturnedMinor: '0', keyPoolReturnedMinor: '9', poolTransactionId: 't7', closedAt: now },
      };
      given(dropId, [...history, closed])
        .when(close)
        .thenRefused({ code: 'DROP_MUST_BE_OPEN' });
    });

    it('returns the whole pool on delete, the rewards promised to declined applications included, with their points refunded', () => {
      const decision = given(dropId, [created('12'), received('a1', 'u1')]).when(remove).decision;
      expect(decision).toMatchObject({
        kind: 'accepted',
        events: [{ type: 'DropDeleted', data: { keyPoolReturnedMinor: '12', declinedApplicationIds: ['a1'] } }],
        money: moved(
          't7',
          'DROP_POOL_ESCROW',
          'Drop Repost deleted: remaining pool returned, application costs refunded',
          posting(escrow, 'user:advertiser', 'keys', 12n),
          posting('system:burn', 'user:u1', 'points', 50n),
        ),
      });
    });
  });

  describe('UpdateDrop', () => {
    it('escrows the difference when the reward or the seats change, and returns it when they shrink', () => {
      const more = given(dropId, [created('12')]).when(update({ terms: { keyRewardAmountMinor: 5n } })).decision;
      expect(more).toMatchObject({
        kind: 'accepted',
        events: [{ data: { keyPoolTotalMinor: '20', keyPoolChangeMinor: '8' } }],
        money: moved(
          't6',
          'DROP_POOL_ESCROW',
          'Key pool change for move drop Repost',
          posting('user:advertiser', escrow, 'keys', 8n),
        ),
      });
      const fewer = given(dropId, [created('12')]).when(update({ details: { maxParticipants: 2 } })).decision;
      expect(fewer).toMatchObject({
        kind: 'accepted',
        money: { postings: [posting(escrow, 'user:advertiser', 'keys', 6n)] },
      });
      // A title edit moves nothing.
      expect(given(dropId, [created('12')]).when(update({ details: { title: 'Repost now' } })).decision).toMatchObject({
        kind: 'accepted',
        money: null,
      });
    });

    it('recomputes nothing for a closed drop (its pool was returned), and refuses naming a pool once closed', () => {
      const closed: DropEvent = {
        type: 'DropClosed',
        data: { dropId, poolReturnedMinor: '0', keyPoolReturnedMinor: '12', poolTransactionId: 't7', closedAt: now },
      };
      expect(
        given(dropId, [created('12'), closed]).when(update({ terms: { keyRewardAmountMinor: 5n } })).decision,
      ).toMatchObject({ kind: 'accepted', money: null });
      given(dropId, [created('12'), closed])
        .when(update({ keyPoolTotalMinor: 20n }))
        .thenRefused({ code: 'DROP_MUST_BE_OPEN' });
    });

    it('refuses a pool below what open applications were promised', () => {
      given(dropId, [created('12'), received('a1', 'u1'), received('a2', 'u2')])
        .when(update({ keyPoolTotalMinor: 5n }))
        .thenRefused({ code: 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED' });
    });
  });
});
