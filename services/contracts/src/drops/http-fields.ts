import { z } from 'zod';

// What the requests of drops (http.ts) and of their applications (http-applications.ts) share: the texts of
// refused rules, the http(s) URL check and the optional text field.

/** Every text the drops API and screens show for a refused rule (spec 2 §5 and §8, spec 3 §5). */
export const DROP_MESSAGES = Object.freeze({
  notFound: 'Drop not found',
  invalidId: 'The drop id is not valid',
  applicationNotFound: 'Application not found',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  keyCostMin: 'Key cost must be at least 1',
  gemRewardMin: 'Gem reward must be at least 1',
  gemPoolMin: 'Gem pool must be at least 0',
  pointsCostMin: 'Points cost must be at least 1',
  keysRewardMin: 'Keys reward must be at least 1',
  followersMin: 'Min followers must be at least 0',
  maxParticipantsMin: 'Max participants must be at least 1',
  invalidContentUrl: 'Content URL must be a valid URL',
  invalidImageUrl: 'Please provide a valid image URL',
  invalidDeadline: 'Deadline must be a date',
  kindFlagsConflict: 'A drop is either a proof drop or a paid drop, not both',
  checkFields: 'Please check all required fields',
  onlyAdvertisers: 'Only advertisers can create drops',
  freeTierProofOnly:
    'Free-tier advertisers can create proof drops only. Upgrade your plan to create paid or move drops.',
  weeklyLimitReached: (limit: number, kind: string) => `Weekly limit of ${limit} ${kind} drops reached for your plan`,
  monthlyLimitReached: (limit: number) => `Monthly limit of ${limit} proof drops reached for your plan`,
  insufficientGemsForPool: 'Insufficient gems to fund the drop pool',
  typeCannotChange: 'Drop type cannot change after creation',
  poolBelowPaid: 'The gem pool cannot go below what has already been paid out',
  onlyCreatorEdits: 'Only the drop creator can edit this drop',
  onlyCreatorDeletes: 'Only the drop creator can delete this drop',
  onlyCreatorReviews: 'Only the drop creator can review its applications',
  notActive: 'This drop is not accepting applications',
  messageRequired: 'Application message is required',
  ownDrop: 'You cannot apply to your own drop',
  demoIsolation:
    'Demo accounts and real accounts cannot apply to each other’s drops: a demo account only takes part in demo drops',
  alreadyApplied: 'You have already applied to this drop',
  full: 'This drop has reached its maximum number of participants',
  followersRequired: (threshold: number) => `You need at least ${threshold} followers to apply to this drop`,
  masterKeyRequired: 'Master Key must be activated for today',
  needMoreKeys: (missing: string) => `Need ${missing} more keys`,
  needMorePoints: (missing: string) => `Need ${missing} more points`,
  applyFailed: 'Failed to apply to drop',
  onlyApplicantSubmits: 'Only the applicant can submit work for this application',
  submitOnlyApproved: 'Only approved applications can submit work',
  submissionDataRequired: 'Please provide your submission data',
  invalidSubmissionUrl: 'Please provide a valid URL',
  approveOnlyPending: 'Only pending applications can be approved',
  rejectOnlyPending: 'Only pending applications can be rejected',
  completeOnlySubmitted: 'Only submitted applications can be completed',
  reviewScoreRange: 'Review score must be between 1 and 10',
  dropClosed: 'This drop is already closed',
  applicationsInFlight: 'Review every application before closing the drop',
  keyPoolRequired:
    'A move drop with unlimited participants needs a key pool (key_pool_total): the keys escrowed from you to ' +
    'pay its rewards',
  keyPoolBelowReward: 'Key pool must hold at least one keys reward',
  keyPoolExhausted: "This drop's key pool cannot pay another reward",
  keyPoolBelowPromised: 'The key pool cannot go below what has been paid and what open applications are promised',
});

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim(),
    );
