import { z } from 'zod';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from './messages';

export const USER_TYPES = ['user', 'creator', 'investor', 'advertiser'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

export const USER_TIERS = ['free', 'premium', 'super'] as const;
export type UserTier = (typeof USER_TIERS)[number];

/** The spec names the lowest tier free, regular or standard depending on the screen: all three read as free. */
export function normalizeTier(value: string): UserTier | undefined {
  const lowered = value.trim().toLowerCase();
  if (lowered === 'regular' || lowered === 'standard') return 'free';
  return (USER_TIERS as readonly string[]).includes(lowered) ? (lowered as UserTier) : undefined;
}

export const UserTierSchema = z.string().transform((value, context) => {
  const tier = normalizeTier(value);
  if (tier) return tier;
  context.addIssue({ code: 'custom', message: 'Tier must be free, premium or super' });
  return z.NEVER;
});

export const DEMO_PERSONAS = ['creator', 'investor', 'advertiser'] as const;
export const DemoPersonaSchema = z.enum(DEMO_PERSONAS);
export type DemoPersona = z.infer<typeof DemoPersonaSchema>;

export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'linkedin', 'facebook', 'youtube', 'tiktok'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SocialLinksSchema = z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string());
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

/** Letters, digits and underscore, 3 to 30 characters; unique ignoring case. */
export const UsernameSchema = z
  .string({ error: PROFILE_MESSAGES.usernameTooShort })
  .trim()
  .min(3, PROFILE_MESSAGES.usernameTooShort)
  .max(30, PROFILE_MESSAGES.usernameTooLong)
  .regex(/^[A-Za-z0-9_]*$/, PROFILE_MESSAGES.usernameCharacters);

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An absolute http(s) URL; an empty string clears the field (null). */
export const OptionalUrlSchema = z
  .string()
  .trim()
  .max(2048, PROFILE_MESSAGES.invalidUrl)
  .refine((value) => value === '' || isHttpUrl(value), PROFILE_MESSAGES.invalidUrl)
  .transform((value) => (value === '' ? null : value));

/** Images may be absolute URLs or the root-relative URLs this API serves uploads under (`/api/images/...`). */
export const OptionalImageUrlSchema = z
  .string()
  .trim()
  .max(2048, PROFILE_MESSAGES.invalidUrl)
  .refine(
    (value) => value === '' || isHttpUrl(value) || /^\/api\/images\/[A-Za-z0-9._-]+$/.test(value),
    PROFILE_MESSAGES.invalidUrl,
  )
  .transform((value) => (value === '' ? null : value));

/**
 * The spec's client sends social_links as a JSON string map (or '' when every handle is empty); an object is
 * accepted too. Empty handles are dropped; the result is always a map, possibly empty.
 */
export const SocialLinksInputSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((value, context): SocialLinks => {
    let map: unknown = value;
    if (typeof value === 'string') {
      if (value.trim() === '') return {};
      try {
        map = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.socialLinksInvalid });
        return z.NEVER;
      }
    }
    if (map === null || typeof map !== 'object' || Array.isArray(map)) {
      context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.socialLinksInvalid });
      return z.NEVER;
    }
    const links: SocialLinks = {};
    for (const [platform, handle] of Object.entries(map as Record<string, unknown>)) {
      if (handle === null || handle === undefined) continue;
      if (typeof handle !== 'string') {
        context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.socialLinksInvalid, path: [platform] });
        return z.NEVER;
      }
      const trimmed = handle.trim();
      if (trimmed === '') continue;
      if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform)) {
        context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.unknownSocialPlatform, path: [platform] });
        return z.NEVER;
      }
      if (trimmed.length > 100) {
        context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.socialHandleTooLong, path: [platform] });
        return z.NEVER;
      }
      links[platform as SocialPlatform] = trimmed;
    }
    return links;
  });

/** A referral code as people type it: upper-cased, without spaces, at most 6 characters. */
export const ReferralCodeSchema = z.string().trim().toUpperCase().max(6, AUTH_MESSAGES.referralCodeTooLong);

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const SignUpRequestSchema = z
  .object({
    email: required(AUTH_MESSAGES.signUpFieldsRequired)
      .toLowerCase()
      .pipe(z.email(AUTH_MESSAGES.invalidEmail).max(254, AUTH_MESSAGES.invalidEmail)),
    password: z
      .string({ error: AUTH_MESSAGES.signUpFieldsRequired })
      .min(1, AUTH_MESSAGES.signUpFieldsRequired)
      .pipe(z.string().min(8, AUTH_MESSAGES.passwordTooShort).max(256, AUTH_MESSAGES.passwordTooLong)),
    username: required(AUTH_MESSAGES.signUpFieldsRequired).pipe(UsernameSchema),
    display_name: z
      .string()
      .trim()
      .max(50, PROFILE_MESSAGES.displayNameTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
    /**
     * The code of a referral link (`/auth?ref=CODE`), applied when the account is created (spec 2 §9): upper-cased,
     * at most 6 characters; blank means none.
     */
    referral_code: ReferralCodeSchema.nullish().transform((value) => (value ? value : null)),
  })
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z
  .object({
    email: required(AUTH_MESSAGES.signInFieldsRequired).toLowerCase(),
    password: z.string({ error: AUTH_MESSAGES.signInFieldsRequired }).min(1, AUTH_MESSAGES.signInFieldsRequired),
  })
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const ConfirmEmailRequestSchema = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.confirmationTokenInvalid),
});

