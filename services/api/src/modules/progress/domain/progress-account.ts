import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement } from '@app/contracts/ledger';
import {
  XP_PER_LEVEL,
  findAchievement,
  levelOf,
  type AchievementCriteria,
  type AchievementDefinition,
  type ProgressEvent,
} from '@app/contracts/progress';

/**
 * One user's progress (stream `progress-account-<userId>`): XP awarded and achievements claimed. XP is not a ledger
 * currency; it lives here as events. Pure decider: counters, multipliers, time and ids arrive in the command.
 */
export interface ProgressAccountState {
  userId: string;
  xpPoints: number;
  awardedSources: ReadonlySet<string>;
  claimedAchievements: ReadonlyMap<string, string>;
}

export const initialProgressAccount = (userId: string): ProgressAccountState => ({
  userId,
  xpPoints: 0,
  awardedSources: new Set(),
  claimedAchievements: new Map(),
});

/** Counters folded from other contexts' events (the progress counters projection); level comes from the stream. */
export type ProgressCounters = Record<Exclude<AchievementCriteria, 'level'>, number>;
export const EMPTY_COUNTERS: ProgressCounters = Object.freeze({
  account_created: 0,
  content_created: 0,
  follower_count: 0,
  points_spent: 0,
});

export type ProgressCommand =
  | {
      type: 'AwardExperience';
      data: { baseAmount: number; xpMultiplier: number; source: string; sourceId: string; now: string };
    }
  | {
      type: 'ClaimAchievement';
      data: {
        achievementId: string;
        counters: ProgressCounters;
        xpMultiplier: number;
        transactionId: string;
        now: string;
      };
    };

export type ProgressRefusal =
  'ACHIEVEMENT_MUST_EXIST' | 'ACHIEVEMENT_MUST_BE_MET' | 'ACHIEVEMENT_CLAIMED_ONCE' | 'XP_MUST_BE_POSITIVE';
/** `money`: an achievement's gold, issued to the user in the claim's append; XP moves none (it is not a currency). */
export type ProgressDecision =
  | { kind: 'accepted'; events: ProgressEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: ProgressRefusal };

const refuse = (refusal: ProgressRefusal): ProgressDecision => ({ kind: 'refused', refusal });
const sourceKey = (source: string, sourceId: string) => `${source}:${sourceId}`;

export function achievementProgress(
  definition: AchievementDefinition,
  state: ProgressAccountState,
  counters: ProgressCounters,
): number {
  return definition.criteria_type === 'level' ? levelOf(state.xpPoints) : counters[definition.criteria_type];
}

/** An achievement met and not claimed yet: its XP is awarded, and its gold paid from issuance (when it pays any). */
function claimAchievement(
  data: Extract<ProgressCommand, { type: 'ClaimAchievement' }>['data'],
  state: ProgressAccountState,
): ProgressDecision {
  const userId = state.userId;
  const { achievementId, counters, xpMultiplier, transactionId, now } = data;
  const definition = findAchievement(achievementId);
  if (!definition) return refuse('ACHIEVEMENT_MUST_EXIST');
  if (state.claimedAchievements.has(achievementId)) return refuse('ACHIEVEMENT_CLAIMED_ONCE');
  if (achievementProgress(definition, state, counters) < definition.criteria_value)
    return refuse('ACHIEVEMENT_MUST_BE_MET');
  return {
    kind: 'accepted',
    events: [
      {
        type: 'AchievementClaimed',
        data: {
          userId,
          achievementId,
          goldReward: definition.gold_reward,
          xpReward: definition.xp_reward,
          transactionId,
          claimedAt: now,
        },
      },
      {
        type: 'ExperienceAwarded',
        data: {
          userId,
          baseAmount: definition.xp_reward,
          multiplier: xpMultiplier,
          amount: definition.xp_reward * xpMultiplier,
          source: 'achievement',
          sourceId: achievementId,
          awardedAt: now,
        },
      },
    ],
    money:
      definition.gold_reward > 0
        ? {
            transactionId,
            reasonCode: 'ACHIEVEMENT_REWARD',
            description: `Achievement: ${achievementId}`,
            now,
            postings: [
              {
                debitAccount: SYSTEM_ACCOUNTS.issuance,
                creditAccount: userAccount(userId),
                currency: 'gold',
                amountMinor: BigInt(definition.gold_reward),
              },
            ],
            references: { achievementId },
          }
        : null,
  };
}

export function decide(command: ProgressCommand, state: ProgressAccountState): ProgressDecision {
  const userId = state.userId;
  switch (command.type) {
    case 'AwardExperience': {
      const { baseAmount, xpMultiplier, source, sourceId, now } = command.data;
      if (!Number.isInteger(baseAmount) || baseAmount <= 0) return refuse('XP_MUST_BE_POSITIVE');
      // The same source (an achievement, a completed drop) awards once, whoever retries.
      if (state.awardedSources.has(sourceKey(source, sourceId))) return { kind: 'accepted', events: [], money: null };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'ExperienceAwarded',
            data: {
              userId,
              baseAmount,
              multiplier: xpMultiplier,
              amount: baseAmount * xpMultiplier,
              source,
              sourceId,
              awardedAt: now,
            },
          },
        ],
        money: null,
      };
    }
    case 'ClaimAchievement':
      return claimAchievement(command.data, state);
  }
}

export function evolve(state: ProgressAccountState, event: ProgressEvent): ProgressAccountState {
  switch (event.type) {
    case 'ExperienceAwarded':
      return {
        ...state,
        xpPoints: state.xpPoints + event.data.amount,
        awardedSources: new Set([...state.awardedSources, sourceKey(event.data.source, event.data.sourceId)]),
      };
    case 'AchievementClaimed':
      return {
        ...state,
        claimedAchievements: new Map([...state.claimedAchievements, [event.data.achievementId, event.data.claimedAt]]),
      };
  }
}

export const foldProgressAccount = (userId: string, events: ProgressEvent[]): ProgressAccountState =>
  events.reduce(evolve, initialProgressAccount(userId));

export function progressView(xpPoints: number) {
  const level = levelOf(xpPoints);
  const start = level * XP_PER_LEVEL;
  const next = (level + 1) * XP_PER_LEVEL;
  return {
    xp_points: xpPoints,
    level,
    level_start_xp: start,
    next_level_xp: next,
    xp_to_next_level: next - xpPoints,
    level_progress_percent: Math.round(((xpPoints - start) / XP_PER_LEVEL) * 1000) / 10,
  };
}
