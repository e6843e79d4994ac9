import { z } from 'zod';
import { USER_TIERS, UserSchema } from '../identity/users';

/** Texts of spec 3 §5 and §8 for the advertiser side (the screens show the server's text when there is one). */
export const ADVERTISER_MESSAGES = {
  brandNameRequired: 'Brand name is required',
  brandWebsiteInvalid: 'Brand website must be a valid URL',
  brandEmailInvalid: 'Brand email must be a valid e-mail address',
  brandLogoInvalid: 'Brand logo must be an uploaded image or an http(s) URL',
  brandSaved: 'Brand profile saved',
  brandSaveFailed: 'Failed to save brand profile',
  becameAdvertiser: 'You are now an advertiser',
  alreadyAdvertiser: 'You are already an advertiser',
  becomeFailed: 'Failed to become advertiser',
  advertisersOnly: 'Only advertisers can open the advertiser dashboard. Become an Advertiser first.',
  dashboardLoadFailed: 'Error Loading Dashboard',
  logoNotImage: 'Please select an image file',
  logoTooLarge: 'Please select an image smaller than 5MB',
  logoUploadFailed: 'Failed to upload logo. Please try again.',
} as const;

/** Blank optional text is "not given" (the form sends empty strings for untouched fields). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** `PUT /api/users/brand-profile` (spec 3 §3 brand fields, §5: the brand name is required). */
export const BrandProfileRequestSchema = z
  .object({
    brand_name: z
      .string({ error: ADVERTISER_MESSAGES.brandNameRequired })
      .trim()
      .min(1, ADVERTISER_MESSAGES.brandNameRequired)
      .max(120, 'Brand name must be at most 120 characters'),
    brand_description: optionalText(2000),
    brand_website: optionalText(500).refine(
      (value) => value === null || httpUrl(value),
      ADVERTISER_MESSAGES.brandWebsiteInvalid,
    ),
    brand_email: optionalText(254).refine(
      (value) => value === null || z.email().safeParse(value).success,
      ADVERTISER_MESSAGES.brandEmailInvalid,
    ),
    brand_phone: optionalText(40).refine(
      (value) => value === null || /^[+0-9 ().-]{3,40}$/.test(value),
      'Brand phone may hold digits, spaces, +, (, ), . and - only',
    ),
    // What `POST /api/upload/image` answered (`/api/images/<key>` locally, an absolute URL with S3), or any http(s)
    // URL.
    brand_logo_url: optionalText(1000).refine(
      (value) => value === null || httpUrl(value) || /^\/api\/images\/[A-Za-z0-9._-]+$/.test(value),
      ADVERTISER_MESSAGES.brandLogoInvalid,
    ),
  })
  .meta({ id: 'BrandProfileRequest' });
export type BrandProfileRequest = z.infer<typeof BrandProfileRequestSchema>;

export const BrandProfileSchema = z
  .object({
    brand_name: z.string().nullable(),
    brand_description: z.string().nullable(),
    brand_website: z.string().nullable(),
    brand_email: z.string().nullable(),
    brand_phone: z.string().nullable(),
    brand_logo_url: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'BrandProfile' });
export type BrandProfile = z.infer<typeof BrandProfileSchema>;

export const BrandProfileResponseSchema = z
  .object({ status: z.literal('success'), message: z.string(), data: BrandProfileSchema })
  .meta({ id: 'BrandProfileResponse' });
export type BrandProfileResponse = z.infer<typeof BrandProfileResponseSchema>;

/**
 * `POST /api/users/become-advertiser`: the caller's session token (unchanged: it now carries the new type) and user.
 */
export const BecomeAdvertiserResponseSchema = z
  .object({ status: z.literal('success'), message: z.string(), token: z.string(), user: UserSchema })
  .meta({ id: 'BecomeAdvertiserResponse' });
export type BecomeAdvertiserResponse = z.infer<typeof BecomeAdvertiserResponseSchema>;

