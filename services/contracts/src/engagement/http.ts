import { z } from 'zod';
import { amountField } from '../ledger/currency';
import { FUND_CURRENCIES, SOCIAL_ACTION_TYPES, TIP_GEMS } from './rules';

const ContentId = z.string().trim().min(1, 'Content id is required').max(64);

// ---- Social actions and external moves ----

export const SocialActionTypeSchema = z.enum(SOCIAL_ACTION_TYPES, {
  error: 'action_type must be like, comment, save, share or repost',
});

export const SocialActionRequestSchema = z
  .object({
    action_type: SocialActionTypeSchema,
    reference_id: ContentId,
    reference_type: z.literal('content', { error: "reference_type must be 'content'" }).default('content'),
  })
  .meta({ id: 'SocialActionRequest' });
export type SocialActionRequest = z.infer<typeof SocialActionRequestSchema>;

export const SocialActionResponseSchema = z
  .object({
    success: z.literal(true),
    action_type: SocialActionTypeSchema,
    reference_id: z.string(),
    points_earned: z
      .number()
      .meta({ description: 'Points minted for this action (one decimal); 0 on demo content or past the daily cap' }),
    multiplier: z.number().meta({ description: 'The tier multiplier applied (1, 1.5, 2)' }),
    engagement_shares_earned: z
      .number()
      .int()
      .meta({ description: 'Free engagement shares given (like 1, comment 3, share 5) while the pool lasts' }),
    engagement_shares_remaining: z.number().int(),
    daily_points_remaining: z.number(),
    daily_limit_reached: z
      .boolean()
      .meta({ description: 'The daily cap withheld some or all of the points this action would have earned' }),
    message: z.string().nullable().meta({
      description:
        "Why fewer points than the action's rate were paid ('Daily points limit reached; more tomorrow'), else null",
    }),
  })
  .meta({ id: 'SocialActionResponse' });
export type SocialActionResponse = z.infer<typeof SocialActionResponseSchema>;

/** What posting a comment earned: the `comment` quick action, recorded once with the comment (spec 2 §9). */
export const CommentRewardSchema = SocialActionResponseSchema.omit({ success: true, reference_id: true }).meta({
  id: 'CommentReward',
});
export type CommentReward = z.infer<typeof CommentRewardSchema>;

export const ExternalMoveRequestSchema = z
  .object({
    move_type: SocialActionTypeSchema,
    content_id: ContentId,
    content_platform: z.string().trim().max(40).optional(),
    content_url: z.string().trim().max(2048).optional(),
    proof_url: z
      .string()
      .trim()
      .max(15_000_000)
      .optional()
      .meta({ description: 'An http(s) URL, or for proof_type image a base64 data URL (PNG/JPG, ≤ 10 MB)' }),
    proof_type: z.enum(['image', 'url'], { error: 'proof_type must be image or url' }),
  })
  .meta({ id: 'ExternalMoveRequest' });
export type ExternalMoveRequest = z.infer<typeof ExternalMoveRequestSchema>;

export const ExternalMoveResponseSchema = z
  .object({
    success: z.literal(true),
    move_id: z.string(),
    move_type: SocialActionTypeSchema,
    content_id: z.string(),
    points_earned: z.number(),
    keys_earned: z.number().int(),
    multiplier: z.number(),
    proof_url: z.string(),
    moves_remaining_today: z.number().int(),
  })
  .meta({ id: 'ExternalMoveResponse' });
export type ExternalMoveResponse = z.infer<typeof ExternalMoveResponseSchema>;

// ---- Share links ----

export const CreateShareLinkRequestSchema = z
  .object({
    user_id: z.string().optional().meta({ description: 'Ignored: the link belongs to the caller' }),
    target_url: z.url({ protocol: /^https?$/, error: 'target_url must be an http(s) URL' }).max(2048),
    campaign_id: z.string().trim().max(64).nullish(),
    content_id: z.string().trim().max(64).nullish(),
  })
  .meta({ id: 'CreateShareLinkRequest' });
export type CreateShareLinkRequest = z.infer<typeof CreateShareLinkRequestSchema>;

export const ShareLinkResponseSchema = z
  .object({ success: z.literal(true), data: z.object({ id: z.string(), url: z.string() }) })
  .meta({ id: 'ShareLinkResponse' });
export type ShareLinkResponse = z.infer<typeof ShareLinkResponseSchema>;

// ---- Saved content ----

