import type { GrowthChannelConfig, StakingEvent } from '@app/contracts/growth';
import {
  escrowAccount,
  SYSTEM_ACCOUNTS,
  userAccount,
  type AccountId,
  type MoneyMovement,
  type Posting,
} from '@app/contracts/ledger';

/**
 * A user's staking positions (stream `growth-staking-<userId>`). Pure decider: channel configuration, ids and time
 * arrive in the command. The reward is fixed when staking, total = amount × (multiplier − 1) (spec 3 §9), and paid
 * out of issuance into the position's escrow one lock day at a time: day k's share is the cumulative
 * floor(total × k / lockDays) minus day k−1's, so the days add up to the total exactly. A day is accrued once:
 * the state remembers the last day accrued, and the job's retries find nothing left to pay. Withdrawing (after the
 * lock) needs every day accrued: the escrow then holds exactly the stake and the whole reward.
 */
export const DAY_MS = 86_400_000;

export interface StakePosition {
  positionId: string;
  channelId: string;
  channelName: string;
  amountMinor: bigint;
  multiplierHundredths: number;
  lockDays: number;
  stakedAt: string;
  lockUntil: string;
  rewardTotalMinor: bigint;
  accruedThroughDay: number;
  earnedMinor: bigint;
  withdrawnAt: string | null;
}

export interface StakingAccountState {
  userId: string;
  positions: ReadonlyMap<string, StakePosition>;
}

export const initialStakingAccount = (userId: string): StakingAccountState => ({ userId, positions: new Map() });

export type StakingCommand =
  | {
      type: 'PlaceStake';
      data: {
        positionId: string;
        channel: GrowthChannelConfig;
        amountMinor: bigint;
        transactionId: string;
        now: string;
      };
    }
  | { type: 'AccrueStakeRewards'; data: { positionId: string; transactionId: string; now: string } }
  | { type: 'WithdrawStake'; data: { positionId: string; transactionId: string; now: string } };

export type StakingRefusal =
  | { code: 'STAKE_BELOW_MINIMUM'; min: number }
  | { code: 'STAKE_ABOVE_MAXIMUM'; max: number }
  | { code: 'POSITION_NOT_FOUND' }
  | { code: 'STAKE_LOCKED'; lockUntil: string }
  | { code: 'ALREADY_WITHDRAWN' }
  | { code: 'REWARDS_NOT_ACCRUED' };

/**
 * The whole outcome: the events and the gems they move. A stake: the user's gems into `escrow:stake:<position>`
 * (STAKE); a day's reward: `system:issuance` into that escrow (STAKING_REWARD); a withdrawal: the escrow's stake and
 * rewards back to the user (STAKE).
 */
export type StakingDecision =
  | { kind: 'accepted'; events: StakingEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: StakingRefusal };

const GEM = 10_000n;
const refuse = (refusal: StakingRefusal): StakingDecision => ({ kind: 'refused', refusal });
const gemsMoved = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting[] => [
  { debitAccount, creditAccount, currency: 'gems', amountMinor },
];

export const multiplierHundredthsOf = (multiplier: number): number => Math.round(multiplier * 100);

export function rewardTotalMinor(amountMinor: bigint, multiplierHundredths: number): bigint {
  return (amountMinor * BigInt(multiplierHundredths - 100)) / 100n;
}

/** Rewards of days 1..day together (day 0: nothing, day lockDays: the whole total). */
export function cumulativeRewardMinor(
  position: Pick<StakePosition, 'rewardTotalMinor' | 'lockDays'>,
  day: number,
): bigint {
  const bounded = Math.max(0, Math.min(day, position.lockDays));
  return (position.rewardTotalMinor * BigInt(bounded)) / BigInt(position.lockDays);
}

/** Whole lock days elapsed at `now` (at most the lock). */
export function daysDue(position: Pick<StakePosition, 'stakedAt' | 'lockDays'>, now: string): number {
  const elapsed = Math.floor((Date.parse(now) - Date.parse(position.stakedAt)) / DAY_MS);
  return Math.max(0, Math.min(elapsed, position.lockDays));
}

export const isUnlocked = (position: Pick<StakePosition, 'lockUntil'>, now: string) =>
  Date.parse(now) >= Date.parse(position.lockUntil);

type StakeRewardAccrued = Extract<StakingEvent, { type: 'StakeRewardAccrued' }>;

function accrual(
  position: StakePosition,
  throughDay: number,
  transactionId: string,
  now: string,
): StakeRewardAccrued[] {
  if (throughDay <= position.accruedThroughDay) return [];
  const amountMinor =
    cumulativeRewardMinor(position, throughDay) - cumulativeRewardMinor(position, position.accruedThroughDay);
  return [
    {
      type: 'StakeRewardAccrued',
      data: {
        positionId: position.positionId,
        fromDay: position.accruedThroughDay + 1,
        toDay: throughDay,
        amountMinor: amountMinor.toString(),
        transactionId,
        accruedAt: now,
      },
    },
  ];
}