/** One of the advertiser's drops as the dashboard lists it (newest first). */
export const DashboardDropSchema = z.object({
  id: z.string(),
  title: z.string(),
  drop_type: z.enum(['proof', 'paid', 'move']),
  is_proof_drop: z.boolean(),
  is_paid_drop: z.boolean(),
  status: z.string(),
  current_participants: z.number().int(),
  max_participants: z.number().int().nullable(),
  total_applications: z.number().int(),
  /** Gems escrowed for this drop's pool and paid out of it so far (decimal strings, gems have 4 decimals). */
  gem_pool_total: z.string(),
  gems_paid: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  created_at: z.string(),
});
export type DashboardDrop = z.infer<typeof DashboardDropSchema>;

export const DashboardDaySchema = z.object({
  /** UTC day `YYYY-MM-DD`. */
  day: z.string(),
  drops_created: z.number().int(),
  /** Gems escrowed for the pools of the paid drops created that day (decimal string). */
  gems_spent: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const AdvertiserDashboardSchema = z
  .object({
    status: z.literal('success'),
    data: z.object({
      /** The advertiser's 10 newest drops (the screen shows 5 as recent drops, 10 in the performance table). */
      drops: z.array(DashboardDropSchema),
      /** The last 30 days, `period_end` = now. */
      analytics: z.object({
        period_start: z.string(),
        period_end: z.string(),
        drops_created: z.number().int(),
        /** Applications received by the drops created in the period. */
        total_participants: z.number().int(),
        /**
         * Gems escrowed from the advertiser's balance (ledger) for the pools of the paid drops created in the period.
         */
        gems_spent: z.string(),
        impressions: z.number().int(),
        /** Clicks on the advertiser's drops per 100 impressions in the period (0 without impressions), 2 decimals. */
        engagement_rate: z.number(),
      }),
      user_tier: z.enum(USER_TIERS),
      /** The advertiser's brand profile (the dashboard's header; all null until saved). */
      brand: BrandProfileSchema,
      /** The tier inventory's current period (named "monthly" in the spec; weekly for premium and super). */
      monthly_inventory: z.object({
        period: z.enum(['month', 'week']),
        period_start: z.string(),
        period_end: z.string(),
        moves_used: z.number().int(),
        moves_allowance: z.number().int(),
        proof_drops_used: z.number().int(),
        proof_drops_limit: z.number().int(),
        paid_drops_used: z.number().int(),
        paid_drops_limit: z.number().int(),
      }),
      /** One row per UTC day of the last 30 (oldest first), for the chart. */
      daily: z.array(DashboardDaySchema),
    }),
  })
  .meta({ id: 'AdvertiserDashboard' });
export type AdvertiserDashboard = z.infer<typeof AdvertiserDashboardSchema>;

/** Sponsorship packages of spec 3 §9 (gems, hours, boost multiplier). */
export const SPONSORSHIP_PACKAGES = [
  { id: 'quick-boost', gems: 25, hours: 1, multiplier: 1.5 },
  { id: 'popular-boost', gems: 50, hours: 6, multiplier: 2 },
  { id: 'daily-featured', gems: 100, hours: 24, multiplier: 3 },
  { id: 'premium-spotlight', gems: 200, hours: 72, multiplier: 4 },
  { id: 'viral-campaign', gems: 500, hours: 168, multiplier: 6 },
] as const;
export type SponsorshipPackageId = (typeof SPONSORSHIP_PACKAGES)[number]['id'];

export const SuggestedContentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  platform: z.string().nullable(),
  platform_url: z.string().nullable(),
  is_trending: z.boolean(),
  /** Engagement actions recorded on the item (likes, comments, saves, shares, reposts, moves). */
  total_engagement: z.number().int(),
  /**
   * Engagement actions per 100 views (content views plus tracked views and impressions of the last 7 days; 0 without
   * any), 2 decimals.
   */
  engagement_rate: z.number(),
  roi_potential: z.enum(['high', 'medium', 'low']),
  suggested_package: z.object({ id: z.string(), gems: z.number(), hours: z.number(), multiplier: z.number() }),
});
export type SuggestedContent = z.infer<typeof SuggestedContentSchema>;

export const SuggestedContentResponseSchema = z
  .object({ status: z.literal('success'), data: z.array(SuggestedContentSchema) })
  .meta({ id: 'SuggestedContentResponse' });
export type SuggestedContentResponse = z.infer<typeof SuggestedContentResponseSchema>;
