import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProviderName } from '@app/contracts/payments';

/**
 * The payments context's configuration, read from the environment when the module starts:
 * - `PAYMENTS_PROVIDER` `local` (default: the embedded provider, no account, no network) or `stripe`.
 * - `LOCAL_PAYMENTS_WEBHOOK_SECRET`: the HMAC key of the local provider's webhooks (at least 32 characters).
 *   Required in production; elsewhere a per-database development secret is derived so tests and dev just work.
 * - `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`: the Stripe adapter's keys.
 * - `APP_PUBLIC_URL`: the web app's origin, where checkouts send the browser back (default: the request's Origin,
 *   else relative paths); `API_PUBLIC_URL`: the API's origin for the local checkout page (default: relative).
 */
export interface PaymentsConfig {
  defaultProvider: PaymentProviderName;
  local: { webhookSecret: string };
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  appPublicUrl?: string;
  apiPublicUrl?: string;
}

const optional = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().optional());
const origin = optional.pipe(z.url({ message: 'must be an http(s) origin' }).optional()).transform((value) => value?.replace(/\/+$/, ''));

const Environment = z.object({
  PAYMENTS_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['local', 'stripe']).default('local')),
  LOCAL_PAYMENTS_WEBHOOK_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  APP_PUBLIC_URL: origin,
  API_PUBLIC_URL: origin,
  NODE_ENV: optional,
  DATABASE_URL: optional,
});

export function loadPaymentsConfig(environment: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    throw new Error(`Invalid payments configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.LOCAL_PAYMENTS_WEBHOOK_SECRET && env.PAYMENTS_PROVIDER === 'local') {
    throw new Error('Invalid payments configuration: LOCAL_PAYMENTS_WEBHOOK_SECRET is required in production');
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid payments configuration: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  // Development only: stable per database, never the same across deployments that forgot to set one.
  const developmentSecret = createHash('sha256').update(`local-payments:${env.DATABASE_URL ?? 'embedded'}`).digest('hex');
  return {
    defaultProvider: env.PAYMENTS_PROVIDER,
    local: { webhookSecret: env.LOCAL_PAYMENTS_WEBHOOK_SECRET ?? developmentSecret },
    stripe: { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET },
    appPublicUrl: env.APP_PUBLIC_URL,
    apiPublicUrl: env.API_PUBLIC_URL,
  };
}

export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
