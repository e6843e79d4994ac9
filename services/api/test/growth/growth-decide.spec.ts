import type { GrowthChannelConfig, ShieldPolicyConfig } from '@app/contracts/growth';
import { decideProject, evolveProject, initialProject } from '../../src/modules/growth/domain/funding';
import { decidePool, initialPool } from '../../src/modules/growth/domain/insurance-pool';
import { decideShield, evolveShield, initialShieldAccount } from '../../src/modules/growth/domain/shield';
import { decideStaking, evolveStaking, initialStakingAccount } from '../../src/modules/growth/domain/staking';
import { DeciderSpecification } from '../support/decider-specification';

const DAY = 86_400_000;
const T0 = '2026-11-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const GEM = 10_000n;
/** The gems a decision moves in one ledger transaction. */
const gemMovement = (
  transactionId: string,
  reasonCode: string,
  description: string,
  now: string,
  postings: Array<[string, string, bigint]>,
  references: Record<string, string>,
) => ({
  transactionId,
  reasonCode,
  description,
  now,
  postings: postings.map(([debitAccount, creditAccount, amountMinor]) => ({
    debitAccount,
    creditAccount,
    currency: 'gems',
    amountMinor,
  })),
  references,
});

const channel: GrowthChannelConfig = {
  id: 'steady',
  name: 'Steady',
  description: 'd',
  lock_period_days: 3,
  base_multiplier: 1.1,
  risk_level: 'low',
  min_amount: 50,
  max_amount: 500,
  icon: 'sprout',
  color: 'green',
  features: [],
};
const staking = DeciderSpecification.for({
  decide: decideStaking,
  evolve: evolveStaking,
  initialState: () => initialStakingAccount('ann'),
});
const placed = decideStaking(
  { type: 'PlaceStake', data: { positionId: 'p1', channel, amountMinor: 100n * GEM, transactionId: 't0', now: T0 } },
  initialStakingAccount('ann'),
);
const placedEvents = placed.kind === 'accepted' ? placed.events : [];

