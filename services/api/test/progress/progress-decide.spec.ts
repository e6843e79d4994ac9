import { DeciderSpecification } from '../support/decider-specification';
import type { ProgressEvent } from '@app/contracts/progress';
import {
  EMPTY_COUNTERS,
  decide,
  evolve,
  foldProgressAccount,
  progressView,
  initialProgressAccount,
  type ProgressCommand,
} from '../../src/modules/progress/domain/progress-account';
import { counterDeltas } from '../../src/modules/progress/projections/counter-deltas';

/** given(events).when(command).then(events) | thenRefused(refusal) for the progress account decider. */
const { given } = DeciderSpecification.for({ decide, evolve, initialState: () => initialProgressAccount('user-1') });

const now = '2026-03-15T10:00:00.000Z';
const claim = (achievementId: string, counters = EMPTY_COUNTERS, xpMultiplier = 1): ProgressCommand => ({
  type: 'ClaimAchievement',
  data: { achievementId, counters, xpMultiplier, transactionId: 't', now },
});
const xp = (amount: number, sourceId = 's'): ProgressEvent => ({
  type: 'ExperienceAwarded',
  data: { userId: 'user-1', baseAmount: amount, multiplier: 1, amount, source: 'test', sourceId, awardedAt: now },
});

describe('progress decider', () => {
  it('claims a met achievement once, paying its XP (× the boost)', () => {
    const counters = { ...EMPTY_COUNTERS, points_spent: 1000 };
    given()
      .when(claim('big-spender', counters, 3))
      .then({
        events: [
          {
            type: 'AchievementClaimed',
            data: {
              userId: 'user-1',
              achievementId: 'big-spender',
              goldReward: 20,
              xpReward: 400,
              transactionId: 't',
              claimedAt: now,
            },
          },
          {
            type: 'ExperienceAwarded',
            data: {
              userId: 'user-1',
              baseAmount: 400,
              multiplier: 3,
              amount: 1200,
              source: 'achievement',
              sourceId: 'big-spender',
              awardedAt: now,
            },
          },
        ],
        // The gold is issued to the user in the claim's own transaction (the XP is no currency: no posting).
        money: {
          transactionId: 't',
          reasonCode: 'ACHIEVEMENT_REWARD',
          description: 'Achievement: big-spender',
          now,
          postings: [
            { debitAccount: 'system:issuance', creditAccount: 'user:user-1', currency: 'gold', amountMinor: 20n },
          ],
          references: { achievementId: 'big-spender' },
        },
      });
    given([
      {
        type: 'AchievementClaimed',
        data: {
          userId: 'user-1',
          achievementId: 'big-spender',
          goldReward: 20,
          xpReward: 400,
          transactionId: 't',
          claimedAt: now,
        },
      },
    ])
      .when(claim('big-spender', counters))
      .thenRefused('ACHIEVEMENT_CLAIMED_ONCE');
    given()
      .when(claim('big-spender', { ...EMPTY_COUNTERS, points_spent: 999 }))
      .thenRefused('ACHIEVEMENT_MUST_BE_MET');
    given().when(claim('unknown')).thenRefused('ACHIEVEMENT_MUST_EXIST');
  });

  it('Level Up reads the level from the XP on the stream', () => {
    given([xp(4999)])
      .when(claim('level-up'))
      .thenRefused('ACHIEVEMENT_MUST_BE_MET');
    const decision = decide(claim('level-up'), foldProgressAccount('user-1', [xp(4999), xp(1, 't')]));
    expect(decision.kind).toBe('accepted');
  });

  it('awards XP once per source', () => {
    given([xp(10, 'drop-1')])
      .when({
        type: 'AwardExperience',
        data: { baseAmount: 10, xpMultiplier: 1, source: 'test', sourceId: 'drop-1', now },
      })
      .then([]);
    given()
      .when({ type: 'AwardExperience', data: { baseAmount: 0, xpMultiplier: 1, source: 'test', sourceId: 'x', now } })
      .thenRefused('XP_MUST_BE_POSITIVE');
    given()
      .when({
        type: 'AwardExperience',
        data: { baseAmount: 10, xpMultiplier: 2, source: 'test', sourceId: 'drop-2', now },
      })
      .then({
        events: [
          {
            type: 'ExperienceAwarded',
            data: {
              userId: 'user-1',
              baseAmount: 10,
              multiplier: 2,
              amount: 20,
              source: 'test',
              sourceId: 'drop-2',
              awardedAt: now,
            },
          },
        ],
        money: null,
      });
  });

  it('level n spans 1000·n to 1000·(n+1)', () => {
    expect(progressView(0)).toMatchObject({ level: 0, next_level_xp: 1000, xp_to_next_level: 1000 });
    expect(progressView(999)).toMatchObject({ level: 0, xp_to_next_level: 1 });
    expect(progressView(1000)).toMatchObject({ level: 1, level_start_xp: 1000, next_level_xp: 2000 });
    expect(progressView(12_345)).toMatchObject({ level: 12, level_progress_percent: 34.5 });
  });

  it('counts points spent from the user stream copy only, reversals un-spend', () => {
    const posted = (reasonCode: string, debitAccount: string, creditAccount: string) => ({
      type: 'LedgerTransactionPosted',
      streamId: 'ledger-account-u1',
      data: {
        transactionId: 't',
        reasonCode,
        description: '',
        postings: [{ debitAccount, creditAccount, currency: 'points', amountMinor: '5000' }],
        occurredAt: now,
        copyIndex: 0,
        copyCount: 1,
      },
    });
    expect(counterDeltas(posted('CONVERSION', 'user:u1', 'system:conversion'))).toEqual([
      { userId: 'u1', counter: 'points_spent', mode: 'add', value: 5000n },
    ]);
    expect(counterDeltas(posted('REVERSAL', 'system:conversion', 'user:u1'))).toEqual([
      { userId: 'u1', counter: 'points_spent', mode: 'add', value: -5000n },
    ]);
    expect(counterDeltas(posted('REFERRAL_BONUS', 'system:issuance', 'user:u1'))).toEqual([]);
    expect(
      counterDeltas({ ...posted('CONVERSION', 'user:u1', 'system:conversion'), streamId: 'ledger-journal-3' }),
    ).toEqual([]);
  });
});
