import { z } from 'zod';
import { MinorAmountStringSchema } from '../ledger/currency';

/**
 * Drops event payloads as stored. One stream per drop, `drop-<dropId>`, holds the drop and every application to it,
 * so capacity, one-application-per-user and the pool are decided against a single stream version. A second stream
 * per advertiser, `drop-advertiser-<userId>`, records each drop posted so the weekly tier limits hold under
 * concurrency. Timestamps are ISO-8601 strings; amounts are strings of minor units (keys scale 0, gems scale 4,
 * points scale 1).
 */
export const DROP_KINDS = ['proof', 'paid', 'move'] as const;
export const DropKindSchema = z.enum(DROP_KINDS);
export type DropKind = z.infer<typeof DropKindSchema>;
/** The kind under the name other contexts were promised (`dropType: 'proof'|'paid'|'move'`). */
export const DROP_TYPES = DROP_KINDS;
export const DropTypeSchema = DropKindSchema;
export type DropType = DropKind;

/** The spec's drop_type field is a category, not the kind. */
export const DROP_CATEGORIES = [
  'content_clipping',
  'reviews',
  'ugc_creation',
  'affiliate_referral',
  'surveys',
  'challenges_events',
  'engagement',
  'paid_content',
  'action_required',
] as const;
export const DropCategorySchema = z.enum(DROP_CATEGORIES);
export type DropCategory = z.infer<typeof DropCategorySchema>;

export const DROP_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const DropDifficultySchema = z.enum(DROP_DIFFICULTIES);
export type DropDifficulty = z.infer<typeof DropDifficultySchema>;

/** The editable description of a drop (everything but its kind, creator and money). */
export const DropDetailsSchema = z.object({
  title: z.string(),
  description: z.string(),
  category: DropCategorySchema,
  difficulty: DropDifficultySchema,
  platform: z.string().nullable(),
  contentUrl: z.string().nullable(),
  previewImage: z.string().nullable(),
  requirements: z.string().nullable(),
  deliverables: z.string().nullable(),
  timeCommitment: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  maxParticipants: z.number().int().positive().nullable(),
  followerThreshold: z.number().int().nonnegative(),
});
export type DropDetails = z.infer<typeof DropDetailsSchema>;

/** What applying costs and completing pays, in minor units of each currency. */
export const DropTermsSchema = z.object({
  keyCostMinor: MinorAmountStringSchema,
  gemRewardBaseMinor: MinorAmountStringSchema,
  moveCostPointsMinor: MinorAmountStringSchema,
  keyRewardAmountMinor: MinorAmountStringSchema,
});

export const DropCreatedSchema = z.object({
  dropId: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  creatorAvatar: z.string().nullable(),
  kind: DropKindSchema,
  details: DropDetailsSchema,
  terms: DropTermsSchema,
  gemPoolTotalMinor: MinorAmountStringSchema,
  /**
   * Move drops: the keys escrowed from the creator for the rewards (key_reward_amount × max_participants, or the pool
   * named for unlimited seats), in the same transaction as the gem pool of a paid drop would be. Absent on other
   * kinds and on move drops created before rewards were escrowed (those hold no keys, so they pay none).
   */
  keyPoolTotalMinor: MinorAmountStringSchema.optional(),
  /** Title or description mentions demo: no real gems move for this drop. */
  isDemo: z.boolean(),
  /** The ledger transaction that escrowed the pool, null when nothing moved. */
  poolTransactionId: z.string().nullable(),
  createdAt: z.string(),
});

export const DropUpdatedSchema = z.object({
  dropId: z.string(),
  details: DropDetailsSchema,
  terms: DropTermsSchema,
  gemPoolTotalMinor: MinorAmountStringSchema,
  /** Gems added to (positive) or returned from (negative) the escrow by this edit. */
  poolChangeMinor: z.string().regex(/^-?\d+$/),
  /**
   * Move drops: the key pool after the edit and the keys added to (positive) or returned from (negative) the escrow.
   */
  keyPoolTotalMinor: MinorAmountStringSchema.optional(),
  keyPoolChangeMinor: z
    .string()
    .regex(/^-?\d+$/)
    .optional(),
  isDemo: z.boolean(),
  poolTransactionId: z.string().nullable(),
  updatedAt: z.string(),
});