describe('staking decider', () => {
  it("refuses a stake outside the channel's limits", () => {
    staking
      .given()
      .when({
        type: 'PlaceStake',
        data: { positionId: 'p', channel, amountMinor: 49n * GEM, transactionId: 't', now: T0 },
      })
      .thenRefused({ code: 'STAKE_BELOW_MINIMUM', min: 50 });
    staking
      .given()
      .when({
        type: 'PlaceStake',
        data: { positionId: 'p', channel, amountMinor: 501n * GEM, transactionId: 't', now: T0 },
      })
      .thenRefused({ code: 'STAKE_ABOVE_MAXIMUM', max: 500 });
  });

  it("moves the stake from the user's gems into the position's escrow", () => {
    staking
      .given()
      .when({
        type: 'PlaceStake',
        data: { positionId: 'p1', channel, amountMinor: 100n * GEM, transactionId: 't0', now: T0 },
      })
      .then({
        events: placedEvents,
        money: gemMovement('t0', 'STAKE', 'Stake in Steady', T0, [['user:ann', 'escrow:stake:p1', 100n * GEM]], {
          positionId: 'p1',
          channelId: 'steady',
        }),
      });
  });

  it('fixes the reward at amount × (multiplier − 1) and pays the days due, each once, the last day taking the remainder', () => {
    expect(placedEvents[0]).toMatchObject({
      type: 'StakePlaced',
      data: { rewardTotalMinor: String(10n * GEM), lockUntil: at(3 * DAY) },
    });
    staking
      .given(placedEvents)
      .when({ type: 'AccrueStakeRewards', data: { positionId: 'p1', transactionId: 't1', now: at(DAY - 1) } })
      .then({ events: [], money: null });
    const day1 = staking
      .given(placedEvents)
      .when({ type: 'AccrueStakeRewards', data: { positionId: 'p1', transactionId: 't1', now: at(DAY) } })
      .then({
        events: [
          {
            type: 'StakeRewardAccrued',
            data: {
              positionId: 'p1',
              fromDay: 1,
              toDay: 1,
              amountMinor: '33333',
              transactionId: 't1',
              accruedAt: at(DAY),
            },
          },
        ],
        // Issued into the position's escrow, one day's share of the fixed total.
        money: gemMovement(
          't1',
          'STAKING_REWARD',
          'Staking reward, days 1–1',
          at(DAY),
          [['system:issuance', 'escrow:stake:p1', 33_333n]],
          { positionId: 'p1', fromDay: '1', toDay: '1' },
        ),
      });
    const afterDay1 = [...placedEvents, ...(day1 as unknown as { events: never[] }).events];
    staking
      .given(afterDay1)
      .when({ type: 'AccrueStakeRewards', data: { positionId: 'p1', transactionId: 't2', now: at(DAY + 5) } })
      .then([]);
    staking
      .given(afterDay1)
      .when({ type: 'AccrueStakeRewards', data: { positionId: 'p1', transactionId: 't3', now: at(9 * DAY) } })
      .then([
        {
          type: 'StakeRewardAccrued',
          data: {
            positionId: 'p1',
            fromDay: 2,
            toDay: 3,
            amountMinor: '66667',
            transactionId: 't3',
            accruedAt: at(9 * DAY),
          },
        },
      ]);
  });

  it('refuses a withdrawal before the lock ends, or before every day is accrued, and a second one', () => {
    staking
      .given(placedEvents)
      .when({ type: 'WithdrawStake', data: { positionId: 'p1', transactionId: 'w', now: at(DAY) } })
      .thenRefused({ code: 'STAKE_LOCKED', lockUntil: at(3 * DAY) });
    staking
      .given(placedEvents)
      .when({ type: 'WithdrawStake', data: { positionId: 'p1', transactionId: 'w', now: at(3 * DAY) } })
      .thenRefused({ code: 'REWARDS_NOT_ACCRUED' });
    const accrued = {
      type: 'StakeRewardAccrued' as const,
      data: {
        positionId: 'p1',
        fromDay: 1,
        toDay: 3,
        amountMinor: String(10n * GEM),
        transactionId: 'a',
        accruedAt: at(3 * DAY),
      },
    };
    staking
      .given([...placedEvents, accrued])
      .when({ type: 'WithdrawStake', data: { positionId: 'p1', transactionId: 'w', now: at(3 * DAY) } })
      .then({
        events: [
          {
            type: 'StakeWithdrawn',
            data: {
              positionId: 'p1',
              stakeMinor: String(100n * GEM),
              rewardsMinor: String(10n * GEM),
              transactionId: 'w',
              withdrawnAt: at(3 * DAY),
            },
          },
        ],
        // The escrow pays out exactly what it holds: the stake and every reward.
        money: gemMovement(
          'w',
          'STAKE',
          'Stake returned from Steady with rewards',
          at(3 * DAY),
          [['escrow:stake:p1', 'user:ann', 110n * GEM]],
          { positionId: 'p1' },
        ),
      });
    const withdrawn = {
      type: 'StakeWithdrawn' as const,
      data: { positionId: 'p1', stakeMinor: '0', rewardsMinor: '0', transactionId: 'w', withdrawnAt: at(3 * DAY) },
    };
    staking
      .given([...placedEvents, accrued, withdrawn])
      .when({ type: 'WithdrawStake', data: { positionId: 'p1', transactionId: 'w2', now: at(4 * DAY) } })
      .thenRefused({ code: 'ALREADY_WITHDRAWN' });
  });
});

const funding = DeciderSpecification.for({
  decide: decideProject,
  evolve: evolveProject,
  initialState: () => initialProject('pr'),
});
const created = decideProject(
  {
    type: 'CreateProject',
    data: {
      creator: { id: 'cat', name: 'Cat', avatar: null, isDemo: false },
      title: 'Film',
      description: 'd',
      category: 'Film',
      goalMinor: 1000n * GEM,
      minPledgeMinor: 25n * GEM,
      durationDays: 30,
      tiers: [{ amountMinor: 100n * GEM, title: 'Poster', description: '', estimatedDelivery: '' }],
      now: T0,
    },
  },
  initialProject('pr'),
);
const createdEvents = created.kind === 'accepted' ? created.events : [];
const pledge = (backer: string, amount: bigint, now = at(DAY), isDemo = false, tierId: string | null = null) =>
  ({
    type: 'Pledge',
    data: {
      pledgeId: `${backer}-${amount}`,
      backer: { id: backer, isDemo },
      amountMinor: amount * GEM,
      tierId,
      transactionId: 't',
      now,
    },
  }) as const;

