import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CancelPlanResponseSchema,
  MovesOverviewResponseSchema,
  PlansResponseSchema,
  UpgradePlanRequestSchema,
  UpgradePlanResponseSchema,
} from './http';

// The spec's plan calls have no /api prefix (spec 3 §7); the API serves them at these exact paths.
export const getAdvertiserPlansRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/advertisers/subscription/plans',
  summary: 'Advertiser plans sorted by price ascending, the caller’s current tier and paid period (clients cache 60 s)',
  tags: ['subscriptions'],
  responses: { 200: PlansResponseSchema },
});

export const upgradeAdvertiserPlanRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/advertisers/subscription/upgrade',
  summary:
    'Choose a plan: a paid plan answers a checkout on the payment port (the tier changes once the provider ' +
    'confirms payment); choosing free while on a paid plan cancels it at period end',
  tags: ['subscriptions'],
  request: { body: UpgradePlanRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: UpgradePlanResponseSchema },
  errors: {
    400: 'Unknown plan (`UNKNOWN_PLAN`) or a return address on another origin',
    403: 'Not an advertiser (`ADVERTISER_ONLY`) or a demo sandbox (`DEMO_ACCOUNT_CANNOT_PAY`)',
    409: 'Already on that plan (`ALREADY_ON_PLAN`)',
  },
});

export const cancelAdvertiserPlanRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/advertisers/subscription/cancel',
  summary:
    'Cancels the paid plan: it stays until the end of the paid period, then the renewal job moves the ' +
    'advertiser to free',
  tags: ['subscriptions'],
  responses: { 200: CancelPlanResponseSchema },
  errors: {
    403: 'Not an advertiser (`ADVERTISER_ONLY`)',
    409: 'No paid plan (`NOT_SUBSCRIBED`) or already cancelled (`ALREADY_CANCELLED`)',
  },
});

export const getMovesOverviewRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/subscriptions/moves',
  summary:
    "The advertiser's moves: balance, this period's allowance (credited on first use in the period), and the " +
    'moves packages sold by card',
  tags: ['subscriptions'],
  responses: { 200: MovesOverviewResponseSchema },
  errors: { 403: 'Not an advertiser (`ADVERTISER_ONLY`)' },
});
