import { z } from 'zod';
import { amountField, formatWholeUnits } from '../ledger/currency';
import { DropCategorySchema, DropDifficultySchema, DropKindSchema, SubmissionTypeSchema } from './events';

/** Every text the drops API and screens show for a refused rule (spec 2 §5 and §8, spec 3 §5). */
export const DROP_MESSAGES = Object.freeze({
  notFound: 'Drop not found',
  invalidId: 'The drop id is not valid',
  applicationNotFound: 'Application not found',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  keyCostMin: 'Key cost must be at least 1',
  gemRewardMin: 'Gem reward must be at least 1',
  gemPoolMin: 'Gem pool must be at least 0',
  pointsCostMin: 'Points cost must be at least 1',
  keysRewardMin: 'Keys reward must be at least 1',
  followersMin: 'Min followers must be at least 0',
  maxParticipantsMin: 'Max participants must be at least 1',
  invalidContentUrl: 'Content URL must be a valid URL',
  invalidImageUrl: 'Please provide a valid image URL',
  invalidDeadline: 'Deadline must be a date',
  kindFlagsConflict: 'A drop is either a proof drop or a paid drop, not both',
  checkFields: 'Please check all required fields',
  onlyAdvertisers: 'Only advertisers can create drops',
  freeTierProofOnly:
    'Free-tier advertisers can create proof drops only. Upgrade your plan to create paid or move drops.',
  weeklyLimitReached: (limit: number, kind: string) => `Weekly limit of ${limit} ${kind} drops reached for your plan`,
  monthlyLimitReached: (limit: number) => `Monthly limit of ${limit} proof drops reached for your plan`,
  insufficientGemsForPool: 'Insufficient gems to fund the drop pool',
  typeCannotChange: 'Drop type cannot change after creation',
  poolBelowPaid: 'The gem pool cannot go below what has already been paid out',
  onlyCreatorEdits: 'Only the drop creator can edit this drop',
  onlyCreatorDeletes: 'Only the drop creator can delete this drop',
  onlyCreatorReviews: 'Only the drop creator can review its applications',
  notActive: 'This drop is not accepting applications',
  messageRequired: 'Application message is required',
  ownDrop: 'You cannot apply to your own drop',
  demoIsolation:
    'Demo accounts and real accounts cannot apply to each other’s drops: a demo account only takes part in demo drops',
  alreadyApplied: 'You have already applied to this drop',
  full: 'This drop has reached its maximum number of participants',
  followersRequired: (threshold: number) => `You need at least ${threshold} followers to apply to this drop`,
  masterKeyRequired: 'Master Key must be activated for today',
  needMoreKeys: (missing: string) => `Need ${missing} more keys`,
  needMorePoints: (missing: string) => `Need ${missing} more points`,
  applyFailed: 'Failed to apply to drop',
  onlyApplicantSubmits: 'Only the applicant can submit work for this application',
  submitOnlyApproved: 'Only approved applications can submit work',
  submissionDataRequired: 'Please provide your submission data',
  invalidSubmissionUrl: 'Please provide a valid URL',
  approveOnlyPending: 'Only pending applications can be approved',
  rejectOnlyPending: 'Only pending applications can be rejected',
  completeOnlySubmitted: 'Only submitted applications can be completed',
  reviewScoreRange: 'Review score must be between 1 and 10',
  dropClosed: 'This drop is already closed',
  applicationsInFlight: 'Review every application before closing the drop',
  keyPoolRequired:
    'A move drop with unlimited participants needs a key pool (key_pool_total): the keys escrowed from you to ' +
    'pay its rewards',
  keyPoolBelowReward: 'Key pool must hold at least one keys reward',
  keyPoolExhausted: "This drop's key pool cannot pay another reward",
  keyPoolBelowPromised: 'The key pool cannot go below what has been paid and what open applications are promised',
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Paid drop defaults (spec 2 §9): 1 key to apply, 50 gems reward. */
export const PAID_DROP_DEFAULTS = Object.freeze({ keyCost: 1, gemRewardBase: 50 });

/** A drop id in a path: a UUID or a number (anything else is a 400, spec 3 §5). */
export const DROP_ID_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;
export function isValidDropId(value: string): boolean {
  return DROP_ID_PATTERN.test(value);
}

/**
 * Upper bounds of every amount a drop request may carry, in whole units (the lower bounds are the edit modal's
 * minimums, spec 2 §5). They keep every amount, and every product of two of them (a reward times the seats), well
 * inside what the ledger and the API's JSON numbers hold exactly (2^53 minor units), and far above any real drop:
 * - key_cost ≤ 1,000 keys (a key is 500 points; applying never costs more than a thousand of them);
 * - key_reward_amount ≤ 1,000 keys per completed application;
 * - key_pool_total ≤ 100,000,000 keys (the keys a move drop escrows: 1,000 keys × 100,000 participants);
 * - gem_reward_base ≤ 10,000 gems per completed application;
 * - gem_pool_total ≤ 1,000,000,000 gems (10,000 gems × 100,000 participants);
 * - move_cost_points ≤ 100,000 points to apply;
 * - max_participants ≤ 100,000 (blank: unlimited; a move drop then names its key_pool_total);
 * - follower_threshold ≤ 1,000,000,000 followers.
 */
export const DROP_AMOUNT_BOUNDS = Object.freeze({
  keyCost: 1_000,
  keyRewardAmount: 1_000,
  keyPoolTotal: 100_000_000,
  gemRewardBase: 10_000,
  gemPoolTotal: 1_000_000_000,
  moveCostPoints: 100_000,
  maxParticipants: 100_000,
  followerThreshold: 1_000_000_000,
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim(),
    );

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2048, message)
    .refine((value) => value === '' || isHttpUrl(value) || /^\/api\/images\/[A-Za-z0-9._-]+$/.test(value), message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value));

const deadline = z
  .string()
  .trim()
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), DROP_MESSAGES.invalidDeadline)
  .nullish()
  // A date without a time (the edit modal's date field) means the end of that day, UTC.
  .transform((value) =>
    value === undefined
      ? undefined
      : value === null || value === ''
        ? null
        : /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? `${value}T23:59:59.999Z`
          : new Date(value).toISOString(),
  );

