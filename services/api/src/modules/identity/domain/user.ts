import type { z } from 'zod';
import type {
  DemoSandboxExpiredSchema,
  AdminRoleGrantedSchema,
  AdminRoleRevokedSchema,
  DemoPersona,
  EmailConfirmationRequestedSchema,
  EmailConfirmedSchema,
  ExternalIdentityLinkedSchema,
  ProfileChanges,
  ProfileUpdatedSchema,
  SocialLinks,
  UserRegisteredSchema,
  UserTier,
  UserTierChangedSchema,
  UserType,
  UserTypeChangedSchema,
} from '@app/contracts/identity';
import { USER_TIERS } from '@app/contracts/identity';

/**
 * The user aggregate: account, credentials and public profile. Pure: no clock, no randomness, no I/O. Time,
 * generated codes and password hashes arrive in the command, because a concurrency retry runs `decide` again.
 */
export type UserEvent =
  | { type: 'UserRegistered'; data: z.infer<typeof UserRegisteredSchema> }
  | { type: 'ProfileUpdated'; data: z.infer<typeof ProfileUpdatedSchema> }
  | { type: 'EmailConfirmationRequested'; data: z.infer<typeof EmailConfirmationRequestedSchema> }
  | { type: 'EmailConfirmed'; data: z.infer<typeof EmailConfirmedSchema> }
  | { type: 'AdminRoleGranted'; data: z.infer<typeof AdminRoleGrantedSchema> }
  | { type: 'AdminRoleRevoked'; data: z.infer<typeof AdminRoleRevokedSchema> }
  | { type: 'UserTypeChanged'; data: z.infer<typeof UserTypeChangedSchema> }
  | { type: 'UserTierChanged'; data: z.infer<typeof UserTierChangedSchema> }
  | { type: 'ExternalIdentityLinked'; data: z.infer<typeof ExternalIdentityLinkedSchema> }
  | { type: 'DemoSandboxExpired'; data: z.infer<typeof DemoSandboxExpiredSchema> };

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'ProfileUpdated',
  'EmailConfirmationRequested',
  'EmailConfirmed',
  'AdminRoleGranted',
  'AdminRoleRevoked',
  'UserTypeChanged',
  'UserTierChanged',
  'ExternalIdentityLinked',
  'DemoSandboxExpired',
];

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  username: string;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  websiteUrl: string | null;
  socialLinks: SocialLinks;
  userType: UserType;
  tier: UserTier;
  isAdmin: boolean;
  referralCode: string;
  passwordHash: string | null;
  demoPersona: DemoPersona | null;
  /** A demo login's own sandbox account. */
  isDemo: boolean;
  /** When the expiry job archived this sandbox (it can no longer be used), else null. */
  demoExpiredAt: string | null;
  emailConfirmed: boolean;
  pendingConfirmation: { tokenHash: string; expiresAt: string } | null;
  externalIdentities: { provider: 'google'; subject: string }[];
  registeredAt: string;
  updatedAt: string;
}

export type UserState = { status: 'unregistered' } | RegisteredUser;

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export const userStreamId = (userId: string) => `user-${userId}`;

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: Omit<z.infer<typeof UserRegisteredSchema>, 'registeredAt'> & {
        /** Present when e-mail confirmation is on: the hash of the token mailed to the user. */
        confirmation: { tokenHash: string; expiresAt: string } | null;
        now: string;
      };
    }
  | { type: 'UpdateProfile'; data: { changes: ProfileChanges; now: string } }
  | { type: 'ConfirmEmail'; data: { tokenHash: string; now: string } }
  | { type: 'GrantAdminRole'; data: { reason: string; now: string } }
  | { type: 'RevokeAdminRole'; data: { reason: string; now: string } }
  | { type: 'ChangeUserType'; data: { userType: UserType; now: string } }
  /**
   * `onlyRaise`: a paid upgrade never lowers a tier, decided here against the stream so racing upgrades can't either.
   */
  | { type: 'ChangeUserTier'; data: { tier: UserTier; onlyRaise?: boolean; now: string } }
  | { type: 'LinkExternalIdentity'; data: { provider: 'google'; subject: string; email: string | null; now: string } }
  /** The expiry job: `lastActiveAt` is the activity it judged the sandbox on (at least 7 days before `now`). */
  | { type: 'ExpireDemoSandbox'; data: { lastActiveAt: string; now: string } };