describe('funding decider', () => {
  it('refuses own project, a demo backer on a real project, small pledges, unknown tiers and pledges after the deadline', () => {
    funding.given(createdEvents).when(pledge('cat', 50n)).thenRefused({ code: 'OWN_PROJECT' });
    funding
      .given(createdEvents)
      .when(pledge('dan', 50n, at(DAY), true))
      .thenRefused({ code: 'DEMO_ACCOUNT_ISOLATION' });
    funding
      .given(createdEvents)
      .when(pledge('dan', 24n))
      .thenRefused({ code: 'PLEDGE_BELOW_MINIMUM', minMinor: 25n * GEM });
    funding
      .given(createdEvents)
      .when(pledge('dan', 50n, at(DAY), false, 'tier-1'))
      .thenRefused({ code: 'PLEDGE_BELOW_TIER', tierMinor: 100n * GEM });
    funding
      .given(createdEvents)
      .when(pledge('dan', 50n, at(DAY), false, 'tier-9'))
      .thenRefused({ code: 'UNKNOWN_TIER' });
    funding
      .given(createdEvents)
      .when(pledge('dan', 50n, at(30 * DAY)))
      .thenRefused({ code: 'PROJECT_CLOSED' });
  });

  it("moves a pledge from the backer's gems into the project's escrow", () => {
    funding
      .given(createdEvents)
      .when(pledge('dan', 150n, at(DAY), false, 'tier-1'))
      .then({
        events: [
          {
            type: 'PledgeMade',
            data: {
              projectId: 'pr',
              pledgeId: 'dan-150',
              backerId: 'dan',
              amountMinor: String(150n * GEM),
              tierId: 'tier-1',
              transactionId: 't',
              pledgedAt: at(DAY),
            },
          },
        ],
        money: gemMovement(
          't',
          'FUNDING_PLEDGE',
          'Pledge to Film',
          at(DAY),
          [['user:dan', 'escrow:project:pr', 150n * GEM]],
          { projectId: 'pr', pledgeId: 'dan-150' },
        ),
      });
    funding.given().when(pledge('dan', 50n)).thenRefused({ code: 'PROJECT_NOT_FOUND' });
  });

  it('settles after the deadline only, once: funded when the goal is reached, else failed', () => {
    const pledged = (amount: bigint) => [
      ...createdEvents,
      {
        type: 'PledgeMade' as const,
        data: {
          projectId: 'pr',
          pledgeId: 'x',
          backerId: 'dan',
          amountMinor: String(amount * GEM),
          tierId: null,
          transactionId: 't',
          pledgedAt: at(DAY),
        },
      },
    ];
    funding
      .given(pledged(1000n))
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(30 * DAY - 1) } })
      .thenRefused({ code: 'NOT_DUE' });
    funding
      .given(pledged(1000n))
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(30 * DAY) } })
      .then({
        events: [
          {
            type: 'ProjectSettled',
            data: {
              projectId: 'pr',
              outcome: 'funded',
              raisedMinor: String(1000n * GEM),
              transactionId: 's',
              settledAt: at(30 * DAY),
            },
          },
        ],
        // Funded: the whole escrow goes to the creator.
        money: gemMovement(
          's',
          'FUNDING_SETTLEMENT',
          'Funding for Film',
          at(30 * DAY),
          [['escrow:project:pr', 'user:cat', 1000n * GEM]],
          { projectId: 'pr', outcome: 'funded' },
        ),
      });
    funding
      .given(pledged(999n))
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(30 * DAY) } })
      .then([
        {
          type: 'ProjectSettled',
          data: {
            projectId: 'pr',
            outcome: 'failed',
            raisedMinor: String(999n * GEM),
            transactionId: 's',
            settledAt: at(30 * DAY),
          },
        },
      ]);
    // Failed: every backer gets their pledges back, summed per backer, in one transaction.
    const secondPledge = {
      type: 'PledgeMade' as const,
      data: {
        projectId: 'pr',
        pledgeId: 'y',
        backerId: 'eve',
        amountMinor: String(30n * GEM),
        tierId: null,
        transactionId: 't',
        pledgedAt: at(DAY),
      },
    };
    const thirdPledge = {
      ...secondPledge,
      data: { ...secondPledge.data, pledgeId: 'z', backerId: 'dan', amountMinor: String(20n * GEM) },
    };
    funding
      .given([...pledged(100n), secondPledge, thirdPledge])
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(30 * DAY) } })
      .then({
        money: gemMovement(
          's',
          'FUNDING_SETTLEMENT',
          'Pledges returned: Film missed its goal',
          at(30 * DAY),
          [
            ['escrow:project:pr', 'user:dan', 120n * GEM],
            ['escrow:project:pr', 'user:eve', 30n * GEM],
          ],
          { projectId: 'pr', outcome: 'failed' },
        ),
      });
    // Nothing pledged: settled with nothing to move.
    funding
      .given(createdEvents)
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(30 * DAY) } })
      .then({
        events: [
          {
            type: 'ProjectSettled',
            data: {
              projectId: 'pr',
              outcome: 'failed',
              raisedMinor: '0',
              transactionId: null,
              settledAt: at(30 * DAY),
            },
          },
        ],
        money: null,
      });
    const settled = {
      type: 'ProjectSettled' as const,
      data: {
        projectId: 'pr',
        outcome: 'failed' as const,
        raisedMinor: '0',
        transactionId: null,
        settledAt: at(30 * DAY),
      },
    };
    funding
      .given([...createdEvents, settled])
      .when({ type: 'SettleProject', data: { transactionId: 's', now: at(31 * DAY) } })
      .thenRefused({ code: 'ALREADY_SETTLED' });
  });
});

