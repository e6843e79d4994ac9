import type { EngagementEvent, SocialActionType } from '@app/contracts/engagement';

/** One user's engagement with one item (`engagement-<contentId>-<userId>`). */
export interface UserContentState {
  liked: boolean;
  saved: boolean;
  /** Saved at least once: a save earns points once, however often it is removed and saved again. */
  savedEver: boolean;
  /** Action types that already earned free engagement shares (each at most once per user and item). */
  sharesEarnedFor: readonly SocialActionType[];
  sharesHeld: number;
  movesRecorded: readonly SocialActionType[];
  /**
   * Quick-action types recorded at least once (points of `POINTS_ONCE_PER_ITEM` actions are paid the first time only).
   */
  actionsRecorded: readonly SocialActionType[];
}

/** The item's engagement-share pool and its tips and funds (`engagement-content-<contentId>`). */
export interface ContentPoolState {
  sharesGiven: number;
  revenueUsdMinor: bigint;
}

/**
 * What the user was rewarded on one UTC day: quick-action points (capped a day) and external moves (counted a day).
 * An inline row (`engagement_daily_rewards`) written with the events; days before it were `DailyRewardCounted` streams
 * (`engagement-daily-<userId>-<day>`), which its migration summed into rows.
 */
export interface DailyState {
  pointsMinor: bigint;
  externalMoves: number;
}

export interface SponsorshipState {
  /** `ended`: ended early because its item was archived or deleted (the unused share refunded). */
  status: 'none' | 'live' | 'spent' | 'ended';
  contentId: string | null;
  sponsorId: string | null;
  gemsMinor: bigint;
  startsAt: string | null;
  endsAt: string | null;
}

export const initialUserContent = (): UserContentState => ({
  liked: false,
  saved: false,
  savedEver: false,
  sharesEarnedFor: [],
  sharesHeld: 0,
  movesRecorded: [],
  actionsRecorded: [],
});
export const initialPool = (): ContentPoolState => ({ sharesGiven: 0, revenueUsdMinor: 0n });
export const initialDaily = (): DailyState => ({ pointsMinor: 0n, externalMoves: 0 });
export const initialSponsorship = (): SponsorshipState => ({
  status: 'none',
  contentId: null,
  sponsorId: null,
  gemsMinor: 0n,
  startsAt: null,
  endsAt: null,
});

export function evolveUserContent(state: UserContentState, event: EngagementEvent): UserContentState {
  switch (event.type) {
    case 'SocialActionRecorded': {
      const { actionType, engagementShares } = event.data;
      return {
        ...state,
        liked: state.liked || actionType === 'like',
        saved: actionType === 'save' ? true : state.saved,
        savedEver: state.savedEver || actionType === 'save',
        sharesEarnedFor: engagementShares > 0 ? [...state.sharesEarnedFor, actionType] : state.sharesEarnedFor,
        sharesHeld: state.sharesHeld + engagementShares,
        actionsRecorded: state.actionsRecorded.includes(actionType)
          ? state.actionsRecorded
          : [...state.actionsRecorded, actionType],
      };
    }
    case 'ContentUnsaved':
      return { ...state, saved: false };
    case 'ExternalMoveRecorded':
      return { ...state, movesRecorded: [...state.movesRecorded, event.data.moveType] };
    default:
      return state;
  }
}

export function evolvePool(state: ContentPoolState, event: EngagementEvent): ContentPoolState {
  if ((event.type === 'EngagementSharesGiven' || event.type === 'ContentTipped') && event.data.poolAfter) {
    return {
      sharesGiven: event.data.poolAfter.sharesGiven,
      revenueUsdMinor: BigInt(event.data.poolAfter.revenueUsdMinor),
    };
  }
  if (event.type === 'EngagementSharesGiven') return { ...state, sharesGiven: state.sharesGiven + event.data.shares };
  if (event.type === 'ContentTipped')
    return { ...state, revenueUsdMinor: state.revenueUsdMinor + BigInt(event.data.usdMinor) };
  return state;
}

export function evolveSponsorship(state: SponsorshipState, event: EngagementEvent): SponsorshipState {
  if (event.type === 'ContentSponsored') {
    const { contentId, sponsorId, gemsMinor, startsAt, endsAt } = event.data;
    return { status: 'live', contentId, sponsorId, gemsMinor: BigInt(gemsMinor), startsAt, endsAt };
  }
  if (event.type === 'SponsorshipSpent') return { ...state, status: 'spent' };
  if (event.type === 'SponsorshipEndedEarly') return { ...state, status: 'ended' };
  return state;
}
