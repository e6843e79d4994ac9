import { forgetReferralCode, formatBalance } from '@app/platform';
import type { SignUpReferral } from '@app/contracts/identity';

/** Spec 2 §7: the referral's points are shown in a 4-second success toast. */
const REFERRAL_TOAST_MILLISECONDS = 4000;

/**
 * The toast a new account's referral earns (`null` when no code came with the sign-up). An applied code is done
 * with; a refused one stays pending, so the Referral Program dialog offers it again.
 */
export function referralArrivalToast(referral: SignUpReferral | null) {
  if (!referral) return undefined;
  if (referral.applied) {
    forgetReferralCode();
    return {
      title: `Welcome! Referral applied: +${formatBalance(referral.referred_reward)} points`,
      description: `Your friend got +${formatBalance(referral.referrer_reward)} points.`,
      variant: 'success' as const,
      durationMilliseconds: REFERRAL_TOAST_MILLISECONDS,
    };
  }
  return {
    title: `Referral code ${referral.referral_code} was not applied`,
    description: `${referral.error} You can try again from the Referral Program on your profile.`,
    variant: 'error' as const,
    durationMilliseconds: REFERRAL_TOAST_MILLISECONDS,
  };
}
