import { z } from 'zod';
import { amountField, formatWholeUnits } from '../ledger/currency';
import { DropCategorySchema, DropDifficultySchema, DropKindSchema } from './events';
import { DROP_MESSAGES, isHttpUrl, optionalText } from './http-fields';

export { DROP_MESSAGES } from './http-fields';
export * from './http-applications';

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

export const ListDropsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  type: DropKindSchema.optional(),
  creator_id: z.string().max(100).optional(),
});

export const DropListSchema = z.array(DropSchema);
export const DeleteDropResponseSchema = z.object({ success: z.literal(true), id: z.string() });