export type UserRefusal =
  | 'USER_ALREADY_REGISTERED'
  | 'USER_NOT_FOUND'
  | 'CONFIRMATION_TOKEN_INVALID'
  | 'CONFIRMATION_TOKEN_EXPIRED'
  | 'EXTERNAL_IDENTITY_ALREADY_LINKED'
  | 'USER_MUST_BE_A_DEMO_SANDBOX';

/** An accepted command's events (possibly none: already true), or the typed reason it was refused. */
export type Decision<Event, Refusal extends string> =
  { kind: 'accepted'; events: Event[] } | { kind: 'refused'; refusal: Refusal };

const refuse = (refusal: UserRefusal): Decision<UserEvent, UserRefusal> => ({ kind: 'refused', refusal });
const accept = (...events: UserEvent[]): Decision<UserEvent, UserRefusal> => ({ kind: 'accepted', events });

export function decideUser(command: UserCommand, state: UserState): Decision<UserEvent, UserRefusal> {
  const now = command.data.now;
  if (command.type === 'RegisterUser') {
    if (state.status === 'registered') return refuse('USER_ALREADY_REGISTERED');
    const { confirmation, now: _now, ...registration } = command.data;
    const registered: UserEvent = { type: 'UserRegistered', data: { ...registration, registeredAt: now } };
    if (!confirmation) return accept(registered);
    return accept(registered, {
      type: 'EmailConfirmationRequested',
      data: {
        userId: registration.userId,
        tokenHash: confirmation.tokenHash,
        expiresAt: confirmation.expiresAt,
        requestedAt: now,
      },
    });
  }
  if (state.status !== 'registered') return refuse('USER_NOT_FOUND');
  const userId = state.userId;
  switch (command.type) {
    case 'UpdateProfile': {
      const changes = changedFields(state, command.data.changes);
      if (Object.keys(changes).length === 0) return accept();
      return accept({ type: 'ProfileUpdated', data: { userId, changes, updatedAt: now } });
    }
    case 'ConfirmEmail': {
      if (state.emailConfirmed) return accept();
      const pending = state.pendingConfirmation;
      if (!pending || pending.tokenHash !== command.data.tokenHash) return refuse('CONFIRMATION_TOKEN_INVALID');
      if (Date.parse(pending.expiresAt) <= Date.parse(now)) return refuse('CONFIRMATION_TOKEN_EXPIRED');
      return accept({ type: 'EmailConfirmed', data: { userId, confirmedAt: now } });
    }
    case 'GrantAdminRole':
      return state.isAdmin
        ? accept()
        : accept({ type: 'AdminRoleGranted', data: { userId, grantedAt: now, reason: command.data.reason } });
    case 'RevokeAdminRole':
      return state.isAdmin
        ? accept({ type: 'AdminRoleRevoked', data: { userId, revokedAt: now, reason: command.data.reason } })
        : accept();
    case 'ChangeUserType':
      return state.userType === command.data.userType
        ? accept()
        : accept({ type: 'UserTypeChanged', data: { userId, userType: command.data.userType, changedAt: now } });
    case 'ChangeUserTier':
      return state.tier === command.data.tier ||
        (command.data.onlyRaise === true && USER_TIERS.indexOf(state.tier) > USER_TIERS.indexOf(command.data.tier))
        ? accept()
        : accept({ type: 'UserTierChanged', data: { userId, tier: command.data.tier, changedAt: now } });
    case 'LinkExternalIdentity': {
      const { provider, subject, email } = command.data;
      const existing = state.externalIdentities.find((identity) => identity.provider === provider);
      if (existing && existing.subject === subject) return accept();
      if (existing) return refuse('EXTERNAL_IDENTITY_ALREADY_LINKED');
      return accept({ type: 'ExternalIdentityLinked', data: { userId, provider, subject, email, linkedAt: now } });
    }
    case 'ExpireDemoSandbox':
      if (!state.isDemo) return refuse('USER_MUST_BE_A_DEMO_SANDBOX');
      if (state.demoExpiredAt !== null) return accept();
      return accept({
        type: 'DemoSandboxExpired',
        data: { userId, expiredAt: now, lastActiveAt: command.data.lastActiveAt },
      });
    default:
      return assertNever(command);
  }
}

