import { z } from 'zod';

/** Texts of spec 3 (§5, §8) and this context's refusals. */
export const CAMPAIGN_MESSAGES = {
  insufficientMoves:
    'You do not have enough moves to create this campaign. Please reduce the scope or purchase more moves.',
  calculating: 'Calculating move cost. Please wait...',
  calculateFailed: 'Failed to calculate move cost',
  createFailed: 'Failed to create campaign',
  loadListFailed: 'Failed to load campaigns',
  loadDetailFailed: 'Failed to load campaign details',
  loadMovesFailed: 'Failed to load move balance',
  notFound: 'Campaign not found',
  notOwner: 'Only the advertiser who created this campaign can change it',
  nameRequired: 'Campaign name is required',
  audienceSize: 'Audience size must be at least 100, in steps of 100',
  budget: 'Budget must be at least 1, with at most 2 decimals',
  dailyBudget: 'Daily budget must be at least 1, with at most 2 decimals',
  bidAmount: 'Bid amount is required (at least 0.01) unless the strategy is Lowest Cost',
  targetCtr: 'Target CTR must be between 0.1 and 100, in steps of 0.1',
  targetCpc: 'Target CPC must be at least 0.01, with at most 2 decimals',
  startDate: 'Start date cannot be in the past',
  endDate: 'End date cannot be before the start date',
  completed: 'A completed campaign can no longer be changed',
  transition: (from: string, to: string) => `A campaign cannot go from ${from} to ${to}`,
  itemAlreadyAdded: 'This item is already part of the campaign',
  itemNotInCampaign: 'This item is not part of the campaign',
  contentNotFound: 'Content not found',
  dropNotFound: 'Drop not found among your drops',
} as const;

export const CAMPAIGN_TYPES = ['proof', 'standard', 'premium'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_OBJECTIVES = [
  'awareness',
  'engagement',
  'conversions',
  'traffic',
  'app_installs',
  'video_views',
] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];
export const BID_STRATEGIES = ['lowest_cost', 'cost_cap', 'bid_cap'] as const;
export type BidStrategy = (typeof BID_STRATEGIES)[number];
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Spec 3 §9: the create form's defaults and the move costs it shows before the cost call answers. */
export const CAMPAIGN_DEFAULTS = {
  objective: 'engagement' as CampaignObjective,
  budget: 1000,
  dailyBudget: 100,
  bidStrategy: 'lowest_cost' as BidStrategy,
  bidAmount: 5,
  targetCtr: 2,
  targetCpc: 0.5,
  campaignType: 'standard' as CampaignType,
  audienceSize: 1000,
  durationDays: 7,
  displayedMoveCost: { proof: 10, standard: 50, premium: 100 } as Record<CampaignType, number>,
};

/** The allowed status changes (issue 25): draft → active, active ⇄ paused, active|paused → completed. */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  draft: ['active'],
  active: ['paused', 'completed'],
  paused: ['active', 'completed'],
  completed: [],
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day `YYYY-MM-DD` (a full ISO time is cut to its UTC day). */
export const CampaignDateSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const day = DATE.test(value)
      ? value
      : /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
        ? new Date(value).toISOString().slice(0, 10)
        : null;
    if (
      !day ||
      Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
      new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
    ) {
      context.addIssue({ code: 'custom', message: 'Dates are calendar days (YYYY-MM-DD)' });
      return z.NEVER;
    }
    return day;
  });

/** Whole days from `start` to `end` (both `YYYY-MM-DD`), at least 1; 7 when there is no end date (spec 3 §7). */
export function campaignDurationDays(startDate: string, endDate: string | null | undefined): number {
  if (!endDate) return CAMPAIGN_DEFAULTS.durationDays;
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
  return Math.max(1, days);
}

