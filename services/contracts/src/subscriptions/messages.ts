export const SUBSCRIPTION_MESSAGES = Object.freeze({
  upgradeFailed: 'Unable to upgrade plan right now. Please try again later.',
  unknownPlan: 'This plan does not exist',
  alreadyOnPlan: 'You are already on this plan',
  advertisersOnly: 'Only advertisers can choose a plan',
  notSubscribed: 'You have no paid plan to cancel',
  alreadyCancelled: 'Your plan is already cancelled and ends at the end of its period',
  freePlanNoCheckout: 'The free plan needs no payment',
  unknownMovesPackage: 'This moves package does not exist',
});