/** Keeps only the fields whose value differs, so a save without edits records nothing. */
function changedFields(state: RegisteredUser, changes: ProfileChanges): ProfileChanges {
  const result: ProfileChanges = {};
  if (changes.username !== undefined && changes.username !== state.username) result.username = changes.username;
  if (changes.displayName !== undefined && changes.displayName !== state.displayName)
    result.displayName = changes.displayName;
  if (changes.bio !== undefined && changes.bio !== state.bio) result.bio = changes.bio;
  if (changes.avatarUrl !== undefined && changes.avatarUrl !== state.avatarUrl) result.avatarUrl = changes.avatarUrl;
  if (changes.bannerUrl !== undefined && changes.bannerUrl !== state.bannerUrl) result.bannerUrl = changes.bannerUrl;
  if (changes.websiteUrl !== undefined && changes.websiteUrl !== state.websiteUrl)
    result.websiteUrl = changes.websiteUrl;
  if (changes.socialLinks !== undefined && !sameLinks(changes.socialLinks, state.socialLinks))
    result.socialLinks = changes.socialLinks;
  return result;
}

function sameLinks(left: SocialLinks, right: SocialLinks): boolean {
  const leftKeys = Object.keys(left).sort();
  const rightKeys = Object.keys(right).sort();
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key, index) => key === rightKeys[index] && left[key as keyof SocialLinks] === right[key as keyof SocialLinks],
  );
}

/** The user as registration records them: no profile beyond their names, no admin role, nothing linked yet. */
function registeredUser(data: Extract<UserEvent, { type: 'UserRegistered' }>['data']): RegisteredUser {
  return {
    status: 'registered',
    userId: data.userId,
    email: data.email,
    username: data.username,
    displayName: data.displayName,
    bio: null,
    avatarUrl: null,
    bannerUrl: null,
    websiteUrl: null,
    socialLinks: {},
    userType: data.userType,
    tier: data.tier,
    isAdmin: false,
    referralCode: data.referralCode,
    passwordHash: data.passwordHash,
    demoPersona: data.demoPersona,
    isDemo: data.isDemo ?? data.demoPersona !== null,
    demoExpiredAt: null,
    emailConfirmed: data.emailConfirmed,
    pendingConfirmation: null,
    externalIdentities: [],
    registeredAt: data.registeredAt,
    updatedAt: data.registeredAt,
  };
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') return registeredUser(event.data);
  // A recorded fact about a user that never registered cannot be folded: the stream is corrupt.
  if (state.status !== 'registered') throw new Error(`${event.type} before UserRegistered`);
  switch (event.type) {
    case 'ProfileUpdated': {
      const changes = event.data.changes;
      return {
        ...state,
        username: changes.username ?? state.username,
        displayName: changes.displayName !== undefined ? changes.displayName : state.displayName,
        bio: changes.bio !== undefined ? changes.bio : state.bio,
        avatarUrl: changes.avatarUrl !== undefined ? changes.avatarUrl : state.avatarUrl,
        bannerUrl: changes.bannerUrl !== undefined ? changes.bannerUrl : state.bannerUrl,
        websiteUrl: changes.websiteUrl !== undefined ? changes.websiteUrl : state.websiteUrl,
        socialLinks: changes.socialLinks ?? state.socialLinks,
        updatedAt: event.data.updatedAt,
      };
    }
    case 'EmailConfirmationRequested':
      return { ...state, pendingConfirmation: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'EmailConfirmed':
      return { ...state, emailConfirmed: true, pendingConfirmation: null, updatedAt: event.data.confirmedAt };
    case 'AdminRoleGranted':
      return { ...state, isAdmin: true, updatedAt: event.data.grantedAt };
    case 'AdminRoleRevoked':
      return { ...state, isAdmin: false, updatedAt: event.data.revokedAt };
    case 'UserTypeChanged':
      return { ...state, userType: event.data.userType, updatedAt: event.data.changedAt };
    case 'UserTierChanged':
      return { ...state, tier: event.data.tier, updatedAt: event.data.changedAt };
    case 'ExternalIdentityLinked':
      return {
        ...state,
        externalIdentities: [
          ...state.externalIdentities,
          { provider: event.data.provider, subject: event.data.subject },
        ],
        updatedAt: event.data.linkedAt,
      };
    case 'DemoSandboxExpired':
      return { ...state, demoExpiredAt: event.data.expiredAt, updatedAt: event.data.expiredAt };
    default:
      return assertNever(event);
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled variant: ${JSON.stringify(value)}`);
}
