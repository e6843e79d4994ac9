import { apiClient } from '@app/platform';
import { ProcessReferralResponseSchema, REWARDS_MESSAGES, REWARDS_RULES } from '@app/contracts/rewards';

export { REWARDS_MESSAGES, REWARDS_RULES };

/** Codes are upper-cased and at most 6 characters (spec 2 §5). */
export function normaliseReferralCode(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '').slice(0, REWARDS_RULES.referralCodeMaxLength);
}

export function processReferral(referralCode: string, idempotencyKey: string) {
  return apiClient().post('/api/users/process-referral', { referral_code: referralCode }, { schema: ProcessReferralResponseSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The link to share: the app's sign-up with ?ref= and the code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/auth?ref=${encodeURIComponent(code)}`;
}
