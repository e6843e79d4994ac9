import { apiClient } from '@app/platform';
import { REWARDS_MESSAGES, REWARDS_RULES, processReferralRoute } from '@app/contracts/rewards';

export { REWARDS_MESSAGES, REWARDS_RULES };

/** Codes are upper-cased and at most 6 characters (spec 2 §5). */
export function normaliseReferralCode(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '').slice(0, REWARDS_RULES.referralCodeMaxLength);
}

export function processReferral(referralCode: string, idempotencyKey: string) {
  return apiClient().call(processReferralRoute, {
    body: { referral_code: referralCode },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The link to share: the app's sign-up with ?ref= and the code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/auth?ref=${encodeURIComponent(code)}`;
}
