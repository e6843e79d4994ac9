import { z } from 'zod';
import { BID_STRATEGIES, CAMPAIGN_OBJECTIVES, CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from './http';

/**
 * Events of one campaign, stream `campaign-<campaignId>`: everything about a campaign is decided on it. Amounts are
 * hundredths of a move as strings (jsonb cannot hold a bigint exactly).
 */
export const CAMPAIGN_STREAM_PREFIX = 'campaign-';

const hundredths = z.string().regex(/^\d+$/);
const itemKind = z.enum(['content', 'drop']);

/** What the owner may edit after creation. */
export const CampaignEditableFieldsSchema = z.object({
  name: z.string(),
  objective: z.enum(CAMPAIGN_OBJECTIVES),
  description: z.string(),
  budgetMinor: hundredths,
  dailyBudgetMinor: hundredths,
  bidStrategy: z.enum(BID_STRATEGIES),
  bidAmountMinor: hundredths.nullable(),
  /** Tenths of a percent (20 = 2.0 %). */
  targetCtrTenths: z.number().int(),
  targetCpcMinor: hundredths,
});
export type CampaignEditableFields = z.infer<typeof CampaignEditableFieldsSchema>;

/** The paid scope: fixed once the moves are spent. */
export const CampaignScopeSchema = z.object({
  startDate: z.string(),
  endDate: z.string().nullable(),
  durationDays: z.number().int(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  audienceSize: z.number().int(),
  locations: z.array(z.string()),
  interests: z.array(z.string()),
});
export type CampaignScope = z.infer<typeof CampaignScopeSchema>;

/** The move cost as priced at creation: the total and the factors it came from. */
export const CampaignCostBreakdownSchema = z.object({
  totalMinor: hundredths,
  baseMinor: hundredths,
  durationHundredths: hundredths,
  audienceHundredths: hundredths,
  premiumHundredths: hundredths,
});
export type CampaignCostBreakdown = z.infer<typeof CampaignCostBreakdownSchema>;

export const CampaignCreatedSchema = z.object({
  campaignId: z.string(),
  ownerId: z.string(),
  fields: CampaignEditableFieldsSchema,
  scope: CampaignScopeSchema,
  cost: CampaignCostBreakdownSchema,
  transactionId: z.string(),
  at: z.string(),
});
export const CampaignUpdatedSchema = z.object({ fields: CampaignEditableFieldsSchema, at: z.string() });
/** `consumedMinor`: the escrow the change moved to `system:burn` (the first activation's; else 0). */
export const CampaignStatusChangedSchema = z.object({
  from: z.enum(CAMPAIGN_STATUSES),
  to: z.enum(CAMPAIGN_STATUSES),
  consumedMinor: hundredths,
  at: z.string(),
});
export const CampaignItemAddedSchema = z.object({ kind: itemKind, itemId: z.string(), at: z.string() });
export const CampaignItemRemovedSchema = z.object({ kind: itemKind, itemId: z.string(), at: z.string() });
export const CampaignDeletedSchema = z.object({ refundMinor: hundredths, at: z.string() });

export const CAMPAIGN_EVENT_SCHEMAS = {
  CampaignCreated: CampaignCreatedSchema,
  CampaignUpdated: CampaignUpdatedSchema,
  CampaignStatusChanged: CampaignStatusChangedSchema,
  CampaignItemAdded: CampaignItemAddedSchema,
  CampaignItemRemoved: CampaignItemRemovedSchema,
  CampaignDeleted: CampaignDeletedSchema,
} as const;
export type CampaignEventType = keyof typeof CAMPAIGN_EVENT_SCHEMAS;
export type CampaignEvent = {
  [Type in CampaignEventType]: { type: Type; data: z.infer<(typeof CAMPAIGN_EVENT_SCHEMAS)[Type]> };
}[CampaignEventType];