const policy: ShieldPolicyConfig = {
  id: 'basic',
  name: 'Basic',
  description: 'd',
  premium_amount: 29,
  coverage_amount: 500,
  deductible: 50,
  min_followers: 1000,
  coverage: {
    platformBan: true,
    algorithmChange: false,
    contentStrike: true,
    monetizationLoss: false,
    followerLoss: false,
  },
  platforms: ['Instagram'],
};
const shield = DeciderSpecification.for({
  decide: decideShield,
  evolve: evolveShield,
  initialState: () => initialShieldAccount('ann'),
});
const subscribed = decideShield(
  {
    type: 'Subscribe',
    data: { subscriptionId: 's1', policy, verifiedFollowers: 1000, pool: 'real', transactionId: 't', now: T0 },
  },
  initialShieldAccount('ann'),
);
const subscribedEvents = subscribed.kind === 'accepted' ? subscribed.events : [];
const claim = (occurredAt: string, now: string, incidentType: 'platformBan' | 'algorithmChange' = 'platformBan') =>
  ({
    type: 'FileClaim',
    data: { claimId: 'c1', incidentType, occurredAt, description: 'd', evidenceUrl: 'https://e.x', now },
  }) as const;

describe('shield decider', () => {
  it('needs the verified follower minimum, one subscription at a time', () => {
    shield
      .given()
      .when({
        type: 'Subscribe',
        data: { subscriptionId: 's', policy, verifiedFollowers: 999, pool: 'real', transactionId: 't', now: T0 },
      })
      .thenRefused({ code: 'FOLLOWERS_BELOW_MINIMUM', min: 1000 });
    shield
      .given(subscribedEvents)
      .when({
        type: 'Subscribe',
        data: { subscriptionId: 's2', policy, verifiedFollowers: 5000, pool: 'real', transactionId: 't', now: T0 },
      })
      .thenRefused({ code: 'ALREADY_SUBSCRIBED' });
  });

  it("pays the premium from the user's gems into the pool's escrow, and records it on the pool", () => {
    shield
      .given()
      .when({
        type: 'Subscribe',
        data: { subscriptionId: 's1', policy, verifiedFollowers: 1000, pool: 'real', transactionId: 't', now: T0 },
      })
      .then({
        events: subscribedEvents,
        money: gemMovement(
          't',
          'SHIELD_PREMIUM',
          'Social Shield premium: Basic',
          T0,
          [['user:ann', 'escrow:insurance:real', 29n * GEM]],
          { reference: 's1' },
        ),
        poolCommand: {
          pool: 'real',
          command: {
            type: 'ReceivePremium',
            data: { subscriptionId: 's1', amountMinor: 29n * GEM, transactionId: 't', now: T0 },
          },
        },
      });
  });

  it('renews only when the period is over, ends a cancelled one instead, lapses only a due active one', () => {
    shield
      .given(subscribedEvents)
      .when({ type: 'Renew', data: { subscriptionId: 's1', transactionId: 'r', now: at(30 * DAY - 1) } })
      .then({ events: [], money: null, poolCommand: null });
    shield
      .given(subscribedEvents)
      .when({ type: 'Renew', data: { subscriptionId: 's1', transactionId: 'r', now: at(30 * DAY) } })
      .then({
        events: [
          {
            type: 'ShieldRenewed',
            data: {
              subscriptionId: 's1',
              periodStart: at(30 * DAY),
              periodEnd: at(60 * DAY),
              premiumMinor: String(29n * GEM),
              transactionId: 'r',
            },
          },
        ],
        money: gemMovement(
          'r',
          'SHIELD_PREMIUM',
          'Social Shield monthly premium',
          at(30 * DAY),
          [['user:ann', 'escrow:insurance:real', 29n * GEM]],
          { reference: 's1' },
        ),
        poolCommand: {
          pool: 'real',
          command: {
            type: 'ReceivePremium',
            data: { subscriptionId: 's1', amountMinor: 29n * GEM, transactionId: 'r', now: at(30 * DAY) },
          },
        },
      });
    const cancelled = {
      type: 'ShieldCancelled' as const,
      data: { subscriptionId: 's1', cancelledAt: at(DAY), endsAt: at(30 * DAY) },
    };
    shield
      .given([...subscribedEvents, cancelled])
      .when({ type: 'Renew', data: { subscriptionId: 's1', transactionId: 'r', now: at(30 * DAY) } })
      .then({
        events: [{ type: 'ShieldEnded', data: { subscriptionId: 's1', endedAt: at(30 * DAY) } }],
        money: null,
        poolCommand: null,
      });
    shield
      .given([...subscribedEvents, cancelled])
      .when({ type: 'Cancel', data: { subscriptionId: 's1', now: at(2 * DAY) } })
      .thenRefused({ code: 'ALREADY_CANCELLED' });
    shield
      .given(subscribedEvents)
      .when({ type: 'Lapse', data: { subscriptionId: 's1', now: at(DAY) } })
      .then([]);
  });

  it('takes claims for covered incidents after the first 24 hours and within 7 days, one per period', () => {
    shield
      .given(subscribedEvents)
      .when(claim(at(DAY - 1), at(2 * DAY)))
      .thenRefused({ code: 'NOT_COVERED' });
    shield
      .given(subscribedEvents)
      .when(claim(at(2 * DAY), at(3 * DAY), 'algorithmChange'))
      .thenRefused({ code: 'NOT_COVERED' });
    shield
      .given(subscribedEvents)
      .when(claim(at(2 * DAY), at(9 * DAY + 1)))
      .thenRefused({ code: 'CLAIM_TOO_LATE' });
    shield
      .given(subscribedEvents)
      .when(claim(at(3 * DAY), at(2 * DAY)))
      .thenRefused({ code: 'INCIDENT_IN_FUTURE' });
    const filed = shield.given(subscribedEvents).when(claim(at(2 * DAY), at(3 * DAY))).decision;
    expect(filed).toMatchObject({
      kind: 'accepted',
      events: [{ type: 'ShieldClaimFiled', data: { payoutMinor: String(450n * GEM) } }],
    });
    const events = [...subscribedEvents, ...(filed as unknown as { events: never[] }).events];
    shield
      .given(events)
      .when({ ...claim(at(4 * DAY), at(5 * DAY)), data: { ...claim(at(4 * DAY), at(5 * DAY)).data, claimId: 'c2' } })
      .thenRefused({ code: 'CLAIM_PENDING' });
  });

  it("pays an approved claim out of its subscription's pool escrow, a rejected one nothing", () => {
    const filed = shield.given(subscribedEvents).when(claim(at(2 * DAY), at(3 * DAY))).decision;
    const events = [...subscribedEvents, ...(filed as unknown as { events: never[] }).events];
    const decide = (approve: boolean) =>
      ({
        type: 'DecideClaim',
        data: { claimId: 'c1', approve, reason: 'r', decidedBy: 'admin', transactionId: 'p', now: at(4 * DAY) },
      }) as const;
    shield
      .given(events)
      .when(decide(true))
      .then({
        events: [
          {
            type: 'ShieldClaimApproved',
            data: {
              claimId: 'c1',
              payoutMinor: String(450n * GEM),
              decidedBy: 'admin',
              transactionId: 'p',
              decidedAt: at(4 * DAY),
            },
          },
        ],
        money: gemMovement(
          'p',
          'SHIELD_PAYOUT',
          'Social Shield claim payout',
          at(4 * DAY),
          [['escrow:insurance:real', 'user:ann', 450n * GEM]],
          { reference: 'c1' },
        ),
        poolCommand: {
          pool: 'real',
          command: {
            type: 'PayClaim',
            data: { claimId: 'c1', amountMinor: 450n * GEM, transactionId: 'p', now: at(4 * DAY) },
          },
        },
      });
    shield
      .given(events)
      .when(decide(false))
      .then({
        events: [
          {
            type: 'ShieldClaimRejected',
            data: { claimId: 'c1', decidedBy: 'admin', reason: 'r', decidedAt: at(4 * DAY) },
          },
        ],
        money: null,
        poolCommand: null,
      });
  });

  it('the pool pays no more than the premiums it holds', () => {
    const state = { ...initialPool('real'), balanceMinor: 100n };
    expect(
      decidePool({ type: 'PayClaim', data: { claimId: 'c', amountMinor: 101n, transactionId: 't', now: T0 } }, state),
    ).toEqual({ kind: 'refused', refusal: { code: 'POOL_TOO_SMALL' } });
    expect(
      decidePool({ type: 'PayClaim', data: { claimId: 'c', amountMinor: 100n, transactionId: 't', now: T0 } }, state)
        .kind,
    ).toBe('accepted');
  });
});