/** Every field optional: only the fields sent change. `null` or '' clears an optional field. */
export const UpdateProfileRequestSchema = z
  .object({
    username: UsernameSchema.optional(),
    display_name: z
      .string()
      .trim()
      .max(50, PROFILE_MESSAGES.displayNameTooLong)
      .nullish()
      .transform((value) => (value === '' ? null : value)),
    bio: z
      .string()
      .max(500, PROFILE_MESSAGES.bioTooLong)
      .nullish()
      .transform((value) => (value === '' ? null : value)),
    avatar_url: OptionalImageUrlSchema.nullish(),
    banner_url: OptionalImageUrlSchema.nullish(),
    website_url: OptionalUrlSchema.nullish(),
    social_links: SocialLinksInputSchema.nullish(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** The signed-in user's own view: everything identity knows about them. Balances come from the ledger. */
export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    display_name: z.string().nullable(),
    bio: z.string().nullable(),
    avatar_url: z.string().nullable(),
    banner_url: z.string().nullable(),
    website_url: z.string().nullable(),
    social_links: SocialLinksSchema,
    user_type: UserTypeSchema,
    user_tier: z.enum(USER_TIERS),
    is_admin: z.boolean(),
    referral_code: z.string(),
    referred_by: z.string().nullable(),
    slug: z.string(),
    email_confirmed: z.boolean(),
    /**
     * A demo login's own sandbox: its balances cannot move to or from real accounts; it expires after 7 days unused.
     */
    is_demo: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'User' });
export type UserView = z.infer<typeof UserSchema>;

/** The name other people see: the display name when it has one, else the username. */
export function displayNameOf(user: Pick<UserView, 'display_name' | 'username'>): string {
  return user.display_name?.trim() || user.username;
}

/** What anyone may see: never e-mail, earnings, referral data or private holdings. */
export const PublicUserSchema = UserSchema.pick({
  id: true,
  username: true,
  display_name: true,
  bio: true,
  avatar_url: true,
  banner_url: true,
  website_url: true,
  social_links: true,
  user_type: true,
  user_tier: true,
  slug: true,
  created_at: true,
}).meta({ id: 'PublicUser' });
export type PublicUserView = z.infer<typeof PublicUserSchema>;

export const LeaderboardPositionSchema = z.object({ daily_rank: z.number().int(), composite_score: z.number() });

export const PublicProfileResponseSchema = z
  .object({
    user: PublicUserSchema,
    /** The user's active content, newest first (the content context's `Content`; empty without that context). */
    content: z.array(z.unknown()),
    /** The drops an advertiser posted, newest first (the drops context's `Drop`); empty for other users. */
    drops: z.array(z.unknown()),
    /** Today's rank and composite score (leaderboard); null when the user earned nothing today. */
    leaderboard_position: LeaderboardPositionSchema.nullable(),
  })
  .meta({ id: 'PublicProfileResponse' });
export type PublicProfileResponse = z.infer<typeof PublicProfileResponseSchema>;

export const SessionResponseSchema = z
  .object({
    token: z.string(),
    expires_at: z.string(),
    user: UserSchema,
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/**
 * What became of a sign-up's referral code: applied (the referrer got `referrer_reward` points, the new user
 * `referred_reward`), or refused with the rewards context's code and sentence (the account exists either way).
 */
export const SignUpReferralSchema = z
  .discriminatedUnion('applied', [
    z.object({
      applied: z.literal(true),
      referral_code: z.string(),
      referred_by: z.string(),
      referred_reward: z.number(),
      referrer_reward: z.number(),
    }),
    z.object({ applied: z.literal(false), referral_code: z.string(), code: z.string(), error: z.string() }),
  ])
  .meta({ id: 'SignUpReferral' });
export type SignUpReferral = z.infer<typeof SignUpReferralSchema>;

export const SignUpResponseSchema = z
  .union([
    SessionResponseSchema.extend({
      requiresConfirmation: z.literal(false),
      referral: SignUpReferralSchema.nullable().optional(),
    }),
    z.object({
      requiresConfirmation: z.literal(true),
      message: z.string(),
      referral: SignUpReferralSchema.nullable().optional(),
    }),
  ])
  .meta({ id: 'SignUpResponse' });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const AuthProfileResponseSchema = z
  .object({ success: z.literal(true), user: UserSchema })
  .meta({ id: 'AuthProfileResponse' });
export const SuccessResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export const ImageUploadResponseSchema = z
  .object({
    url: z.string(),
    key: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
  })
  .meta({ id: 'ImageUploadResponse' });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;
