import { formatMinor } from '@app/contracts/ledger';
import { GROWTH_MESSAGES } from '@app/contracts/growth';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/api-error';
import type { ProjectRefusal } from './domain/funding';
import type { ShieldRefusal } from './domain/shield';
import type { StakingRefusal } from './domain/staking';

export function stakingError(refusal: StakingRefusal): ApiError {
  switch (refusal.code) {
    case 'STAKE_BELOW_MINIMUM':
      return unprocessable('STAKE_OUT_OF_BOUNDS', GROWTH_MESSAGES.stakeBelowMinimum(refusal.min));
    case 'STAKE_ABOVE_MAXIMUM':
      return unprocessable('STAKE_OUT_OF_BOUNDS', GROWTH_MESSAGES.stakeAboveMaximum(refusal.max));
    case 'POSITION_NOT_FOUND':
      return notFound('POSITION_NOT_FOUND', GROWTH_MESSAGES.positionNotFound);
    case 'STAKE_LOCKED':
      return conflict('STAKE_LOCKED', GROWTH_MESSAGES.stillLocked(refusal.lockUntil), {
        lock_until: refusal.lockUntil,
      });
    case 'ALREADY_WITHDRAWN':
      return conflict('ALREADY_WITHDRAWN', GROWTH_MESSAGES.alreadyWithdrawn);
    case 'REWARDS_NOT_ACCRUED':
      return conflict('REWARDS_NOT_ACCRUED', 'Rewards are still being credited; try again in a moment');
  }
}

export function projectError(refusal: ProjectRefusal): ApiError {
  switch (refusal.code) {
    case 'PROJECT_EXISTS':
      return conflict('PROJECT_EXISTS', 'This project already exists');
    case 'PROJECT_NOT_FOUND':
      return notFound('PROJECT_NOT_FOUND', GROWTH_MESSAGES.projectNotFound);
    case 'OWN_PROJECT':
      return forbidden(GROWTH_MESSAGES.ownProject, 'OWN_PROJECT');
    case 'DEMO_ACCOUNT_ISOLATION':
      return forbidden(GROWTH_MESSAGES.demoIsolation, 'DEMO_ACCOUNT_ISOLATION');
    case 'PROJECT_CLOSED':
      return conflict('PROJECT_CLOSED', GROWTH_MESSAGES.projectClosed);
    case 'UNKNOWN_TIER':
      return unprocessable('UNKNOWN_TIER', GROWTH_MESSAGES.unknownTier);
    case 'PLEDGE_BELOW_MINIMUM':
      return unprocessable(
        'PLEDGE_TOO_SMALL',
        GROWTH_MESSAGES.pledgeBelowMinimum(formatMinor(refusal.minMinor, 'gems')),
      );
    case 'PLEDGE_BELOW_TIER':
      return unprocessable('PLEDGE_TOO_SMALL', GROWTH_MESSAGES.pledgeBelowTier(formatMinor(refusal.tierMinor, 'gems')));
    case 'NOT_DUE':
      return conflict('NOT_DUE', 'The project has not reached its deadline');
    case 'ALREADY_SETTLED':
      return conflict('ALREADY_SETTLED', 'The project is already settled');
  }
}

export function shieldError(refusal: ShieldRefusal | { code: 'POOL_TOO_SMALL' }): ApiError {
  switch (refusal.code) {
    case 'FOLLOWERS_BELOW_MINIMUM':
      return unprocessable('FOLLOWERS_BELOW_MINIMUM', GROWTH_MESSAGES.followersBelowMinimum(refusal.min));
    case 'ALREADY_SUBSCRIBED':
      return conflict('ALREADY_SUBSCRIBED', GROWTH_MESSAGES.alreadySubscribed);
    case 'SUBSCRIPTION_NOT_FOUND':
      return notFound('SUBSCRIPTION_NOT_FOUND', GROWTH_MESSAGES.subscriptionNotFound);
    case 'ALREADY_CANCELLED':
      return conflict('ALREADY_CANCELLED', GROWTH_MESSAGES.alreadyCancelled);
    case 'INCIDENT_IN_FUTURE':
      return unprocessable('INCIDENT_IN_FUTURE', GROWTH_MESSAGES.incidentInFuture);
    case 'CLAIM_TOO_LATE':
      return unprocessable('CLAIM_TOO_LATE', GROWTH_MESSAGES.claimTooLate);
    case 'NOT_COVERED':
      return unprocessable('NOT_COVERED', GROWTH_MESSAGES.noCoverage);
    case 'CLAIM_PENDING':
      return conflict('CLAIM_PENDING', GROWTH_MESSAGES.claimPending);
    case 'CLAIM_NOT_FOUND':
      return notFound('CLAIM_NOT_FOUND', GROWTH_MESSAGES.claimNotFound);
    case 'CLAIM_ALREADY_DECIDED':
      return conflict('CLAIM_ALREADY_DECIDED', GROWTH_MESSAGES.claimAlreadyDecided);
    case 'POOL_TOO_SMALL':
      return unprocessable('POOL_TOO_SMALL', GROWTH_MESSAGES.poolTooSmall);
  }
}

/** A ledger refusal of a growth payment: not enough gems reads as the Growth Hub's sentence. */
export const insufficientGems = (refusal: string): ApiError | undefined =>
  refusal === 'BALANCE_MUST_COVER_AMOUNT'
    ? unprocessable('INSUFFICIENT_BALANCE', GROWTH_MESSAGES.insufficientGems)
    : undefined;
