import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProviderName } from '@app/contracts/payments';
import type { SecretSource } from '../../../platform/secrets/instance-secrets';

/**
 * The payments context's configuration, read from the environment when the module starts:
 * - `PAYMENTS_PROVIDER` `local` (default where the local provider is enabled: no account, no network) or `stripe`.
 * - `LOCAL_PAYMENTS_ENABLED`: whether the local provider takes payments. Its test cards pay with no real money, so
 *   in production it is off unless set to `true` (a staging or demo deployment); elsewhere it is on.
 * - `LOCAL_PAYMENTS_WEBHOOK_SECRET`: the HMAC key of the local provider's webhooks (at least 32 characters).
 *   Required in production; elsewhere, unless set, generated at the first start and kept (`SecretSource`: the
 *   database, or `DATA_DIR` for the embedded one). Never derived from `DATABASE_URL` or a constant: anyone could
 *   compute that key and sign a webhook that credits gems.
 * - `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`: the Stripe adapter's keys.
 * - `APP_PUBLIC_URL`: the web app's origin, where checkouts send the browser back (default: the request's Origin,
 *   else relative paths); `API_PUBLIC_URL`: the API's origin for the local checkout page (default: relative).
 */
export interface PaymentsConfig {
  defaultProvider: PaymentProviderName | null;
  local: { enabled: boolean; webhookSecret: string };
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  appPublicUrl?: string;
  apiPublicUrl?: string;
}

const optional = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const origin = optional
  .pipe(z.url({ message: 'must be an http(s) origin' }).optional())
  .transform((value) => value?.replace(/\/+$/, ''));

const Environment = z.object({
  LOCAL_PAYMENTS_ENABLED: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false']).optional(),
  ),
  PAYMENTS_PROVIDER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['local', 'stripe']).optional(),
  ),
  LOCAL_PAYMENTS_WEBHOOK_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  APP_PUBLIC_URL: origin,
  API_PUBLIC_URL: origin,
  NODE_ENV: optional,
});

/** The name of the generated webhook key in the instance's secrets. */
export const LOCAL_WEBHOOK_SECRET_NAME = 'local-payments-webhook';

export async function loadPaymentsConfig(
  environment: NodeJS.ProcessEnv,
  secrets: SecretSource,
): Promise<PaymentsConfig> {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid payments configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const localEnabled = env.LOCAL_PAYMENTS_ENABLED ? env.LOCAL_PAYMENTS_ENABLED === 'true' : !production;
  if (production && localEnabled && !env.LOCAL_PAYMENTS_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid payments configuration: LOCAL_PAYMENTS_WEBHOOK_SECRET is required in production when ' +
        'LOCAL_PAYMENTS_ENABLED=true',
    );
  }
  // Named explicitly, a local provider that may not take payments is a mistake; left unset in production, the
  // deployment simply takes no card payments (the providers list is empty, checkouts answer 503).
  if (env.PAYMENTS_PROVIDER === 'local' && !localEnabled) {
    throw new Error(
      'Invalid payments configuration: PAYMENTS_PROVIDER=local needs LOCAL_PAYMENTS_ENABLED=true in ' +
        'production (its test cards create gems without real money)',
    );
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid payments configuration: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    defaultProvider: env.PAYMENTS_PROVIDER ?? (localEnabled ? 'local' : null),
    local: {
      enabled: localEnabled,
      webhookSecret: env.LOCAL_PAYMENTS_WEBHOOK_SECRET ?? (await unconfiguredWebhookSecret(localEnabled, secrets)),
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
    appPublicUrl: env.APP_PUBLIC_URL,
    apiPublicUrl: env.API_PUBLIC_URL,
  };
}

export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

/** Generated once and kept when the local provider takes payments; when it is off, a key nobody knows (never used). */
async function unconfiguredWebhookSecret(localEnabled: boolean, secrets: SecretSource): Promise<string> {
  return (localEnabled ? await secrets.secret(LOCAL_WEBHOOK_SECRET_NAME) : randomBytes(32)).toString('hex');
}