export const SavedContentItemSchema = z
  .object({
    id: z.string(),
    content_id: z.string(),
    content_title: z.string(),
    content_platform: z.string(),
    content_url: z.string().nullable(),
    creator_name: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SavedContentItem' });
export type SavedContentItem = z.infer<typeof SavedContentItemSchema>;
export const SavedContentListSchema = z.array(SavedContentItemSchema).meta({ id: 'SavedContentList' });
export const RemoveSavedContentResponseSchema = z
  .object({ success: z.literal(true), content_id: z.string() })
  .meta({ id: 'RemoveSavedContentResponse' });

// ---- Tips and funding ----

export const TipGemsRequestSchema = z
  .object({
    content_id: ContentId,
    tip_amount: z
      .number({ error: `Tip a whole number of gems from ${TIP_GEMS.min} to ${TIP_GEMS.max}` })
      .int(`Tip a whole number of gems from ${TIP_GEMS.min} to ${TIP_GEMS.max}`)
      .min(TIP_GEMS.min, `Tip a whole number of gems from ${TIP_GEMS.min} to ${TIP_GEMS.max}`)
      .max(TIP_GEMS.max, `Tip a whole number of gems from ${TIP_GEMS.min} to ${TIP_GEMS.max}`),
  })
  .meta({ id: 'TipGemsRequest' });
export type TipGemsRequest = z.infer<typeof TipGemsRequestSchema>;

export const FundCurrencySchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? (({ usd: 'USD', gems: 'Gems', points: 'Points' } as Record<string, string>)[value.toLowerCase()] ?? value)
      : value,
  z.enum(FUND_CURRENCIES, { error: 'currency_type must be USD, Gems or Points' }),
);

/** The amount stays a number or decimal string here; the API parses it exactly for the currency named beside it. */
export const TipOrFundRequestSchema = z
  .object({
    amount: z.union([z.number(), z.string()], { error: 'Amount must be a number' }),
    currency_type: FundCurrencySchema.default('Gems'),
  })
  .meta({ id: 'TipOrFundRequest' });
export type TipOrFundRequest = z.infer<typeof TipOrFundRequestSchema>;

/** Per currency: amount above 0, USD and gems in steps of 0.01, points whole. */
export const TIP_OR_FUND_AMOUNT_RULES = Object.freeze({
  USD: { label: 'Amount', currency: 'usd', max: 100_000, decimals: 2 },
  Gems: { label: 'Amount', currency: 'gems', max: 100_000, decimals: 2 },
  Points: { label: 'Amount', currency: 'points', max: 10_000_000, decimals: 0 },
} as const);
export const tipOrFundAmountField = (currency: keyof typeof TIP_OR_FUND_AMOUNT_RULES) =>
  amountField(TIP_OR_FUND_AMOUNT_RULES[currency]);

export const TipResponseSchema = z
  .object({
    success: z.literal(true),
    kind: z.enum(['tip', 'fund']),
    transaction_id: z.string(),
    content_id: z.string(),
    amount: z.number(),
    currency_type: z.enum(FUND_CURRENCIES),
    usd_value: z.number().meta({ description: 'What the creator (tip) or the item (fund) received, in USD' }),
    new_revenue: z.number().meta({ description: "The item's tips and funds so far, in USD" }),
    new_share_price: z
      .number()
      .meta({ description: 'The share price after this (funding ÷ total shares, at least $0.01)' }),
  })
  .meta({ id: 'TipResponse' });
export type TipResponse = z.infer<typeof TipResponseSchema>;

// ---- Sponsorship ----

const positive = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be above 0`)
    .max(100_000);

export const SponsorContentRequestSchema = z
  .object({
    gems_allocated: positive('gems_allocated'),
    boost_multiplier: positive('boost_multiplier').optional(),
    duration_hours: positive('duration_hours').optional(),
    package_id: z.string().max(40).optional(),
  })
  .meta({ id: 'SponsorContentRequest' });
export type SponsorContentRequest = z.infer<typeof SponsorContentRequestSchema>;

/** The advertiser form's spelling (spec 3 §7). */
export const AdvertiserSponsorRequestSchema = z
  .object({
    contentId: ContentId,
    gemAmount: positive('gemAmount'),
    boostMultiplier: positive('boostMultiplier').optional(),
    durationHours: positive('durationHours').optional(),
    packageId: z.string().max(40).optional(),
  })
  .meta({ id: 'AdvertiserSponsorRequest' });
export type AdvertiserSponsorRequest = z.infer<typeof AdvertiserSponsorRequestSchema>;

export const SponsorshipRecordSchema = z
  .object({
    id: z.string(),
    content_id: z.string(),
    package_id: z.string(),
    package_name: z.string(),
    gems_allocated: z.number(),
    boost_multiplier: z.number(),
    duration_hours: z.number(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(['live', 'spent']),
  })
  .meta({ id: 'SponsorshipRecord' });
export type SponsorshipRecord = z.infer<typeof SponsorshipRecordSchema>;

export const SponsorContentResponseSchema = z
  .object({ success: z.literal(true), message: z.string(), sponsorship: SponsorshipRecordSchema })
  .meta({ id: 'SponsorContentResponse' });
export type SponsorContentResponse = z.infer<typeof SponsorContentResponseSchema>;

/** The live boost of one item: live sponsorships summed (spec 2 §3 "Sponsorship"). */
export const ContentSponsorshipSchema = z
  .object({
    content_id: z.string(),
    is_sponsored: z.boolean(),
    sponsor_count: z.number().int(),
    total_boost_multiplier: z.number().meta({ description: 'The live sponsors’ multipliers summed; 0 when none' }),
    boost_multiplier: z.number(),
    sponsor_names: z.array(z.string()),
    primary_sponsor: z.string().nullable(),
    advertiser_name: z.string().nullable(),
    total_gems_allocated: z.number(),
    gems_allocated: z.number(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'ContentSponsorship' });
export type ContentSponsorship = z.infer<typeof ContentSponsorshipSchema>;

export const SponsoredContentItemSchema = ContentSponsorshipSchema.extend({
  id: z.string(),
  title: z.string(),
  platform: z.string(),
  platform_url: z.string(),
  creator_id: z.string(),
}).meta({ id: 'SponsoredContentItem' });
export type SponsoredContentItem = z.infer<typeof SponsoredContentItemSchema>;
export const SponsoredContentListSchema = z.array(SponsoredContentItemSchema).meta({ id: 'SponsoredContentList' });
