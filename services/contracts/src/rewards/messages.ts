/** User-facing messages of the rewards context (master key, Instagram, influence rewards, referral). */
export const REWARDS_MESSAGES = {
  masterKeyNotReady: (completed: number, required: number) =>
    `Complete ${required} proof drops today to activate the Master Key (${completed} of ${required} done)`,
  masterKeyRequired: 'Master Key must be activated for today',
  instagramUsernameRequired: 'Please enter your Instagram username',
  instagramUsernameInvalid: 'Instagram usernames use letters, numbers, periods and underscores (at most 30)',
  instagramNotRegistered: 'Please register your Instagram username first',
  instagramNotVerified: 'Your Instagram account is not verified yet. Verification takes about 24 hours.',
  instagramAlreadyClaimed: 'Instagram points already claimed this month',
  influenceFieldsRequired: 'Please fill in all required fields',
  influenceMinimumFollowers: 'Minimum 500 followers required for influence rewards',
  influenceTooManyFollowers: 'Follower count must be at most 100,000,000',
  influenceNotVerified: 'Your follower count is awaiting verification. Points can be claimed once it is verified.',
  influenceUsernameChanged: 'The registered platform username is a different one now',
  influenceNotRegistered: "Please register for this month's influence rewards first",
  influenceAlreadyClaimed: 'Influence points already claimed this month',
  referralCodeRequired: 'Please enter a referral code',
  referralCodeTooLong: 'Referral codes are at most 6 characters',
  referralCodeUnknown: 'Invalid referral code',
  referralOwnCode: 'You cannot use your own referral code',
  referralAlreadyApplied: 'Referral Applied',
  userNotFound: 'User not found',
} as const;