/** Fields a drop may carry on create and edit. Kind-specific minimums are checked after the kind is known. */
const dropFieldShape = {
  title: z.string().trim().min(1, DROP_MESSAGES.titleRequired).max(200),
  description: z.string().trim().min(1, DROP_MESSAGES.descriptionRequired).max(10_000),
  drop_type: DropCategorySchema,
  difficulty: DropDifficultySchema,
  platform: optionalText(50),
  content_url: optionalUrl(DROP_MESSAGES.invalidContentUrl),
  preview_image: optionalUrl(DROP_MESSAGES.invalidImageUrl),
  requirements: optionalText(10_000),
  deliverables: optionalText(10_000),
  time_commitment: optionalText(200),
  deadline_at: deadline,
  max_participants: z
    .union([
      z
        .number({ error: DROP_MESSAGES.maxParticipantsMin })
        .int(DROP_MESSAGES.maxParticipantsMin)
        .min(1, DROP_MESSAGES.maxParticipantsMin)
        .max(
          DROP_AMOUNT_BOUNDS.maxParticipants,
          `Max participants must be at most ${formatWholeUnits(DROP_AMOUNT_BOUNDS.maxParticipants)}`,
        ),
      z.literal(''),
    ])
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  follower_threshold: z
    .number({ error: 'Min followers must be a number' })
    .int('Min followers must be a whole number')
    .min(0, DROP_MESSAGES.followersMin)
    .max(
      DROP_AMOUNT_BOUNDS.followerThreshold,
      `Min followers must be at most ${formatWholeUnits(DROP_AMOUNT_BOUNDS.followerThreshold)}`,
    ),
  key_cost: amountField({ label: 'Key cost', currency: 'keys', max: DROP_AMOUNT_BOUNDS.keyCost }),
  gem_reward_base: amountField({ label: 'Gem reward', currency: 'gems', max: DROP_AMOUNT_BOUNDS.gemRewardBase }),
  gem_pool_total: amountField({ label: 'Gem pool', currency: 'gems', max: DROP_AMOUNT_BOUNDS.gemPoolTotal }).nullish(),
  move_cost_points: amountField({ label: 'Points cost', currency: 'points', max: DROP_AMOUNT_BOUNDS.moveCostPoints }),
  key_reward_amount: amountField({ label: 'Keys reward', currency: 'keys', max: DROP_AMOUNT_BOUNDS.keyRewardAmount }),
  /**
   * Move drops: the keys escrowed from the creator for the rewards. Defaults to key_reward_amount × max_participants;
   * required when participants are unlimited. Applications are taken while the pool covers one more reward.
   */
  key_pool_total: amountField({ label: 'Key pool', currency: 'keys', max: DROP_AMOUNT_BOUNDS.keyPoolTotal }).nullish(),
  is_proof_drop: z.boolean(),
  is_paid_drop: z.boolean(),
  kind: DropKindSchema,
};

