import type { MoneyMovement } from '@app/contracts/ledger';
import type { RewardsEvent } from '@app/contracts/rewards';

/** The rule that did not hold. Mapped to HTTP answers in `../rewards-refusals.ts`. */
export type RewardsRefusal =
  | 'PROOF_DROPS_MUST_REACH_REQUIREMENT'
  | 'INSTAGRAM_MUST_BE_REGISTERED'
  | 'INSTAGRAM_USERNAME_MUST_MATCH'
  | 'INSTAGRAM_MUST_BE_VERIFIED'
  | 'INSTAGRAM_MUST_NOT_BE_VERIFIED'
  | 'INSTAGRAM_CLAIM_ONCE_A_MONTH'
  | 'INFLUENCE_FOLLOWERS_MUST_REACH_MINIMUM'
  | 'INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM'
  | 'INFLUENCE_USERNAME_MUST_MATCH'
  | 'INFLUENCE_MUST_BE_VERIFIED'
  | 'INFLUENCE_MUST_NOT_BE_VERIFIED'
  | 'INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH'
  | 'INFLUENCE_CLAIM_ONCE_A_MONTH'
  | 'REFERRAL_MUST_NOT_BE_OWN_CODE'
  | 'REFERRAL_MUST_NOT_FORM_A_LOOP'
  | 'REFERRAL_ONLY_ONCE';

/** `money`: the points the accepted events issue (a month's claim, a referral), in the same append; else null. */
export type RewardsDecision =
  | { kind: 'accepted'; events: RewardsEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: RewardsRefusal };

// Shared by the command handlers of rewards-account.ts and instagram-and-influence.ts.
export const accept = (...events: RewardsEvent[]): RewardsDecision => ({ kind: 'accepted', events, money: null });
export const refuse = (refusal: RewardsRefusal): RewardsDecision => ({ kind: 'refused', refusal });
