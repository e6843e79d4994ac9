import { z } from 'zod';
import { DemoPersonaSchema, SocialLinksSchema, USER_TIERS, UserTypeSchema } from './users';

/**
 * Identity event payloads as stored. Streams: `user-<userId>` (the user's account and profile) and
 * `session-<sessionId>` (one sign-in, from start to revocation). Timestamps are ISO-8601 strings.
 */
export const SIGN_IN_METHODS = ['password', 'demo', 'google', 'refresh'] as const;
export const SignInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

export const UserRegisteredSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  userType: UserTypeSchema,
  tier: z.enum(USER_TIERS),
  referralCode: z.string().regex(/^[A-Z0-9]{6}$/),
  /** argon2id hash; null for accounts that only sign in through an identity provider. */
  passwordHash: z.string().nullable(),
  method: z.enum(['password', 'demo', 'google']),
  demoPersona: DemoPersonaSchema.nullable(),
  /**
   * A demo login's own sandbox account (every demo login registers a fresh one). Absent on events written before
   * sandboxes: a user with a demo persona is a demo account either way.
   */
  isDemo: z.boolean().optional(),
  /** A sandbox created for another demo login (a demo creator's companion advertiser): that login's user id. */
  demoOwnerUserId: z.string().optional(),
  emailConfirmed: z.boolean(),
  registeredAt: z.string(),
});

export const ProfileChangesSchema = z.object({
  username: z.string().optional(),
  displayName: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  avatarUrl: z.string().nullable().optional(),
  bannerUrl: z.string().nullable().optional(),
  websiteUrl: z.string().nullable().optional(),
  socialLinks: SocialLinksSchema.optional(),
});
export type ProfileChanges = z.infer<typeof ProfileChangesSchema>;

export const ProfileUpdatedSchema = z.object({
  userId: z.string(),
  changes: ProfileChangesSchema,
  updatedAt: z.string(),
});
export const EmailConfirmationRequestedSchema = z.object({
  userId: z.string(),
  tokenHash: z.string(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});
export const EmailConfirmedSchema = z.object({ userId: z.string(), confirmedAt: z.string() });
export const AdminRoleGrantedSchema = z.object({ userId: z.string(), grantedAt: z.string(), reason: z.string() });
export const AdminRoleRevokedSchema = z.object({ userId: z.string(), revokedAt: z.string(), reason: z.string() });
export const UserTypeChangedSchema = z.object({ userId: z.string(), userType: UserTypeSchema, changedAt: z.string() });
export const UserTierChangedSchema = z.object({ userId: z.string(), tier: z.enum(USER_TIERS), changedAt: z.string() });
/** A demo sandbox inactive for 7 days was expired by the scheduled job: it can no longer be used (events are kept). */
export const DemoSandboxExpiredSchema = z.object({
  userId: z.string(),
  expiredAt: z.string(),
  lastActiveAt: z.string(),
});
export const ExternalIdentityLinkedSchema = z.object({
  userId: z.string(),
  provider: z.literal('google'),
  subject: z.string(),
  email: z.string().nullable(),
  linkedAt: z.string(),
});

export const SessionStartedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  /** SHA-256 (hex) of the opaque bearer token; the token itself is never stored. */
  tokenHash: z.string(),
  method: SignInMethodSchema,
  rotatedFromSessionId: z.string().nullable(),
  startedAt: z.string(),
  expiresAt: z.string(),
  clientAddress: z.string().nullable(),
});
export const SessionRevokedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  reason: z.enum(['signed_out', 'rotated']),
  replacedBySessionId: z.string().nullable(),
  revokedAt: z.string(),
});

export const IDENTITY_EVENT_SCHEMAS = {
  UserRegistered: UserRegisteredSchema,
  ProfileUpdated: ProfileUpdatedSchema,
  EmailConfirmationRequested: EmailConfirmationRequestedSchema,
  EmailConfirmed: EmailConfirmedSchema,
  AdminRoleGranted: AdminRoleGrantedSchema,
  AdminRoleRevoked: AdminRoleRevokedSchema,
  UserTypeChanged: UserTypeChangedSchema,
  UserTierChanged: UserTierChangedSchema,
  ExternalIdentityLinked: ExternalIdentityLinkedSchema,
  DemoSandboxExpired: DemoSandboxExpiredSchema,
  SessionStarted: SessionStartedSchema,
  SessionRevoked: SessionRevokedSchema,
} as const;
export type IdentityEventType = keyof typeof IDENTITY_EVENT_SCHEMAS;