/**
 * The kind a request means: `kind` when given, else a flag set to true, else move when both flags are false, else proof
 * (the default kind).
 */
export function kindFromFlags(input: {
  kind?: string | null;
  is_proof_drop?: boolean;
  is_paid_drop?: boolean;
}): 'proof' | 'paid' | 'move' {
  if (input.kind === 'proof' || input.kind === 'paid' || input.kind === 'move') return input.kind;
  if (input.is_proof_drop) return 'proof';
  if (input.is_paid_drop) return 'paid';
  if (input.is_proof_drop === false && input.is_paid_drop === false) return 'move';
  return 'proof';
}

interface KindMinimumsInput {
  kind?: string | null;
  is_proof_drop?: boolean;
  is_paid_drop?: boolean;
  key_cost?: bigint;
  gem_reward_base?: bigint;
  move_cost_points?: bigint;
  key_reward_amount?: bigint;
}

/**
 * Paid drops cost at least 1 key and pay at least 1 gem; move drops cost at least 1 point and pay at least 1 key.
 * Amounts are minor units here (gems scale 4, points scale 1, keys scale 0).
 */
function checkKindMinimums(kind: string, input: KindMinimumsInput, context: z.RefinementCtx) {
  if (input.is_proof_drop && input.is_paid_drop)
    context.addIssue({ code: 'custom', path: ['is_paid_drop'], message: DROP_MESSAGES.kindFlagsConflict });
  if (kind === 'paid') {
    if (input.key_cost !== undefined && input.key_cost < 1n)
      context.addIssue({ code: 'custom', path: ['key_cost'], message: DROP_MESSAGES.keyCostMin });
    if (input.gem_reward_base !== undefined && input.gem_reward_base < 10_000n)
      context.addIssue({ code: 'custom', path: ['gem_reward_base'], message: DROP_MESSAGES.gemRewardMin });
  }
  if (kind === 'move') {
    if (input.move_cost_points !== undefined && input.move_cost_points < 10n)
      context.addIssue({ code: 'custom', path: ['move_cost_points'], message: DROP_MESSAGES.pointsCostMin });
    if (input.key_reward_amount !== undefined && input.key_reward_amount < 1n)
      context.addIssue({ code: 'custom', path: ['key_reward_amount'], message: DROP_MESSAGES.keysRewardMin });
  }
}

