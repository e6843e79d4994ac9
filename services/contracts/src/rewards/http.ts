import { z } from 'zod';
import { REWARDS_MESSAGES } from './messages';

/** Rules of the spec (document 1 §6 and §9, document 2 §9) the server enforces and the screens show. */
export const REWARDS_RULES = Object.freeze({
  proofDropsRequiredByTier: Object.freeze({ free: 5, premium: 2, super: 1 }),
  instagramMonthlyPointsByTier: Object.freeze({ free: 500, premium: 750, super: 1000 }),
  influenceMinimumFollowers: 500,
  /** Monthly influence points = floor(followers × 0.01) = floor(followers / 100), of the VERIFIED follower count. */
  influenceFollowersPerPoint: 100,
  /**
   * The largest follower count that can be declared or verified (no account on any platform is larger); anything
   * above is refused with 400 `VALIDATION_ERROR`, not cut down.
   */
  influenceMaximumFollowers: 100_000_000,
  /** The bound on one month's influence points, whatever the verified count: 1,000,000 followers and up pay this. */
  influenceMonthlyPointsMaximum: 10_000,
  referrerPoints: 500,
  referredPoints: 250,
  referralCodeMaxLength: 6,
  instagramVerificationWord: 'VERIFY',
  instagramProductAccount: '@rewardsapp',
});

export const MasterKeyStatusSchema = z
  .object({
    is_activated: z.boolean(),
    proof_drops_completed: z.number().int(),
    proof_drops_required: z.number().int(),
    last_activated_at: z.string().nullable(),
  })
  .meta({ id: 'MasterKeyStatus' });
export type MasterKeyStatus = z.infer<typeof MasterKeyStatusSchema>;

export const ActivateMasterKeyRequestSchema = z.preprocess((value) => value ?? {}, z.object({}).loose());
export const ActivateMasterKeyResponseSchema = MasterKeyStatusSchema.extend({
  success: z.literal(true),
  activated_at: z.string(),
  /** The activation holds until the end of this UTC day. */
  valid_until: z.string(),
  message: z.string(),
});
export type ActivateMasterKeyResponse = z.infer<typeof ActivateMasterKeyResponseSchema>;

export const InstagramStatusSchema = z.object({
  instagram_username: z.string().nullable(),
  is_verified: z.boolean(),
  registered_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** `YYYY-MM` of the last claim, null before any. */
  last_claimed_month: z.string().nullable(),
  can_claim: z.boolean(),
  monthly_points: z.number(),
  verification_word: z.string(),
  verification_account: z.string(),
  /** Where the registration stands: an administrator reviews it (`pending_review`), then verifies or rejects it. */
  verification_status: z.enum(['not_registered', 'pending_review', 'verified', 'rejected']),
  /** The administrator's reason when the registration was rejected, else null. */
  rejection_reason: z.string().nullable(),
});
export type InstagramStatus = z.infer<typeof InstagramStatusSchema>;

export const RegisterInstagramRequestSchema = z.object({
  instagram_username: z
    .string({ error: REWARDS_MESSAGES.instagramUsernameRequired })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .min(1, REWARDS_MESSAGES.instagramUsernameRequired)
        .max(30, REWARDS_MESSAGES.instagramUsernameInvalid)
        .regex(/^[A-Za-z0-9._]+$/, REWARDS_MESSAGES.instagramUsernameInvalid),
    ),
});
export type RegisterInstagramRequest = z.infer<typeof RegisterInstagramRequestSchema>;
export const RegisterInstagramResponseSchema = InstagramStatusSchema.extend({
  success: z.literal(true),
  message: z.string(),
});

export const VerifyInstagramParamsSchema = z.object({ userId: z.string().min(1) });
export const VerifyInstagramRequestSchema = z.object({
  /** Optional guard: verify only when the registered username is still this one. */
  instagram_username: z.string().trim().optional(),
  /** The administrator's note, kept on the verification. */
  reason: z.string().trim().max(500).optional(),
});

/** Why an administrator refuses a verification: told to the user, so required. */
const RejectionReason = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(500, 'A reason is at most 500 characters');
export const RejectInstagramRequestSchema = z.object({
  reason: RejectionReason,
  /** Optional guard: reject only when the registered username is still this one. */
  instagram_username: z.string().trim().optional(),
});
export type RejectInstagramRequest = z.infer<typeof RejectInstagramRequestSchema>;
export const RejectInfluenceRequestSchema = z.object({
  reason: RejectionReason,
  /** Optional guard: reject only when the registered platform username is still this one. */
  platform_username: z.string().trim().optional(),
});
export type RejectInfluenceRequest = z.infer<typeof RejectInfluenceRequestSchema>;

export const ClaimPointsResponseSchema = z.object({
  success: z.literal(true),
  points_awarded: z.number(),
  month: z.string(),
  transaction_id: z.string(),
  message: z.string(),
});
export type ClaimPointsResponse = z.infer<typeof ClaimPointsResponseSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: REWARDS_MESSAGES.influenceFieldsRequired })
    .trim()
    .min(1, REWARDS_MESSAGES.influenceFieldsRequired)
    .max(max, `At most ${max} characters`);

