import { sharePriceFor } from '@app/contracts/content';
import {
  usdMinorValueOf,
  type EngagementEvent,
  type FundCurrency,
  type SponsorPackage,
} from '@app/contracts/engagement';
import {
  SYSTEM_ACCOUNTS,
  escrowAccount,
  userAccount,
  type Currency,
  type MoneyMovement,
  type Posting,
} from '@app/contracts/ledger';
import type { ContentPoolState, SponsorshipState } from './state';

export type MoneyRefusal =
  | 'CONTENT_ARCHIVED'
  | 'OWN_CONTENT'
  | 'DEMO_ISOLATION'
  | 'NOT_ADVERTISER'
  | 'TOO_SMALL'
  | 'SPONSORSHIP_NOT_FOUND'
  | 'SPONSORSHIP_NOT_ENDED';
type Refused = { kind: 'refused'; refusal: MoneyRefusal };

const LEDGER_CURRENCY: Readonly<Record<FundCurrency, Currency>> = { USD: 'usd', Gems: 'gems', Points: 'points' };

export interface TipCommand {
  kind: 'tip' | 'fund';
  contentId: string;
  fromUserId: string;
  fromIsDemo: boolean;
  content: {
    title: string;
    creatorId: string;
    creatorIsDemo: boolean;
    status: 'active' | 'archived';
    totalShares: number;
  };
  currency: FundCurrency;
  amountMinor: bigint;
  transactionId: string;
  now: string;
}

export interface TipDecision {
  kind: 'accepted';
  events: EngagementEvent[];
  money: MoneyMovement;
  usdMinor: bigint;
  newRevenueUsdMinor: bigint;
  newSharePriceUsdMinor: bigint;
}

/**
 * A tip pays the creator's USD wallet (gems at $0.01, points at 1,000 = $1, USD as is); a fund pays the item's
 * escrow (`escrow:content:<id>`), valued the same way. Gems and points given up go to `system:conversion`, which pays
 * the USD: the platform keeps the difference between what gems cost and the $0.01 paid per gem. A tip of one's own
 * content is refused (a fund is how a creator backs their item); a fund between a demo and a real account is refused
 * here because the escrow would mix them (a tip is refused by the ledger itself).
 */
export function decideTip(command: TipCommand, pool: ContentPoolState): TipDecision | Refused {
  const { content } = command;
  if (content.status !== 'active') return { kind: 'refused', refusal: 'CONTENT_ARCHIVED' };
  if (command.kind === 'tip' && content.creatorId === command.fromUserId)
    return { kind: 'refused', refusal: 'OWN_CONTENT' };
  if (command.kind === 'fund' && command.fromIsDemo !== content.creatorIsDemo)
    return { kind: 'refused', refusal: 'DEMO_ISOLATION' };
  const usdMinor = usdMinorValueOf(command.currency, command.amountMinor);
  if (usdMinor <= 0n || command.amountMinor <= 0n) return { kind: 'refused', refusal: 'TOO_SMALL' };

  const newRevenueUsdMinor = pool.revenueUsdMinor + usdMinor;
  const from = userAccount(command.fromUserId);
  const to = command.kind === 'tip' ? userAccount(content.creatorId) : escrowAccount('content', command.contentId);
  const currency = LEDGER_CURRENCY[command.currency];
  const postings: Posting[] =
    currency === 'usd'
      ? [{ debitAccount: from, creditAccount: to, currency: 'usd', amountMinor: usdMinor }]
      : [
          { debitAccount: from, creditAccount: SYSTEM_ACCOUNTS.conversion, currency, amountMinor: command.amountMinor },
          { debitAccount: SYSTEM_ACCOUNTS.conversion, creditAccount: to, currency: 'usd', amountMinor: usdMinor },
        ];
  return {
    kind: 'accepted',
    events: [
      {
        type: 'ContentTipped',
        data: {
          contentId: command.contentId,
          fromUserId: command.fromUserId,
          kind: command.kind,
          currency: command.currency,
          amountMinor: command.amountMinor.toString(),
          usdMinor: usdMinor.toString(),
          transactionId: command.transactionId,
          at: command.now,
          poolAfter: { sharesGiven: pool.sharesGiven, revenueUsdMinor: newRevenueUsdMinor.toString() },
        },
      },
    ],
    money: {
      transactionId: command.transactionId,
      reasonCode: command.kind === 'tip' ? 'TIP' : 'CONTENT_FUNDING',
      description: `${command.kind === 'tip' ? 'Tip to' : 'Funding of'} "${content.title}"`,
      postings,
      now: command.now,
      references: { contentId: command.contentId },
    },
    usdMinor,
    newRevenueUsdMinor,
    newSharePriceUsdMinor: sharePriceFor(newRevenueUsdMinor, content.totalShares),
  };
}