/** A move drop's key pool: named when seats are unlimited, and never smaller than one reward. */
function checkKeyPool(
  keyRewardMinor: bigint,
  maxParticipants: number | null,
  keyPoolMinor: bigint | null,
  context: z.RefinementCtx,
) {
  if (keyPoolMinor === null) {
    if (maxParticipants === null)
      context.addIssue({ code: 'custom', path: ['key_pool_total'], message: DROP_MESSAGES.keyPoolRequired });
    return;
  }
  if (keyPoolMinor < keyRewardMinor)
    context.addIssue({ code: 'custom', path: ['key_pool_total'], message: DROP_MESSAGES.keyPoolBelowReward });
}

/**
 * POST /api/drops. The kind comes from `kind` or the flags `is_proof_drop` / `is_paid_drop` (both false: move; none:
 * proof). Paid defaults are 1 key and 50 gems (spec 2 §9); `gem_pool_total` defaults to the reward times
 * max_participants (or one reward when unlimited). A move drop escrows `key_pool_total` keys from its creator (default
 * key_reward_amount × max_participants; required when participants are unlimited). Costs and rewards that do not belong
 * to the kind are ignored and stored as 0. Amount bounds: `DROP_AMOUNT_BOUNDS`.
 */
export const CreateDropRequestSchema = z
  .object({
    ...dropFieldShape,
    drop_type: dropFieldShape.drop_type.default('content_clipping'),
    difficulty: dropFieldShape.difficulty.default('easy'),
    follower_threshold: dropFieldShape.follower_threshold.default(0),
    is_proof_drop: z.boolean().optional(),
    is_paid_drop: z.boolean().optional(),
    kind: DropKindSchema.optional(),
    key_cost: dropFieldShape.key_cost.optional(),
    gem_reward_base: dropFieldShape.gem_reward_base.optional(),
    move_cost_points: dropFieldShape.move_cost_points.optional(),
    key_reward_amount: dropFieldShape.key_reward_amount.optional(),
  })
  .superRefine((input, context) => {
    const kind = kindFromFlags(input);
    // Paid costs default to 1 key and 50 gems; a move drop must name its points cost and keys reward.
    const withDefaults =
      kind === 'move'
        ? { ...input, move_cost_points: input.move_cost_points ?? 0n, key_reward_amount: input.key_reward_amount ?? 0n }
        : input;
    checkKindMinimums(kind, withDefaults, context);
    // A move drop pays its rewards from keys escrowed at creation: unlimited seats need a pool named up front.
    if (kind === 'move')
      checkKeyPool(
        input.key_reward_amount ?? 0n,
        input.max_participants ?? null,
        input.key_pool_total ?? null,
        context,
      );
  })
  .meta({ id: 'CreateDropRequest' });
export type CreateDropRequest = z.infer<typeof CreateDropRequestSchema>;

/** PUT /api/drops/{id}: any subset of the fields; the kind (or its flags) may be sent but must not change. */
export const UpdateDropRequestSchema = z
  .object(dropFieldShape)
  .partial()
  .superRefine((input, context) => {
    if (input.kind !== undefined || input.is_proof_drop !== undefined || input.is_paid_drop !== undefined) {
      checkKindMinimums(kindFromFlags(input), input, context);
    }
  })
  .meta({ id: 'UpdateDropRequest' });
export type UpdateDropRequest = z.infer<typeof UpdateDropRequestSchema>;

export const DROP_STATUSES = ['active', 'pending', 'approved', 'completed', 'rejected'] as const;
export const DropStatusSchema = z.enum(DROP_STATUSES);