export const RegisterInfluenceRewardsRequestSchema = z.object({
  full_name: requiredText(100),
  platform: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['instagram', 'tiktok', 'youtube', 'twitter'], { error: REWARDS_MESSAGES.influenceFieldsRequired }),
  ),
  platform_username: requiredText(60),
  phone_number: requiredText(30).refine(
    (value) => /^[+0-9 ()-]{5,30}$/.test(value),
    'Please enter a valid phone number',
  ),
  email: requiredText(254).refine(
    (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    'Please enter a valid email address',
  ),
  follower_count: z.coerce
    .number({ error: REWARDS_MESSAGES.influenceFieldsRequired })
    // The bounds first, so that 1e308 or a 23-digit string is named as too large rather than as not whole.
    .min(REWARDS_RULES.influenceMinimumFollowers, REWARDS_MESSAGES.influenceMinimumFollowers)
    .max(REWARDS_RULES.influenceMaximumFollowers, REWARDS_MESSAGES.influenceTooManyFollowers)
    .int('follower_count must be a whole number'),
});
export type RegisterInfluenceRewardsRequest = z.infer<typeof RegisterInfluenceRewardsRequestSchema>;

/** Where this month's influence claim stands: registered (declared count) → verified by an admin → claimed. */
export const InfluenceVerificationStatusSchema = z.enum([
  'not_registered',
  'pending_verification',
  'verified',
  'rejected',
]);
export type InfluenceVerificationStatus = z.infer<typeof InfluenceVerificationStatusSchema>;

export const RegisterInfluenceRewardsResponseSchema = z.object({
  success: z.literal(true),
  platform_username: z.string(),
  /** The declared follower count: a claim, not yet a fact. */
  follower_count: z.number().int(),
  /** An estimate from the declared count until verified; what the claim pays comes from the verified count. */
  points_calculated: z.number().int(),
  current_month: z.string(),
  is_verified: z.boolean(),
  verification_status: InfluenceVerificationStatusSchema,
  message: z.string(),
});
export type RegisterInfluenceRewardsResponse = z.infer<typeof RegisterInfluenceRewardsResponseSchema>;

export const ProcessReferralRequestSchema = z.object({
  referral_code: z
    .string({ error: REWARDS_MESSAGES.referralCodeRequired })
    .trim()
    .toUpperCase()
    .min(1, REWARDS_MESSAGES.referralCodeRequired)
    .max(REWARDS_RULES.referralCodeMaxLength, REWARDS_MESSAGES.referralCodeTooLong),
});
export type ProcessReferralRequest = z.infer<typeof ProcessReferralRequestSchema>;

export const ProcessReferralResponseSchema = z.object({
  success: z.literal(true),
  referral_code: z.string(),
  referred_by: z.string(),
  referred_reward: z.number(),
  referrer_reward: z.number(),
  transaction_id: z.string(),
  message: z.string(),
});
export type ProcessReferralResponse = z.infer<typeof ProcessReferralResponseSchema>;

export const ReferralStatusSchema = z.object({
  referral_code: z.string().nullable(),
  /** The referrer's user id once a code was applied, else null. */
  referred_by: z.string().nullable(),
  referral_applied: z.boolean(),
  referrer_reward: z.number(),
  referred_reward: z.number(),
});
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

export const InfluenceRewardsStatusSchema = z.object({
  is_registered_this_month: z.boolean(),
  platform_username: z.string().nullable(),
  /** The declared follower count of this month's registration. */
  follower_count: z.number().int().nullable(),
  /**
   * Verified: the points the claim pays (from the verified count, bounded). Pending: an estimate from the declared
   * count.
   */
  points_calculated: z.number().int(),
  current_month: z.string(),
  is_verified: z.boolean(),
  verification_status: InfluenceVerificationStatusSchema,
  verified_follower_count: z.number().int().nullable(),
  verified_at: z.string().nullable(),
  /** The administrator's reason when this month's claim was rejected, else null. */
  rejection_reason: z.string().nullable(),
  claimed_this_month: z.boolean(),
  /** Only once this month's registration is verified and not yet claimed. */
  can_claim: z.boolean(),
});
export type InfluenceRewardsStatus = z.infer<typeof InfluenceRewardsStatusSchema>;

export const VerifyInfluenceParamsSchema = z.object({ userId: z.string().min(1) });
export const VerifyInfluenceRequestSchema = z.object({
  /**
   * The follower count the verifier saw on the platform (the points are computed from it, not from the declared one).
   */
  verified_follower_count: z.coerce
    .number({ error: 'verified_follower_count is required' })
    .min(0, 'verified_follower_count must not be negative')
    .max(REWARDS_RULES.influenceMaximumFollowers, REWARDS_MESSAGES.influenceTooManyFollowers)
    .int('verified_follower_count must be a whole number'),
  /** Optional guard: verify only when the registered platform username is still this one. */
  platform_username: z.string().trim().optional(),
  /** The administrator's note, kept on the verification. */
  reason: z.string().trim().max(500).optional(),
});
export type VerifyInfluenceRequest = z.infer<typeof VerifyInfluenceRequestSchema>;

export const InstagramVerificationsQuerySchema = z.object({
  status: z.enum(['pending', 'verified', 'rejected', 'all']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const InstagramVerificationSchema = z.object({
  user_id: z.string(),
  instagram_username: z.string(),
  registered_at: z.string(),
  verified_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export const InstagramVerificationsResponseSchema = z.array(InstagramVerificationSchema);
export type InstagramVerification = z.infer<typeof InstagramVerificationSchema>;

/** Influence claims for administrators to verify: this month's registrations, oldest first. */
export const InfluenceVerificationsQuerySchema = InstagramVerificationsQuerySchema;
export const InfluenceVerificationSchema = z.object({
  user_id: z.string(),
  month: z.string(),
  platform: z.string(),
  platform_username: z.string(),
  /** What the user declared. */
  follower_count: z.number().int(),
  registered_at: z.string(),
  verified_follower_count: z.number().int().nullable(),
  verified_by: z.string().nullable(),
  verified_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export const InfluenceVerificationsResponseSchema = z.array(InfluenceVerificationSchema);
export type InfluenceVerification = z.infer<typeof InfluenceVerificationSchema>;
