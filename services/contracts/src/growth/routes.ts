import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  AdminClaimsQuerySchema,
  CancelSubscriptionResponseSchema,
  CreateProjectRequestSchema,
  CreateProjectResponseSchema,
  DecideClaimRequestSchema,
  DecideClaimResponseSchema,
  FileClaimRequestSchema,
  FileClaimResponseSchema,
  FundingProjectsResponseSchema,
  GrowthChannelsResponseSchema,
  MyShieldResponseSchema,
  PlatformEconomySchema,
  PledgeRequestSchema,
  PledgeResponseSchema,
  PledgesResponseSchema,
  ShieldClaimsResponseSchema,
  ShieldPoliciesResponseSchema,
  StakeRequestSchema,
  StakeResponseSchema,
  StakingPositionsResponseSchema,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
  WithdrawStakeResponseSchema,
} from './http';

const tags = ['growth'];
const IdParams = z.object({ id: z.string() });

export const getGrowthChannelsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/channels',
  tags,
  summary: 'Staking channels (ops-owned configuration) with live participant_count and total_deposited',
  responses: { 200: GrowthChannelsResponseSchema },
});
export const getStakingPositionsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/staking',
  tags,
  summary: "The signed-in user's staking positions (withdrawn ones are left out)",
  responses: { 200: StakingPositionsResponseSchema },
});
export const stakeRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/staking',
  tags,
  summary: "Stakes gems in a channel: the amount moves into the position's escrow until the lock ends",
  request: { body: StakeRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: StakeResponseSchema },
  errors: {
    404: 'Unknown channel (`UNKNOWN_CHANNEL`)',
    422: "Outside the channel's limits (`STAKE_OUT_OF_BOUNDS`) or 'Insufficient gems' (`INSUFFICIENT_BALANCE`)",
  },
});
export const withdrawStakeRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/staking/:id/withdraw',
  tags,
  summary: 'After lock_until: returns the stake plus every reward (days not yet accrued are accrued first)',
  request: { params: IdParams, headers: IdempotencyKeyHeaders },
  responses: { 200: WithdrawStakeResponseSchema },
  errors: {
    404: 'No such position (`POSITION_NOT_FOUND`)',
    409: 'Still locked (`STAKE_LOCKED`) or already withdrawn (`ALREADY_WITHDRAWN`)',
  },
});
export const getFundingProjectsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/funding/projects',
  tags,
  summary: 'Funding projects, newest first, with live amount_raised and backer_count (a projection)',
  responses: { 200: FundingProjectsResponseSchema },
});
export const createFundingProjectRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/funding/projects',
  tags,
  summary: 'Creates a funding project (all or nothing by its deadline)',
  request: { body: CreateProjectRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: CreateProjectResponseSchema },
});
export const pledgeRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/funding/projects/:id/pledge',
  tags,
  summary:
    "Pledges gems: held in the project's escrow until the deadline; paid to the creator if the goal is " +
    'reached, else returned',
  request: { params: IdParams, body: PledgeRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: PledgeResponseSchema },
  errors: {
    403: 'Own project (`OWN_PROJECT`) or a demo sandbox and a real account (`DEMO_ACCOUNT_ISOLATION`)',
    409: 'Past the deadline (`PROJECT_CLOSED`)',
    422: "Below the minimum or the tier (`PLEDGE_TOO_SMALL`), 'Insufficient gems' (`INSUFFICIENT_BALANCE`)",
  },
});
export const getMyPledgesRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/funding/pledges',
  tags,
  summary: "The signed-in user's pledges and what became of them",
  responses: { 200: PledgesResponseSchema },
});
export const getShieldPoliciesRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/shield/policies',
  tags,
  summary: 'Social Shield policies (ops-owned configuration)',
  responses: { 200: ShieldPoliciesResponseSchema },
});
export const getMyShieldRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/shield/subscription',
  tags,
  summary: "The signed-in user's current subscription (or null), verified follower count and claims",
  responses: { 200: MyShieldResponseSchema },
});
export const subscribeShieldRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/shield/subscribe',
  tags,
  summary:
    'Subscribes to a policy: the first monthly premium goes to the insurance pool; coverage begins 24 h later; ' +
    'renews monthly',
  request: { body: SubscribeRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: SubscribeResponseSchema },
  errors: {
    404: 'Unknown policy (`UNKNOWN_POLICY`)',
    409: 'Already subscribed (`ALREADY_SUBSCRIBED`)',
    422: "Too few verified followers (`FOLLOWERS_BELOW_MINIMUM`) or 'Insufficient gems'",
  },
});
export const cancelShieldRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/shield/subscriptions/:id/cancel',
  tags,
  summary: 'Cancels at the end of the paid period (coverage stays until then)',
  request: { params: IdParams, headers: IdempotencyKeyHeaders },
  responses: { 200: CancelSubscriptionResponseSchema },
  errors: { 409: 'Already cancelled or no longer active (`ALREADY_CANCELLED`)' },
});
export const fileClaimRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/growth/shield/claims',
  tags,
  summary: 'Files a claim within 7 days of an incident covered by the subscription; an admin decides',
  request: { body: FileClaimRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: FileClaimResponseSchema },
  errors: {
    409: 'A claim awaits a decision, or this period was already claimed (`CLAIM_PENDING`)',
    422: 'No coverage at that time (`NOT_COVERED`) or too late (`CLAIM_TOO_LATE`)',
  },
});
export const adminListClaimsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/growth/shield/claims',
  tags,
  summary: 'Admin: Social Shield claims, oldest pending first',
  request: { query: AdminClaimsQuerySchema },
  responses: { 200: ShieldClaimsResponseSchema },
});
export const adminDecideClaimRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/growth/shield/claims/:id/decision',
  tags,
  summary: 'Admin: approves (pays coverage minus deductible from the insurance pool) or rejects a claim',
  request: { params: IdParams, body: DecideClaimRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: DecideClaimResponseSchema },
  errors: { 409: 'Already decided (`CLAIM_ALREADY_DECIDED`)', 422: 'The pool cannot cover it (`POOL_TOO_SMALL`)' },
});
export const getPlatformEconomyRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/growth/economy',
  tags,
  summary: 'Platform Economy: staked, pledged, insured and issued totals (projections of the event log)',
  responses: { 200: PlatformEconomySchema },
});
