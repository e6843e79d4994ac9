import { join } from 'node:path';
import { z } from 'zod';

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const flag = (fallback: boolean) =>
  z
    .preprocess(
      (value) => (value === undefined || value === '' ? fallback : value),
      z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
    )
    .transform((value) => value === true || value === 'true' || value === '1');
const positiveInteger = (fallback: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value), z.coerce.number().int().positive());

const IdentityEnvironmentSchema = z.object({
  NODE_ENV: optionalText,
  PUBLIC_APP_URL: optionalText.pipe(z.url().optional()),
  PUBLIC_API_URL: optionalText.pipe(z.url().optional()),
  SESSION_TTL_HOURS: positiveInteger(24 * 7),
  AUTH_COOKIE_NAME: optionalText,
  AUTH_COOKIE_SECURE: optionalText.pipe(z.enum(['true', 'false']).optional()),
  AUTH_COOKIE_SAMESITE: optionalText.pipe(z.enum(['lax', 'strict', 'none']).optional()),
  REQUIRE_EMAIL_CONFIRMATION: flag(false),
  EMAIL_CONFIRMATION_TTL_HOURS: positiveInteger(48),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: positiveInteger(5),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: positiveInteger(20),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInteger(20),
  SIGN_IN_FAILURE_WINDOW_MINUTES: positiveInteger(15),
  SIGN_UP_MAX_PER_ADDRESS: positiveInteger(20),
  SIGN_UP_WINDOW_MINUTES: positiveInteger(60),
  DEMO_LOGINS_MAX_PER_ADDRESS: positiveInteger(60),
  DEMO_LOGINS_ENABLED: flag(true),
  ADMIN_EMAILS: optionalText,
  GOOGLE_OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_REDIRECT_URI: optionalText.pipe(z.url().optional()),
  IMAGE_STORAGE: optionalText.pipe(z.enum(['local', 's3']).optional()),
  IMAGE_DIR: optionalText,
  IMAGE_PUBLIC_BASE_URL: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag(false),
});

/** Every environment variable identity reads (the deployment manifests' test checks theirs against it). */
export const IDENTITY_VARIABLES: readonly string[] = Object.keys(IdentityEnvironmentSchema.shape);

export interface GoogleOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export type ImageStorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** When set, uploads are served straight from this base (a CDN or public bucket); else through the API. */
      publicBaseUrl?: string;
    };

export interface IdentityConfig {
  /** Where the web app lives: e-mail links and OpenID Connect callbacks land there. */
  publicAppUrl: string;
  /** Where the API is reached from outside (links in e-mails); a trusted origin for cookie-authenticated writes. */
  publicApiUrl: string;
  sessionTtlMs: number;
  cookie: { name: string; secure: boolean; sameSite: 'lax' | 'strict' | 'none' };
  emailConfirmation: { required: boolean; ttlMs: number; confirmUrl: string };
  /** Failed sign-ins per account and address (low), per account (higher), per address; see SignInThrottle. */
  signInThrottle: {
    maxFailuresPerAccountAddress: number;
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    windowMs: number;
  };
  /** Sign-ups, and demo logins (each a new sandbox account), per client address per window. */
  signUpThrottle: { maxPerAddress: number; maxDemoLoginsPerAddress: number; windowMs: number };
  demoLoginsEnabled: boolean;
  adminEmails: string[];
  /** Undefined when Google sign-in is not configured. */
  google?: GoogleOidcConfig;
  images: ImageStorageConfig;
}

export class IdentityConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid identity configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'IdentityConfigError';
  }
}

type IdentityEnvironment = z.infer<typeof IdentityEnvironmentSchema>;

/** Google sign-in when its client is configured (id and secret together, else a problem); undefined otherwise. */
function googleConfig(
  env: IdentityEnvironment,
  publicApiUrl: string,
  problems: string[],
): GoogleOidcConfig | undefined {
  if (!env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) return undefined;
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    return undefined;
  }
  return {
    issuer: env.GOOGLE_OIDC_ISSUER ?? 'https://accounts.google.com',
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: env.GOOGLE_REDIRECT_URI ?? `${publicApiUrl}/api/auth/google/callback`,
  };
}

/** Uploaded images on local disk (under DATA_DIR unless IMAGE_DIR says where) or in an S3 bucket. */
function imageStorageConfig(env: IdentityEnvironment, dataDirectory: string, problems: string[]): ImageStorageConfig {
  if (env.IMAGE_STORAGE !== 's3') return { kind: 'local', directory: env.IMAGE_DIR ?? join(dataDirectory, 'images') };
  if (!env.S3_BUCKET) problems.push('S3_BUCKET is required when IMAGE_STORAGE=s3');
  return {
    kind: 's3',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicBaseUrl: env.IMAGE_PUBLIC_BASE_URL?.replace(/\/$/, ''),
  };
}

/** Parses the identity part of the environment; `dataDirectory` is the platform's DATA_DIR (local image storage). */
export function loadIdentityConfig(environment: NodeJS.ProcessEnv, dataDirectory: string): IdentityConfig {
  const result = IdentityEnvironmentSchema.safeParse(environment);
  if (!result.success) {
    throw new IdentityConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const production = env.NODE_ENV === 'production';
  const publicAppUrl = (env.PUBLIC_APP_URL ?? 'http://localhost:4200').replace(/\/$/, '');
  const publicApiUrl = (env.PUBLIC_API_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const problems: string[] = [];

  const google = googleConfig(env, publicApiUrl, problems);
  const images = imageStorageConfig(env, dataDirectory, problems);
  if (problems.length > 0) throw new IdentityConfigError(problems);

  const sameSite = env.AUTH_COOKIE_SAMESITE ?? 'lax';
  return {
    publicAppUrl,
    publicApiUrl,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    cookie: {
      name: env.AUTH_COOKIE_NAME ?? 'session_token',
      // Browsers reject SameSite=None without Secure.
      secure: env.AUTH_COOKIE_SECURE ? env.AUTH_COOKIE_SECURE === 'true' : production || sameSite === 'none',
      sameSite,
    },
    emailConfirmation: {
      required: env.REQUIRE_EMAIL_CONFIRMATION,
      ttlMs: env.EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
      confirmUrl: `${publicApiUrl}/api/auth/confirm-email`,
    },
    signInThrottle: {
      maxFailuresPerAccountAddress: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
      maxFailuresPerAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    signUpThrottle: {
      maxPerAddress: env.SIGN_UP_MAX_PER_ADDRESS,
      maxDemoLoginsPerAddress: env.DEMO_LOGINS_MAX_PER_ADDRESS,
      windowMs: env.SIGN_UP_WINDOW_MINUTES * 60_000,
    },
    demoLoginsEnabled: env.DEMO_LOGINS_ENABLED,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    google,
    images,
  };
}

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
