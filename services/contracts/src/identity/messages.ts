/**
 * User-facing messages of the identity context. The spec quotes most of them verbatim; the rest follow its tone.
 * Frontends compare against these constants instead of copying the strings.
 */
export const AUTH_MESSAGES = {
  signInFieldsRequired: 'Please enter email and password',
  signUpFieldsRequired: 'Please fill in all required fields',
  invalidCredentials: 'Unable to sign in. Please check your credentials.',
  signUpFailed: 'Unable to create an account. Please try again.',
  signOutFailed: 'Unable to sign out. Please try again.',
  confirmationRequired: 'Please check your email to confirm your account.',
  emailNotConfirmed: 'Please confirm your email before signing in.',
  confirmationTokenInvalid: 'This confirmation link is invalid or has expired.',
  emailConfirmed: 'Your email is confirmed. You can sign in now.',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  emailTaken: 'An account with this email already exists',
  sessionRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminRequired: 'This action requires an administrator',
  demoLoginFailed: (persona: string) => `Failed to login as ${persona}. Please try again.`,
  demoLoginsDisabled: 'Demo logins are disabled on this server',
  demoSandboxUnavailable: 'The demo account could not be prepared. Please try again.',
  demoSandboxExpired: 'This demo account has expired after 7 days without use. Start a new demo from the sign-in page.',
  providerFailed: (provider: string) => `Unable to sign in with ${provider}. Please try again.`,
  providerNotConfigured: (provider: string) => `${provider} sign-in is not configured on this server.`,
  referralCodeTooLong: 'Referral codes are at most 6 characters',
  referralCodeUnknown: 'Invalid referral code',
  tooManySignInAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyDemoLogins: (minutes: number) =>
    `Too many demo accounts were started from your network. Please try again in ${minutes} ` +
    `minute${minutes === 1 ? '' : 's'}.`,
  tooManySignUps: (minutes: number) =>
    `Too many accounts were created from your network. Please try again in ${minutes} ` +
    `minute${minutes === 1 ? '' : 's'}.`,
  passwordTooCommon: 'This password is too common or too easy to guess. Add a few uncommon words or make it longer.',
  crossSiteRequest:
    'This request came from another site and was refused. Send it from the app, or authenticate it with an ' +
    'Authorization header.',
} as const;

export const PROFILE_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be at most 30 characters long',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  usernameTaken: 'Username is already taken',
  displayNameTooLong: 'Display name must be at most 50 characters long',
  bioTooLong: 'Bio must be less than 500 characters',
  invalidUrl: 'Please enter a valid URL',
  unknownSocialPlatform: 'Social links support instagram, twitter, linkedin, facebook, youtube and tiktok',
  socialHandleTooLong: 'Social handles must be at most 100 characters long',
  socialLinksInvalid: 'Social links must be a map of platform to handle',
  updateFailed: 'Failed to update profile',
  userNotFound: "The user you're looking for doesn't exist or may have been removed",
} as const;

export const IMAGE_MESSAGES = {
  notAnImage: 'Please select an image file.',
  tooLarge: 'Image size must be less than 5MB.',
  missingFile: 'Please select an image file.',
  uploadFailed: 'Failed to upload image. Please try again.',
  notFound: 'Image not found',
} as const;
