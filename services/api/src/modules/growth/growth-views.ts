import type {
  FundingProject,
  GrowthChannel,
  GrowthChannelConfig,
  ShieldClaim,
  ShieldPolicy,
  ShieldPolicyConfig,
  ShieldSubscription,
  StakingPosition,
} from '@app/contracts/growth';
import { minorToApiNumber, parseDecimalToMinor } from '@app/contracts/ledger';
import { expectedApr } from './config/growth-catalogue';
import { cumulativeRewardMinor, DAY_MS, isUnlocked, type StakePosition } from './domain/staking';
import type { ProjectState } from './domain/funding';
import type { Claim, Subscription } from './domain/shield';
import { currentPeriod } from './domain/shield';

export const gems = (minor: bigint | string) => minorToApiNumber(BigInt(minor), 'gems');
/** Adds gem amounts of API numbers exactly (through minor units, never float addition). */
export const sumGems = (...values: number[]) =>
  gems(values.reduce((sum, value) => sum + (parseDecimalToMinor(value, 'gems') ?? 0n), 0n));

export function toChannel(
  channel: GrowthChannelConfig,
  stats: { participants: number; depositedMinor: bigint },
): GrowthChannel {
  return {
    id: channel.id,
    name: channel.name,
    description: channel.description,
    lock_period_days: channel.lock_period_days,
    base_multiplier: channel.base_multiplier,
    risk_level: channel.risk_level,
    min_amount: channel.min_amount,
    max_amount: channel.max_amount,
    expected_apr: expectedApr(channel),
    icon: channel.icon,
    color: channel.color,
    features: channel.features,
    participant_count: stats.participants,
    total_deposited: gems(stats.depositedMinor),
  };
}

export function toPosition(position: StakePosition, now: string): StakingPosition {
  return {
    id: position.positionId,
    channel_id: position.channelId,
    channel_name: position.channelName,
    amount: gems(position.amountMinor),
    multiplier: position.multiplierHundredths / 100,
    staked_at: position.stakedAt,
    lock_until: position.lockUntil,
    earned_so_far: gems(position.earnedMinor),
    projected_total_reward: gems(position.rewardTotalMinor),
    daily_reward: gems(cumulativeRewardMinor(position, 1)),
    status: position.withdrawnAt ? 'withdrawn' : isUnlocked(position, now) ? 'withdrawable' : 'active',
  };
}

export interface ProjectCounters {
  raisedMinor: bigint;
  backers: number;
  tierBackers: Record<string, number>;
}

/** The project's view; the counters come from the projection in lists, from the stream after a write. */
export function toProject(state: ProjectState, counters: ProjectCounters, now: string): FundingProject {
  const project = state.created!;
  const msLeft = Date.parse(project.deadline) - Date.parse(now);
  const status = state.settled ? state.settled.outcome : msLeft > 0 ? 'active' : 'closing';
  return {
    id: state.projectId,
    creator_id: project.creatorId,
    creator_name: project.creatorName,
    creator_avatar: project.creatorAvatar,
    title: project.title,
    description: project.description,
    category: project.category,
    target_amount: gems(project.goalMinor),
    amount_raised: gems(counters.raisedMinor),
    backer_count: counters.backers,
    days_left: Math.max(0, Math.ceil(msLeft / DAY_MS)),
    deadline: project.deadline,
    duration_days: project.durationDays,
    min_pledge: gems(project.minPledgeMinor),
    status,
    // Featured: the goal is within reach (three quarters raised) while pledges are still taken.
    featured: status === 'active' && counters.raisedMinor * 4n >= project.goalMinor * 3n,
    reward_tiers: project.tiers.map((tier) => ({
      id: tier.id,
      amount: gems(tier.amountMinor),
      title: tier.title,
      description: tier.description,
      estimatedDelivery: tier.estimatedDelivery,
      backerCount: counters.tierBackers[tier.id] ?? 0,
    })),
    created_at: project.createdAt,
  };
}

export function countersOf(state: ProjectState): ProjectCounters {
  const tierBackers: Record<string, number> = {};
  for (const pledge of state.pledges)
    if (pledge.tierId) tierBackers[pledge.tierId] = (tierBackers[pledge.tierId] ?? 0) + 1;
  return {
    raisedMinor: state.raisedMinor,
    backers: new Set(state.pledges.map((pledge) => pledge.backerId)).size,
    tierBackers,
  };
}

export function toPolicy(policy: ShieldPolicyConfig): ShieldPolicy {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    premium_amount: policy.premium_amount,
    coverage_amount: policy.coverage_amount,
    deductible: policy.deductible,
    min_followers: policy.min_followers,
    coverage: { ...policy.coverage },
    platforms: policy.platforms,
  };
}

export function toSubscription(subscription: Subscription): ShieldSubscription {
  const period = currentPeriod(subscription);
  return {
    id: subscription.subscriptionId,
    policy_id: subscription.policyId,
    policy_name: subscription.policyName,
    status: subscription.status,
    premium_amount: gems(subscription.premiumMinor),
    coverage_amount: gems(subscription.coverageMinor),
    deductible: gems(subscription.deductibleMinor),
    period_start: period.start,
    period_end: period.end,
    coverage_from: subscription.coverageFrom,
    subscribed_at: subscription.subscribedAt,
  };
}

export function toClaim(claim: Claim, userId: string): ShieldClaim {
  return {
    id: claim.claimId,
    subscription_id: claim.subscriptionId,
    user_id: userId,
    incident_type: claim.incidentType,
    occurred_at: claim.occurredAt,
    description: claim.description,
    evidence_url: claim.evidenceUrl,
    payout_amount: gems(claim.payoutMinor),
    status: claim.status,
    filed_at: claim.filedAt,
    decided_at: claim.decidedAt,
    decision_reason: claim.reason,
  };
}
