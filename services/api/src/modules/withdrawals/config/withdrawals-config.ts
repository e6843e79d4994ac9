import { z } from 'zod';
import {
  DEFAULT_USD_WITHDRAWAL_TERMS,
  DEFAULT_WITHDRAWAL_METHODS,
  PAYMENT_DETAIL_FIELDS,
  type WithdrawalMethodConfig,
} from '@app/contracts/withdrawals';
import type { SecretSource } from '../../../platform/secrets/instance-secrets';

/**
 * The withdrawals context's configuration, read from the environment when the module starts:
 * - `WITHDRAWAL_METHODS`: JSON array of methods (`method_name`, `display_name`, `is_active`, `processing_time`,
 *   `min_amount` ≥ 200, `fee_percentage` 0-50, `required_fields`); default `DEFAULT_WITHDRAWAL_METHODS`.
 * - `PAYMENT_DETAILS_KEY`: the AES-256-GCM key that encrypts payout details at rest (payment preferences and the
 *   details a withdrawal carries in its events): 32 bytes as 64 hex characters or base64. In production without it, the
 *   service starts but withdrawals and payment preferences answer 503 (a key kept beside the ciphertext would protect
 *   nothing in a stolen backup); elsewhere, unless set, a key is generated at the first start and kept (`SecretSource`:
 *   the database, or `DATA_DIR` for the embedded one), never derived from `DATABASE_URL`. Rotating it: decrypt with the
 *   old key, re-encrypt (the ciphertext names its key version `v1`).
 * - `WITHDRAWAL_HOLD_DAYS`: how long a withdrawal's hold may wait for its payout (default 30).
 * - `WITHDRAWAL_USD_MIN_AMOUNT` (dollars, whole cents, default 10) and `WITHDRAWAL_USD_FEE_PERCENTAGE` (0-50, default
 *   1): USD withdrawals' own minimum and fee, the same for every method (the methods' gem minimums and fees do not
 *   apply).
 */
export interface WithdrawalsConfig {
  methods: readonly WithdrawalMethodConfig[];
  /** null in production without PAYMENT_DETAILS_KEY: withdrawals and saved methods answer 503 until it is set. */
  detailsKey: Buffer | null;
  holdDays: number;
  usd: { minAmount: number; feePercentage: number };
}

const MethodSchema = z.object({
  method_name: z.string().regex(/^[a-z][a-z0-9_]{1,40}$/),
  display_name: z.string().min(1).max(80),
  is_active: z.boolean(),
  processing_time: z.string().min(1).max(80),
  min_amount: z.number().int().min(200),
  fee_percentage: z.number().min(0).max(50).multipleOf(0.01),
  required_fields: z.array(z.enum(PAYMENT_DETAIL_FIELDS)).min(1),
});

/** The name of the generated payment-details key in the instance's secrets. */
export const PAYMENT_DETAILS_SECRET_NAME = 'payment-details';

export async function loadWithdrawalsConfig(
  environment: NodeJS.ProcessEnv,
  secrets: SecretSource,
): Promise<WithdrawalsConfig> {
  const problems: string[] = [];
  let methods: readonly WithdrawalMethodConfig[] = DEFAULT_WITHDRAWAL_METHODS;
  if (environment.WITHDRAWAL_METHODS?.trim()) {
    try {
      methods = z.array(MethodSchema).min(1).parse(JSON.parse(environment.WITHDRAWAL_METHODS));
    } catch (error) {
      problems.push(`WITHDRAWAL_METHODS: ${(error as Error).message}`);
    }
  }
  let detailsKey: Buffer | undefined;
  const rawKey = environment.PAYMENT_DETAILS_KEY?.trim();
  if (rawKey) {
    detailsKey = /^[0-9a-f]{64}$/i.test(rawKey) ? Buffer.from(rawKey, 'hex') : Buffer.from(rawKey, 'base64');
    if (detailsKey.length !== 32) problems.push('PAYMENT_DETAILS_KEY: must be 32 bytes (64 hex characters or base64)');
  } else if (environment.NODE_ENV === 'production') {
    detailsKey = undefined;
  } else {
    // Development and tests: generated once and kept, so restarts can still read what they stored.
    detailsKey = await secrets.secret(PAYMENT_DETAILS_SECRET_NAME);
  }
  const holdDays = Number(environment.WITHDRAWAL_HOLD_DAYS ?? 30);
  if (!Number.isInteger(holdDays) || holdDays < 1 || holdDays > 365)
    problems.push('WITHDRAWAL_HOLD_DAYS: must be 1 to 365');
  const usdMinAmount = Number(environment.WITHDRAWAL_USD_MIN_AMOUNT ?? DEFAULT_USD_WITHDRAWAL_TERMS.min_amount);
  if (
    !Number.isFinite(usdMinAmount) ||
    usdMinAmount < 0.01 ||
    usdMinAmount > 1_000_000 ||
    Math.round(usdMinAmount * 100) !== usdMinAmount * 100
  ) {
    problems.push('WITHDRAWAL_USD_MIN_AMOUNT: must be 0.01 to 1000000 dollars in whole cents');
  }
  const usdFeePercentage = Number(
    environment.WITHDRAWAL_USD_FEE_PERCENTAGE ?? DEFAULT_USD_WITHDRAWAL_TERMS.fee_percentage,
  );
  if (
    !Number.isFinite(usdFeePercentage) ||
    usdFeePercentage < 0 ||
    usdFeePercentage > 50 ||
    Math.round(usdFeePercentage * 100) !== usdFeePercentage * 100
  ) {
    problems.push('WITHDRAWAL_USD_FEE_PERCENTAGE: must be 0 to 50 with at most 2 decimals');
  }
  if (problems.length > 0) throw new Error(`Invalid withdrawals configuration: ${problems.join('; ')}`);
  return {
    methods,
    detailsKey: detailsKey ?? null,
    holdDays,
    usd: { minAmount: usdMinAmount, feePercentage: usdFeePercentage },
  };
}

export const WITHDRAWALS_CONFIG = Symbol('WITHDRAWALS_CONFIG');
