import type { EngagementEvent } from '@app/contracts/engagement';
import { SYSTEM_ACCOUNTS, escrowAccount, userAccount, type MoneyMovement, type Posting } from '@app/contracts/ledger';
import type { SponsorshipState } from './state';

/**
 * What an archived or deleted item leaves behind in this context, settled once (README "When an item goes"):
 * - its funding reserve (`escrow:content:<id>`, every `fund` in USD) is paid to the holders of its shares pro rata;
 * - every live sponsorship of it ends early: the gems for the time left go back to the sponsor, the rest is spent.
 */

/** The reserve as the item's pool stream tells it: funds in, and whether it was paid out. */
export interface ReserveState {
  reserveUsdMinor: bigint;
  released: boolean;
}

export const initialReserve = (): ReserveState => ({ reserveUsdMinor: 0n, released: false });

export function evolveReserve(state: ReserveState, event: EngagementEvent): ReserveState {
  if (event.type === 'ContentTipped' && event.data.kind === 'fund')
    return { ...state, reserveUsdMinor: state.reserveUsdMinor + BigInt(event.data.usdMinor) };
  if (event.type === 'ContentReserveReleased') return { reserveUsdMinor: 0n, released: true };
  return state;
}

export interface ReleaseReserveCommand {
  contentId: string;
  creatorId: string;
  totalShares: number;
  /** Everyone but the creator who holds shares of the item (bought, resold or given for engagement). */
  holders: ReadonlyArray<{ userId: string; shares: number }>;
  transactionId: string;
  now: string;
}

/**
 * Pays the reserve out: each holder floor(reserve × shares / total_shares); the creator holds every share nobody
 * else holds (unsold, the engagement pool, their own) and takes what is left, rounding included. The postings sum to
 * exactly the reserve, so nothing is paid that was not funded. Released once; nothing to pay records nothing.
 */
export function decideReleaseReserve(
  command: ReleaseReserveCommand,
  state: ReserveState,
): { events: EngagementEvent[]; money: MoneyMovement | null } {
  if (state.released || state.reserveUsdMinor <= 0n) return { events: [], money: null };
  const reserve = state.reserveUsdMinor;
  const total = BigInt(command.totalShares);
  const merged = new Map<string, number>();
  for (const holder of command.holders) {
    if (holder.userId === command.creatorId || holder.shares <= 0) continue;
    merged.set(holder.userId, (merged.get(holder.userId) ?? 0) + holder.shares);
  }
  const heldByOthers = [...merged.values()].reduce((sum, shares) => sum + shares, 0);
  if (heldByOthers > command.totalShares)
    throw new Error(`Invariant broken: ${heldByOthers} shares held of ${command.totalShares} on ${command.contentId}`);
  const payouts = [...merged].map(([userId, shares]) => ({
    userId,
    shares,
    usdMinor: (reserve * BigInt(shares)) / total,
  }));
  const paidToHolders = payouts.reduce((sum, payout) => sum + payout.usdMinor, 0n);
  payouts.push({
    userId: command.creatorId,
    shares: command.totalShares - heldByOthers,
    usdMinor: reserve - paidToHolders,
  });
  const escrow = escrowAccount('content', command.contentId);
  const postings: Posting[] = payouts
    .filter((payout) => payout.usdMinor > 0n)
    .map((payout) => ({
      debitAccount: escrow,
      creditAccount: userAccount(payout.userId),
      currency: 'usd',
      amountMinor: payout.usdMinor,
    }));
  return {
    money:
      postings.length > 0
        ? {
            transactionId: command.transactionId,
            reasonCode: 'CONTENT_FUNDING',
            description: 'Funding reserve paid out: the item was removed',
            postings,
            now: command.now,
            references: { contentId: command.contentId },
          }
        : null,
    events: [
      {
        type: 'ContentReserveReleased',
        data: {
          contentId: command.contentId,
          reserveUsdMinor: reserve.toString(),
          totalShares: command.totalShares,
          payouts: payouts.map((payout) => ({ ...payout, usdMinor: payout.usdMinor.toString() })),
          transactionId: postings.length > 0 ? command.transactionId : null,
          at: command.now,
        },
      },
    ],
  };
}

/**
 * A live sponsorship whose item is gone ends now: the sponsor gets back floor(gems × time left / duration), platform
 * revenue keeps the rest (the boost that ran). Once: an ended or spent sponsorship is left alone, and one past its
 * end is the expiry job's (spent whole).
 */
export function decideEndSponsorshipEarly(
  command: { sponsorshipId: string; transactionId: string; now: string },
  state: SponsorshipState,
): { events: EngagementEvent[]; money: MoneyMovement | null } {
  if (state.status !== 'live' || !state.contentId || !state.sponsorId || !state.startsAt || !state.endsAt)
    return { events: [], money: null };
  const now = BigInt(Date.parse(command.now));
  const starts = BigInt(Date.parse(state.startsAt));
  const ends = BigInt(Date.parse(state.endsAt));
  if (now >= ends) return { events: [], money: null };
  const left = now <= starts ? ends - starts : ends - now;
  const refunded = (state.gemsMinor * left) / (ends - starts);
  const spent = state.gemsMinor - refunded;
  const escrow = escrowAccount('sponsorship', command.sponsorshipId);
  const postings: Posting[] = [
    ...(refunded > 0n
      ? [
          {
            debitAccount: escrow,
            creditAccount: userAccount(state.sponsorId),
            currency: 'gems' as const,
            amountMinor: refunded,
          },
        ]
      : []),
    ...(spent > 0n
      ? [{ debitAccount: escrow, creditAccount: SYSTEM_ACCOUNTS.fees, currency: 'gems' as const, amountMinor: spent }]
      : []),
  ];
  return {
    money:
      postings.length > 0
        ? {
            transactionId: command.transactionId,
            reasonCode: 'SPONSORSHIP',
            description: 'Sponsorship ended early: the item was removed',
            postings,
            now: command.now,
            references: { sponsorshipId: command.sponsorshipId },
          }
        : null,
    events: [
      {
        type: 'SponsorshipEndedEarly',
        data: {
          sponsorshipId: command.sponsorshipId,
          contentId: state.contentId,
          sponsorId: state.sponsorId,
          refundedGemsMinor: refunded.toString(),
          spentGemsMinor: spent.toString(),
          transactionId: command.transactionId,
          at: command.now,
        },
      },
    ],
  };
}
