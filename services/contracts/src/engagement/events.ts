import { z } from 'zod';
import { FUND_CURRENCIES, SOCIAL_ACTION_TYPES } from './rules';

/**
 * The item's pool stream: other contexts read its published `ContentTipped` facts there (the market prices with them).
 */
export const contentPoolStreamId = (contentId: string) => `engagement-content-${contentId}`;

/**
 * Engagement event payloads as stored (amounts are strings of minor units). Streams:
 * - `engagement-<contentId>-<userId>`: one user's engagement with one item (like and save once, moves once per type,
 *   free engagement shares once per action type);
 * - `engagement-content-<contentId>`: the item's engagement-share pool and its tips and funds;
 * - `engagement-daily-<userId>-<yyyy-mm-dd>`: what the user was rewarded that UTC day (the daily caps);
 * - `sponsorship-<sponsorshipId>`: one sponsorship, from held to spent.
 */
const Action = z.enum(SOCIAL_ACTION_TYPES);
const Minor = z.string().regex(/^\d+$/);

export const SocialActionRecordedSchema = z.object({
  contentId: z.string(),
  userId: z.string(),
  actionType: Action,
  pointsMinor: Minor,
  engagementShares: z.number().int().min(0),
  transactionId: z.string().nullable(),
  at: z.string(),
  /** The comment a `comment` action pays for (recorded with the comment itself; absent on actions before it). */
  commentId: z.string().optional(),
});
export const ContentUnsavedSchema = z.object({ contentId: z.string(), userId: z.string(), at: z.string() });
export const ExternalMoveRecordedSchema = z.object({
  moveId: z.string(),
  contentId: z.string(),
  userId: z.string(),
  moveType: Action,
  points: z.number().int().min(0),
  keys: z.number().int().min(0),
  proofType: z.enum(['image', 'url']),
  proofUrl: z.string(),
  transactionId: z.string().nullable(),
  at: z.string(),
});
/** The item's pool after an event (shares given, revenue): a reader needs only the stream's last event. */
const PoolAfter = z.object({ sharesGiven: z.number().int().min(0), revenueUsdMinor: Minor }).optional();
export const EngagementSharesGivenSchema = z.object({
  contentId: z.string(),
  userId: z.string(),
  actionType: Action,
  shares: z.number().int().min(1),
  at: z.string(),
  poolAfter: PoolAfter,
});
export const ContentTippedSchema = z.object({
  contentId: z.string(),
  fromUserId: z.string(),
  kind: z.enum(['tip', 'fund']),
  currency: z.enum(FUND_CURRENCIES),
  amountMinor: Minor,
  usdMinor: Minor,
  transactionId: z.string(),
  at: z.string(),
  poolAfter: PoolAfter,
});
/**
 * The user's day after the event (events written before it was added lack it: their stream is folded from the start).
 */
const DailyAfter = z.object({ pointsMinor: Minor, externalMoves: z.number().int().min(0) }).optional();
export const DailyRewardCountedSchema = z.object({
  userId: z.string(),
  day: z.string(),
  pointsMinor: Minor,
  externalMoves: z.number().int().min(0),
  dailyAfter: DailyAfter,
});
export const ContentSponsoredSchema = z.object({
  sponsorshipId: z.string(),
  contentId: z.string(),
  sponsorId: z.string(),
  sponsorName: z.string(),
  packageId: z.string(),
  gemsMinor: Minor,
  multiplierTenths: z.number().int().min(1),
  hours: z.number().int().min(1),
  startsAt: z.string(),
  endsAt: z.string(),
  transactionId: z.string(),
});
export const SponsorshipSpentSchema = z.object({
  sponsorshipId: z.string(),
  contentId: z.string(),
  transactionId: z.string(),
  at: z.string(),
});
/**
 * The sponsored item was archived or deleted before the sponsorship ended: the unused share of the gems (by time
 * left) went back to the sponsor, the used share to platform revenue, once.
 */
export const SponsorshipEndedEarlySchema = z.object({
  sponsorshipId: z.string(),
  contentId: z.string(),
  sponsorId: z.string(),
  refundedGemsMinor: Minor,
  spentGemsMinor: Minor,
  transactionId: z.string(),
  at: z.string(),
});
/**
 * The item's funding reserve (`escrow:content:<id>`) paid out when the item was archived or deleted: to every holder
 * of its shares pro rata (floored), the creator holding every share nobody else holds and taking the remainder.
 */
export const ContentReserveReleasedSchema = z.object({
  contentId: z.string(),
  reserveUsdMinor: Minor,
  totalShares: z.number().int().min(1),
  payouts: z.array(z.object({ userId: z.string(), shares: z.number().int().min(0), usdMinor: Minor })),
  transactionId: z.string().nullable(),
  at: z.string(),
});

export const ENGAGEMENT_EVENT_SCHEMAS = {
  SocialActionRecorded: SocialActionRecordedSchema,
  ContentUnsaved: ContentUnsavedSchema,
  ExternalMoveRecorded: ExternalMoveRecordedSchema,
  EngagementSharesGiven: EngagementSharesGivenSchema,
  ContentTipped: ContentTippedSchema,
  DailyRewardCounted: DailyRewardCountedSchema,
  ContentSponsored: ContentSponsoredSchema,
  SponsorshipSpent: SponsorshipSpentSchema,
  SponsorshipEndedEarly: SponsorshipEndedEarlySchema,
  ContentReserveReleased: ContentReserveReleasedSchema,
} as const;
export type EngagementEventType = keyof typeof ENGAGEMENT_EVENT_SCHEMAS;
export type EngagementEvent = {
  [K in EngagementEventType]: { type: K; data: z.infer<(typeof ENGAGEMENT_EVENT_SCHEMAS)[K]> };
}[EngagementEventType];

export function parseEngagementEvent(type: string, data: unknown): EngagementEvent {
  const schema = (ENGAGEMENT_EVENT_SCHEMAS as Record<string, z.ZodType>)[type];
  if (!schema) throw new Error(`Unknown engagement event type ${type}`);
  return { type, data: schema.parse(data) } as EngagementEvent;
}