export const DropSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    preview_image: z.string().nullable(),
    content_url: z.string().nullable(),
    creator_id: z.string(),
    creator_name: z.string(),
    creator_avatar: z.string().nullable(),
    platform: z.string().nullable(),
    status: DropStatusSchema,
    difficulty: DropDifficultySchema,
    drop_type: DropCategorySchema,
    kind: DropKindSchema,
    key_cost: z.number(),
    gem_reward_base: z.number(),
    gem_pool_total: z.number(),
    gem_pool_remaining: z.number(),
    follower_threshold: z.number(),
    time_commitment: z.string().nullable(),
    requirements: z.string().nullable(),
    deliverables: z.string().nullable(),
    deadline_at: z.string().nullable(),
    max_participants: z.number().nullable(),
    current_participants: z.number(),
    move_cost_points: z.number(),
    move_actions: z.array(z.string()).nullable(),
    key_reward_amount: z.number(),
    /** Move drops: keys escrowed for the rewards, and what is left of them (0 for other kinds). */
    key_pool_total: z.number().default(0),
    key_pool_remaining: z.number().default(0),
    is_proof_drop: z.boolean(),
    is_paid_drop: z.boolean(),
    is_demo: z.boolean(),
    reward_logic: z.string().nullable(),
    total_applications: z.number(),
    gems_paid: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Drop' });
export type DropView = z.infer<typeof DropSchema>;

export const DROP_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'submitted', 'completed', 'paid'] as const;
export const DropApplicationStatusSchema = z.enum(DROP_APPLICATION_STATUSES);
export type DropApplicationStatus = z.infer<typeof DropApplicationStatusSchema>;

export const DropApplicationSchema = z
  .object({
    id: z.string(),
    drop_id: z.string(),
    drop_title: z.string(),
    drop_kind: DropKindSchema,
    advertiser_brand_name: z.string(),
    user_id: z.string(),
    applicant_name: z.string(),
    status: DropApplicationStatusSchema,
    application_message: z.string(),
    submission_type: SubmissionTypeSchema.nullable(),
    submission_data: z.string().nullable(),
    submission_url: z.string().nullable(),
    submission_notes: z.string().nullable(),
    key_cost: z.number(),
    points_cost: z.number(),
    gems_earned: z.number(),
    keys_earned: z.number(),
    review_score: z.number().nullable(),
    is_demo: z.boolean(),
    applied_at: z.string(),
    approved_at: z.string().nullable(),
    rejected_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DropApplication' });
export type DropApplicationView = z.infer<typeof DropApplicationSchema>;

export const ApplyToDropRequestSchema = z
  .object({
    application_message: z
      .string({ error: DROP_MESSAGES.messageRequired })
      .trim()
      .min(1, DROP_MESSAGES.messageRequired)
      .max(5000),
  })
  .meta({ id: 'ApplyToDropRequest' });
export type ApplyToDropRequest = z.infer<typeof ApplyToDropRequestSchema>;

export const SubmitWorkRequestSchema = z
  .object({
    submission_type: SubmissionTypeSchema,
    submission_data: z
      .string({ error: DROP_MESSAGES.submissionDataRequired })
      .trim()
      .min(1, DROP_MESSAGES.submissionDataRequired)
      .max(10_000),
    submission_notes: optionalText(5000),
  })
  .superRefine((input, context) => {
    if (input.submission_type === 'url' && !isHttpUrl(input.submission_data)) {
      context.addIssue({ code: 'custom', path: ['submission_data'], message: DROP_MESSAGES.invalidSubmissionUrl });
    }
  })
  .meta({ id: 'SubmitWorkRequest' });
export type SubmitWorkRequest = z.infer<typeof SubmitWorkRequestSchema>;

export const CompleteApplicationRequestSchema = z
  .object({
    review_score: z
      .number({ error: DROP_MESSAGES.reviewScoreRange })
      .int(DROP_MESSAGES.reviewScoreRange)
      .min(1, DROP_MESSAGES.reviewScoreRange)
      .max(10, DROP_MESSAGES.reviewScoreRange),
  })
  .meta({ id: 'CompleteApplicationRequest' });
export type CompleteApplicationRequest = z.infer<typeof CompleteApplicationRequestSchema>;

export const ListDropsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  type: DropKindSchema.optional(),
  creator_id: z.string().max(100).optional(),
});

export const DropListSchema = z.array(DropSchema);
export const DropApplicationListSchema = z.array(DropApplicationSchema);
export const DeleteDropResponseSchema = z.object({ success: z.literal(true), id: z.string() });
