import {
  PAID_DROP_DEFAULTS,
  type CreateDropRequest,
  type DropDetails,
  type DropKind,
  type UpdateDropRequest,
} from '@app/contracts/drops';
import { badRequest } from '../../../platform/http/api-error';
import { DROP_MESSAGES } from '@app/contracts/drops';
import type { DropTerms } from '../domain/drop';

/** Amounts arrive as exact minor units: the request schema parsed and bounded them (`amountField`). */
const GEMS_MINOR_PER_GEM = 10_000n;

export function detailsOfCreate(body: CreateDropRequest): DropDetails {
  return {
    title: body.title,
    description: body.description,
    category: body.drop_type,
    difficulty: body.difficulty,
    platform: body.platform ?? null,
    contentUrl: body.content_url ?? null,
    previewImage: body.preview_image ?? null,
    requirements: body.requirements ?? null,
    deliverables: body.deliverables ?? null,
    timeCommitment: body.time_commitment ?? null,
    deadlineAt: body.deadline_at ?? null,
    maxParticipants: body.max_participants ?? null,
    followerThreshold: body.follower_threshold,
  };
}

export function termsOfCreate(kind: DropKind, body: CreateDropRequest): DropTerms {
  const paid = kind === 'paid';
  return {
    keyCostMinor: body.key_cost ?? (paid ? BigInt(PAID_DROP_DEFAULTS.keyCost) : 0n),
    gemRewardBaseMinor:
      body.gem_reward_base ?? (paid ? BigInt(PAID_DROP_DEFAULTS.gemRewardBase) * GEMS_MINOR_PER_GEM : 0n),
    moveCostPointsMinor: body.move_cost_points ?? 0n,
    keyRewardAmountMinor: body.key_reward_amount ?? 0n,
  };
}

/** The keys a move drop escrows when the request names them; otherwise the decider takes reward × seats. */
export function keyPoolOf(body: Pick<CreateDropRequest, 'key_pool_total'>): bigint | null {
  return body.key_pool_total ?? null;
}

/** The pool a paid drop escrows: as asked, else one reward per seat (one reward when seats are unlimited). */
export function poolOfCreate(kind: DropKind, body: CreateDropRequest, terms: DropTerms): bigint {
  if (kind !== 'paid') return 0n;
  if (body.gem_pool_total !== undefined && body.gem_pool_total !== null) return body.gem_pool_total;
  return terms.gemRewardBaseMinor * BigInt(body.max_participants ?? 1);
}

export function detailChangesOf(body: UpdateDropRequest): Partial<DropDetails> {
  const changes: Partial<DropDetails> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.drop_type !== undefined) changes.category = body.drop_type;
  if (body.difficulty !== undefined) changes.difficulty = body.difficulty;
  if (body.platform !== undefined) changes.platform = body.platform;
  if (body.content_url !== undefined) changes.contentUrl = body.content_url;
  if (body.preview_image !== undefined) changes.previewImage = body.preview_image;
  if (body.requirements !== undefined) changes.requirements = body.requirements;
  if (body.deliverables !== undefined) changes.deliverables = body.deliverables;
  if (body.time_commitment !== undefined) changes.timeCommitment = body.time_commitment;
  if (body.deadline_at !== undefined) changes.deadlineAt = body.deadline_at;
  if (body.max_participants !== undefined) changes.maxParticipants = body.max_participants;
  if (body.follower_threshold !== undefined) changes.followerThreshold = body.follower_threshold;
  return changes;
}

export function termChangesOf(body: UpdateDropRequest): Partial<DropTerms> {
  const changes: Partial<DropTerms> = {};
  if (body.key_cost !== undefined) changes.keyCostMinor = body.key_cost;
  if (body.gem_reward_base !== undefined) changes.gemRewardBaseMinor = body.gem_reward_base;
  if (body.move_cost_points !== undefined) changes.moveCostPointsMinor = body.move_cost_points;
  if (body.key_reward_amount !== undefined) changes.keyRewardAmountMinor = body.key_reward_amount;
  return changes;
}

/** The kind an edit names, if it names one: `kind`, a flag set to true, or both flags explicitly false (move). */
export function requestedKindOf(body: UpdateDropRequest): DropKind | null {
  if (body.kind) return body.kind;
  if (body.is_proof_drop) return 'proof';
  if (body.is_paid_drop) return 'paid';
  if (body.is_proof_drop === false && body.is_paid_drop === false) return 'move';
  return null;
}

/** Edit-modal minimums (spec 2 §5) checked against the drop's real kind, once it is known. */
export function checkEditedTerms(kind: DropKind, terms: DropTerms): void {
  const issues: { field: string; message: string }[] = [];
  if (kind === 'paid' && terms.keyCostMinor < 1n) issues.push({ field: 'key_cost', message: DROP_MESSAGES.keyCostMin });
  if (kind === 'paid' && terms.gemRewardBaseMinor < 10_000n)
    issues.push({ field: 'gem_reward_base', message: DROP_MESSAGES.gemRewardMin });
  if (kind === 'move' && terms.moveCostPointsMinor < 10n)
    issues.push({ field: 'move_cost_points', message: DROP_MESSAGES.pointsCostMin });
  if (kind === 'move' && terms.keyRewardAmountMinor < 1n)
    issues.push({ field: 'key_reward_amount', message: DROP_MESSAGES.keysRewardMin });
  if (issues.length > 0) throw badRequest('VALIDATION_ERROR', issues[0].message, issues);
}