/** At most `places` decimals, read from the number's shortest decimal text (no float arithmetic). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (/e/i.test(text)) return false;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length <= places;
}

const MAX_AMOUNT = 1_000_000_000;
const amount = (message: string, min: number) =>
  z.coerce
    .number({ error: message })
    .refine((value) => Number.isFinite(value) && value >= min && value <= MAX_AMOUNT && hasAtMostDecimals(value, 2), {
      message,
    });

const targetingList = z.array(z.string().trim().min(1).max(100)).max(50).default([]);

export const MoveCostRequestSchema = z.object({
  campaignType: z.enum(CAMPAIGN_TYPES, { error: 'campaignType must be proof, standard or premium' }),
  duration: z.coerce
    .number()
    .int('duration is a whole number of days')
    .min(1, 'duration is at least 1 day')
    .max(366, 'duration is at most 366 days')
    .default(7),
  audienceSize: z.coerce
    .number()
    .int(CAMPAIGN_MESSAGES.audienceSize)
    .min(100, CAMPAIGN_MESSAGES.audienceSize)
    .max(1_000_000_000, 'Audience size is at most 1,000,000,000'),
  locations: targetingList,
  interests: targetingList,
  isPremium: z.boolean().default(false),
});
export type MoveCostRequest = z.input<typeof MoveCostRequestSchema>;

/** Moves as JSON numbers with at most 2 decimals (the ledger's scale for moves); modifiers likewise. */
export const MoveCostResponseSchema = z.object({
  totalCost: z.number(),
  baseCost: z.number(),
  durationModifier: z.number(),
  audienceModifier: z.number(),
  premiumModifier: z.number(),
});
export type MoveCostResponse = z.infer<typeof MoveCostResponseSchema>;

/**
 * The fields a campaign's owner may edit after creation (the paid scope - type, dates, audience, targeting - is fixed).
 */
const editableFields = {
  name: z
    .string({ error: CAMPAIGN_MESSAGES.nameRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.nameRequired)
    .max(200, 'Campaign name is at most 200 characters'),
  objective: z.enum(CAMPAIGN_OBJECTIVES, { error: 'Choose an objective' }).default(CAMPAIGN_DEFAULTS.objective),
  description: z.string().max(5000, 'Description is at most 5,000 characters').default(''),
  budget: amount(CAMPAIGN_MESSAGES.budget, 1),
  dailyBudget: amount(CAMPAIGN_MESSAGES.dailyBudget, 1),
  bidStrategy: z.enum(BID_STRATEGIES, { error: 'Choose a bid strategy' }).default(CAMPAIGN_DEFAULTS.bidStrategy),
  bidAmount: z
    .union([z.null(), z.literal(''), amount(CAMPAIGN_MESSAGES.bidAmount, 0.01)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  targetCtr: z.coerce
    .number({ error: CAMPAIGN_MESSAGES.targetCtr })
    .refine((value) => value >= 0.1 && value <= 100 && hasAtMostDecimals(value, 1), {
      message: CAMPAIGN_MESSAGES.targetCtr,
    })
    .default(CAMPAIGN_DEFAULTS.targetCtr),
  targetCpc: amount(CAMPAIGN_MESSAGES.targetCpc, 0.01).default(CAMPAIGN_DEFAULTS.targetCpc),
};

const bidAmountRule = (value: { bidStrategy: BidStrategy; bidAmount: number | null }, context: z.RefinementCtx) => {
  if (value.bidStrategy !== 'lowest_cost' && value.bidAmount === null)
    context.addIssue({ code: 'custom', path: ['bidAmount'], message: CAMPAIGN_MESSAGES.bidAmount });
};

/**
 * The whole draft of spec 3 §3 with the §5 rules. `userId` and `duration` may be sent (the screen does) but the server
 * uses the caller and derives the duration from the dates; the start day's "today" is checked by the server with a
 * day's grace for time zones.
 */
export const CreateCampaignRequestSchema = z
  .object({
    ...editableFields,
    startDate: CampaignDateSchema,
    endDate: z
      .union([z.null(), z.literal(''), CampaignDateSchema])
      .optional()
      .transform((value) => (value ? value : null)),
    campaignType: z
      .enum(CAMPAIGN_TYPES, { error: 'campaignType must be proof, standard or premium' })
      .default(CAMPAIGN_DEFAULTS.campaignType),
    audienceSize: z.coerce
      .number({ error: CAMPAIGN_MESSAGES.audienceSize })
      .int(CAMPAIGN_MESSAGES.audienceSize)
      .min(100, CAMPAIGN_MESSAGES.audienceSize)
      .max(1_000_000_000, 'Audience size is at most 1,000,000,000')
      .refine((value) => value % 100 === 0, { message: CAMPAIGN_MESSAGES.audienceSize }),
    locations: targetingList,
    interests: targetingList,
    userId: z.string().optional(),
    duration: z.unknown().optional(),
  })
  .superRefine((value, context) => {
    bidAmountRule(value, context);
    if (value.endDate && value.endDate < value.startDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.endDate });
  });
export type CreateCampaignRequest = z.input<typeof CreateCampaignRequestSchema>;
export type CreateCampaignDraft = z.output<typeof CreateCampaignRequestSchema>;

/** `PUT /api/campaigns/{id}`: the editable fields, all of them (the edit screen sends the whole form). */
export const UpdateCampaignRequestSchema = z.object(editableFields).superRefine(bidAmountRule);
export type UpdateCampaignRequest = z.input<typeof UpdateCampaignRequestSchema>;

export const CampaignStatusRequestSchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES, { error: 'status must be draft, active, paused or completed' }),
});