export interface SponsorCommand {
  sponsorshipId: string;
  contentId: string;
  sponsor: { userId: string; name: string; userType: string; isDemo: boolean };
  content: { title: string; creatorId: string; creatorIsDemo: boolean; status: 'active' | 'archived' };
  package: SponsorPackage;
  transactionId: string;
  now: string;
}

const GEM_MINOR = 10_000n;

/**
 * Advertisers sponsor content they do not own with one of the five packages, priced by the server. The gems move
 * into the sponsorship's own escrow for the package's hours (held: nothing else can spend them), then the expiry
 * job spends them to platform revenue. Demo sponsors boost demo content only (sandboxes never touch real items).
 */
export function decideSponsor(
  command: SponsorCommand,
  state: SponsorshipState,
): { kind: 'accepted'; events: EngagementEvent[]; money: MoneyMovement; endsAt: string } | Refused {
  const { sponsor, content } = command;
  if (sponsor.userType !== 'advertiser') return { kind: 'refused', refusal: 'NOT_ADVERTISER' };
  if (content.creatorId === sponsor.userId) return { kind: 'refused', refusal: 'OWN_CONTENT' };
  if (content.status !== 'active') return { kind: 'refused', refusal: 'CONTENT_ARCHIVED' };
  if (sponsor.isDemo !== content.creatorIsDemo) return { kind: 'refused', refusal: 'DEMO_ISOLATION' };
  if (state.status !== 'none') throw new Error(`Sponsorship ${command.sponsorshipId} exists already`);
  const gemsMinor = BigInt(command.package.gems) * GEM_MINOR;
  const endsAt = new Date(Date.parse(command.now) + command.package.hours * 3_600_000).toISOString();
  return {
    kind: 'accepted',
    endsAt,
    money: {
      transactionId: command.transactionId,
      reasonCode: 'SPONSORSHIP',
      description: `${command.package.name} for "${content.title}"`,
      postings: [
        {
          debitAccount: userAccount(sponsor.userId),
          creditAccount: escrowAccount('sponsorship', command.sponsorshipId),
          currency: 'gems',
          amountMinor: gemsMinor,
        },
      ],
      now: command.now,
      references: { contentId: command.contentId, sponsorshipId: command.sponsorshipId },
    },
    events: [
      {
        type: 'ContentSponsored',
        data: {
          sponsorshipId: command.sponsorshipId,
          contentId: command.contentId,
          sponsorId: sponsor.userId,
          sponsorName: sponsor.name,
          packageId: command.package.id,
          gemsMinor: gemsMinor.toString(),
          multiplierTenths: command.package.multiplierTenths,
          hours: command.package.hours,
          startsAt: command.now,
          endsAt,
          transactionId: command.transactionId,
        },
      },
    ],
  };
}

/** At or after its end, a live sponsorship's escrow is spent to platform revenue, once; a spent one is a no-op. */
export function decideSpendSponsorship(
  command: { sponsorshipId: string; transactionId: string; now: string },
  state: SponsorshipState,
): { kind: 'accepted'; events: EngagementEvent[]; money: MoneyMovement | null } | Refused {
  if (state.status === 'none' || !state.contentId || !state.endsAt)
    return { kind: 'refused', refusal: 'SPONSORSHIP_NOT_FOUND' };
  if (state.status === 'spent' || state.status === 'ended') return { kind: 'accepted', events: [], money: null };
  if (Date.parse(command.now) < Date.parse(state.endsAt)) return { kind: 'refused', refusal: 'SPONSORSHIP_NOT_ENDED' };
  return {
    kind: 'accepted',
    events: [
      {
        type: 'SponsorshipSpent',
        data: {
          sponsorshipId: command.sponsorshipId,
          contentId: state.contentId,
          transactionId: command.transactionId,
          at: command.now,
        },
      },
    ],
    money: {
      transactionId: command.transactionId,
      reasonCode: 'SPONSORSHIP',
      description: 'Sponsorship ended: gems spent',
      postings: [
        {
          debitAccount: escrowAccount('sponsorship', command.sponsorshipId),
          creditAccount: SYSTEM_ACCOUNTS.fees,
          currency: 'gems',
          amountMinor: state.gemsMinor,
        },
      ],
      now: command.now,
      references: { sponsorshipId: command.sponsorshipId },
    },
  };
}