export const DropClosedSchema = z.object({
  dropId: z.string(),
  poolReturnedMinor: MinorAmountStringSchema,
  /** Move drops: the keys left in the escrow, returned to the creator (absent: none). */
  keyPoolReturnedMinor: MinorAmountStringSchema.optional(),
  poolTransactionId: z.string().nullable(),
  closedAt: z.string(),
});

export const DropDeletedSchema = z.object({
  dropId: z.string(),
  poolReturnedMinor: MinorAmountStringSchema,
  /** Move drops: the keys left in the escrow, returned to the creator (absent: none). */
  keyPoolReturnedMinor: MinorAmountStringSchema.optional(),
  poolTransactionId: z.string().nullable(),
  /**
   * Applications still in flight (pending, approved, submitted): declined, their cost refunded in the same transaction.
   */
  declinedApplicationIds: z.array(z.string()).default([]),
  deletedAt: z.string(),
});

export const DropApplicationReceivedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  applicantUserId: z.string(),
  applicantName: z.string(),
  message: z.string(),
  /** What applying cost (keys for paid drops, points for move drops, nothing for proof drops). */
  costCurrency: z.enum(['keys', 'points']).nullable(),
  costMinor: MinorAmountStringSchema,
  costTransactionId: z.string().nullable(),
  appliedAt: z.string(),
});

export const DropApplicationApprovedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  approvedAt: z.string(),
});

export const DropApplicationRejectedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  /** The application cost given back to the applicant. */
  refundMinor: MinorAmountStringSchema,
  refundTransactionId: z.string().nullable(),
  rejectedAt: z.string(),
});

export const SUBMISSION_TYPES = ['url', 'text'] as const;
export const SubmissionTypeSchema = z.enum(SUBMISSION_TYPES);

export const DropWorkSubmittedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  submissionType: SubmissionTypeSchema,
  submissionData: z.string(),
  submissionNotes: z.string().nullable(),
  submittedAt: z.string(),
});

/** Emitted once per application when the creator completes it; other contexts (the master key) count these. */
export const DROP_APPLICATION_COMPLETED = 'DropApplicationCompleted' as const;
export const DropApplicationCompletedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  applicantUserId: z.string(),
  dropType: DropTypeSchema,
  completedAt: z.string(),
});
export type DropApplicationCompleted = z.infer<typeof DropApplicationCompletedSchema>;

/** Follows DropApplicationCompleted in the same append: what the applicant received. */
export const DropApplicationPaidSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  applicantUserId: z.string(),
  reviewScore: z.number().int().min(1).max(10),
  gemsEarnedMinor: MinorAmountStringSchema,
  keysEarnedMinor: MinorAmountStringSchema,
  /**
   * The applicant's key multiplier applied to `keysEarnedMinor` (2 during a gold-shop 24h Key Multiplier), so the
   * history explains the amount; 1 when no keys were multiplied. Events written before it existed read as 1.
   */
  keyMultiplier: z.number().int().min(1).default(1),
  /**
   * The part of `keysEarnedMinor` paid from the drop's key escrow (never more than it holds); the rest is the key
   * multiplier's bonus, issued by the system (bought with gold in the shop). Absent: nothing came from the escrow
   * (events written before move drops escrowed their rewards, and every paid or proof drop).
   */
  keysFromPoolMinor: MinorAmountStringSchema.optional(),
  rewardTransactionId: z.string().nullable(),
  paidAt: z.string(),
});

/** On the advertiser's stream: one per drop posted, for the tier limits. */
export const AdvertiserDropPostedSchema = z.object({
  advertiserId: z.string(),
  dropId: z.string(),
  kind: DropKindSchema,
  postedAt: z.string(),
});

export const DROP_EVENT_SCHEMAS = {
  DropCreated: DropCreatedSchema,
  DropUpdated: DropUpdatedSchema,
  DropClosed: DropClosedSchema,
  DropDeleted: DropDeletedSchema,
  DropApplicationReceived: DropApplicationReceivedSchema,
  DropApplicationApproved: DropApplicationApprovedSchema,
  DropApplicationRejected: DropApplicationRejectedSchema,
  DropWorkSubmitted: DropWorkSubmittedSchema,
  DropApplicationCompleted: DropApplicationCompletedSchema,
  DropApplicationPaid: DropApplicationPaidSchema,
} as const;
export type DropEventType = keyof typeof DROP_EVENT_SCHEMAS;
export const DROP_EVENT_TYPES = Object.keys(DROP_EVENT_SCHEMAS) as DropEventType[];