export const CampaignContentRequestSchema = z.object({
  contentId: z.string().trim().min(1, 'contentId is required').max(100),
});
export const CampaignDropRequestSchema = z.object({ dropId: z.string().trim().min(1, 'dropId is required').max(100) });

/** One campaign as lists and the detail show it (spec 3 §3 Campaign), amounts as JSON numbers. */
export const CampaignSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  description: z.string(),
  objective: z.enum(CAMPAIGN_OBJECTIVES),
  bidStrategy: z.enum(BID_STRATEGIES),
  bidAmount: z.number().nullable(),
  budget: z.number(),
  dailyBudget: z.number(),
  /** Moves the campaign cost (spent through the ledger), less any refund. */
  spent: z.number(),
  movesSpent: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  durationDays: z.number(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  audienceSize: z.number(),
  locations: z.array(z.string()),
  interests: z.array(z.string()),
  targetCtr: z.number(),
  targetCpc: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contentIds: z.array(z.string()),
  dropIds: z.array(z.string()),
  /**
   * Figures from telemetry (impressions, clicks of the campaign's content and drops), share-link clicks (engagement;
   * campaigns README) and the drops context (participants).
   */
  participants: z.number(),
  drops: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  /** Percent, 2 decimals; 0 without impressions. */
  ctr: z.number(),
  /** Moves per click; null without clicks. */
  cpc: z.number().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignContentItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** live (active content), other (archived), or removed when the item no longer exists. */
  status: z.string(),
  platform: z.string().nullable(),
  creator: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  /** Moves: the campaign's moves attributed to this item by its clicks (its clicks × the campaign's cost per click). */
  spent: z.number(),
  /** Moves: this item's equal share of the campaign's moves; `spent` against it is the row's progress bar. */
  budget: z.number(),
  addedAt: z.string(),
});
export type CampaignContentItem = z.infer<typeof CampaignContentItemSchema>;

export const CampaignPlatformRowSchema = z.object({
  platform: z.string(),
  items: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  averageCtr: z.number(),
});
export const CampaignDailyRowSchema = z.object({ day: z.string(), impressions: z.number(), clicks: z.number() });

export const CampaignDetailSchema = CampaignSchema.extend({
  content: z.array(CampaignContentItemSchema),
  platforms: z.array(CampaignPlatformRowSchema),
  daily: z.array(CampaignDailyRowSchema),
  /** False when the telemetry context did not answer: the figures then count nothing rather than guess. */
  telemetryAvailable: z.boolean(),
});
export type CampaignDetail = z.infer<typeof CampaignDetailSchema>;

export const CampaignListResponseSchema = z.object({ campaigns: z.array(CampaignSchema) });
export type CampaignListResponse = z.infer<typeof CampaignListResponseSchema>;

export const CreateCampaignResponseSchema = z.object({
  success: z.literal(true),
  movesSpent: z.number(),
  campaign: CampaignSchema,
});
export type CreateCampaignResponse = z.infer<typeof CreateCampaignResponseSchema>;

export const DeleteCampaignResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  movesRefunded: z.number(),
});
export type DeleteCampaignResponse = z.infer<typeof DeleteCampaignResponseSchema>;