export function decideStaking(command: StakingCommand, state: StakingAccountState): StakingDecision {
  switch (command.type) {
    case 'PlaceStake':
      return placeStake(command.data, state);
    case 'AccrueStakeRewards': {
      const { positionId, transactionId, now } = command.data;
      const position = state.positions.get(positionId);
      if (!position) return refuse({ code: 'POSITION_NOT_FOUND' });
      if (position.withdrawnAt) return { kind: 'accepted', events: [], money: null };
      const events = accrual(position, daysDue(position, now), transactionId, now);
      const accrued = events[0];
      if (!accrued || BigInt(accrued.data.amountMinor) === 0n) return { kind: 'accepted', events, money: null };
      const { fromDay, toDay, amountMinor } = accrued.data;
      const money: MoneyMovement = {
        transactionId,
        reasonCode: 'STAKING_REWARD',
        description: `Staking reward, days ${fromDay}–${toDay}`,
        now,
        postings: gemsMoved(SYSTEM_ACCOUNTS.issuance, escrowAccount('stake', positionId), BigInt(amountMinor)),
        references: { positionId, fromDay: String(fromDay), toDay: String(toDay) },
      };
      return { kind: 'accepted', events, money };
    }
    case 'WithdrawStake':
      return withdrawStake(command.data, state);
  }
}

type Data<Type extends StakingCommand['type']> = Extract<StakingCommand, { type: Type }>['data'];

function placeStake(data: Data<'PlaceStake'>, state: StakingAccountState): StakingDecision {
  const { positionId, channel, amountMinor, transactionId, now } = data;
  if (amountMinor < BigInt(channel.min_amount) * GEM)
    return refuse({ code: 'STAKE_BELOW_MINIMUM', min: channel.min_amount });
  if (amountMinor > BigInt(channel.max_amount) * GEM)
    return refuse({ code: 'STAKE_ABOVE_MAXIMUM', max: channel.max_amount });
  const multiplierHundredths = multiplierHundredthsOf(channel.base_multiplier);
  const placed: StakingEvent = {
    type: 'StakePlaced',
    data: {
      positionId,
      userId: state.userId,
      channelId: channel.id,
      channelName: channel.name,
      amountMinor: amountMinor.toString(),
      multiplierHundredths,
      lockDays: channel.lock_period_days,
      stakedAt: now,
      lockUntil: new Date(Date.parse(now) + channel.lock_period_days * DAY_MS).toISOString(),
      rewardTotalMinor: rewardTotalMinor(amountMinor, multiplierHundredths).toString(),
      transactionId,
    },
  };
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'STAKE',
    description: `Stake in ${channel.name}`,
    now,
    postings: gemsMoved(userAccount(state.userId), escrowAccount('stake', positionId), amountMinor),
    references: { positionId, channelId: channel.id },
  };
  return { kind: 'accepted', events: [placed], money };
}

function withdrawStake(data: Data<'WithdrawStake'>, state: StakingAccountState): StakingDecision {
  const { positionId, transactionId, now } = data;
  const position = state.positions.get(positionId);
  if (!position) return refuse({ code: 'POSITION_NOT_FOUND' });
  if (position.withdrawnAt) return refuse({ code: 'ALREADY_WITHDRAWN' });
  if (!isUnlocked(position, now)) return refuse({ code: 'STAKE_LOCKED', lockUntil: position.lockUntil });
  // The escrow holds the stake and every reward accrued; the caller accrues the days the job has not reached first.
  if (position.accruedThroughDay < position.lockDays) return refuse({ code: 'REWARDS_NOT_ACCRUED' });
  const withdrawn: StakingEvent = {
    type: 'StakeWithdrawn',
    data: {
      positionId,
      stakeMinor: position.amountMinor.toString(),
      rewardsMinor: position.earnedMinor.toString(),
      transactionId,
      withdrawnAt: now,
    },
  };
  const heldMinor = position.amountMinor + position.earnedMinor;
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'STAKE',
    description: `Stake returned from ${position.channelName} with rewards`,
    now,
    // The escrow pays out exactly what it holds: the stake and every reward accrued.
    postings: gemsMoved(escrowAccount('stake', positionId), userAccount(state.userId), heldMinor),
    references: { positionId },
  };
  return { kind: 'accepted', events: [withdrawn], money };
}

export function evolveStaking(state: StakingAccountState, event: StakingEvent): StakingAccountState {
  const positions = new Map(state.positions);
  switch (event.type) {
    case 'StakePlaced': {
      const data = event.data;
      positions.set(data.positionId, {
        positionId: data.positionId,
        channelId: data.channelId,
        channelName: data.channelName,
        amountMinor: BigInt(data.amountMinor),
        multiplierHundredths: data.multiplierHundredths,
        lockDays: data.lockDays,
        stakedAt: data.stakedAt,
        lockUntil: data.lockUntil,
        rewardTotalMinor: BigInt(data.rewardTotalMinor),
        accruedThroughDay: 0,
        earnedMinor: 0n,
        withdrawnAt: null,
      });
      break;
    }
    case 'StakeRewardAccrued': {
      const position = positions.get(event.data.positionId);
      if (position)
        positions.set(position.positionId, {
          ...position,
          accruedThroughDay: event.data.toDay,
          earnedMinor: position.earnedMinor + BigInt(event.data.amountMinor),
        });
      break;
    }
    case 'StakeWithdrawn': {
      const position = positions.get(event.data.positionId);
      if (position) positions.set(position.positionId, { ...position, withdrawnAt: event.data.withdrawnAt });
      break;
    }
  }
  return { ...state, positions };
}
