import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CheckoutSessionResponseSchema,
  CheckoutSessionStatusSchema,
  CreateCheckoutSessionRequestSchema,
  GemPackagesResponseSchema,
  PlanCheckoutRequestSchema,
  PlanCheckoutResponseSchema,
  PaymentProvidersResponseSchema,
  RefundResponseSchema,
  UsdTopUpRequestSchema,
  WebhookAcknowledgementSchema,
} from './http';

export const getPaymentProvidersRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/payments/providers',
  summary: 'Payment providers (enabled, ready, publishableKey first 12 characters, mode live|mock) and the default one',
  tags: ['payments'],
  responses: { 200: PaymentProvidersResponseSchema },
});

export const getGemPackagesRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/payments/gem-packages',
  summary: "The gem store's catalogue (spec 3 §9): the only source of a checkout's price and gems",
  tags: ['payments'],
  responses: { 200: GemPackagesResponseSchema },
});

export const createCheckoutSessionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/create-checkout-session',
  summary: "Starts a card checkout for a gem package; price and gems come from the catalogue, the client's are ignored",
  tags: ['payments'],
  request: { body: CreateCheckoutSessionRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: CheckoutSessionResponseSchema },
  errors: { 400: 'Unknown package (`UNKNOWN_PACKAGE`)', 403: 'Demo accounts cannot pay (`DEMO_ACCOUNT_CANNOT_PAY`)' },
});

export const createUsdTopUpRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/usd-top-up',
  summary: '"Add funds" on the USD card: a card checkout that credits exactly the dollars paid ($5 to $1,000)',
  tags: ['payments'],
  request: { body: UsdTopUpRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: CheckoutSessionResponseSchema },
  errors: {
    400: 'Amount out of bounds (`VALIDATION_ERROR`)',
    403: 'Demo accounts cannot pay (`DEMO_ACCOUNT_CANNOT_PAY`)',
  },
});

export const getCheckoutSessionRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/payments/checkout-sessions/:sessionId',
  summary:
    "One of the caller's checkout sessions: status and whether its credit was posted (the wallet's return page " +
    'polls it)',
  tags: ['payments'],
  request: { params: z.object({ sessionId: z.string() }) },
  responses: { 200: CheckoutSessionStatusSchema },
  errors: { 404: 'No such session of the caller (`CHECKOUT_SESSION_NOT_FOUND`)' },
});

export const paymentWebhookRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/webhooks/:provider',
  summary:
    "A provider's signed webhook (local: HMAC-SHA256 header `x-local-signature: t=<unix>,v1=<hex>`; stripe: " +
    '`stripe-signature`). Credits a paid session exactly once',
  tags: ['payments'],
  public: true,
  request: { params: z.object({ provider: z.enum(['local', 'stripe']) }) },
  responses: { 200: WebhookAcknowledgementSchema },
  errors: {
    400: 'Missing or bad signature, or an unreadable payload (`INVALID_WEBHOOK_SIGNATURE`): nothing changes',
    404: 'Provider not enabled',
  },
});

export const localCheckoutPageRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/payments/local/sessions/:sessionId',
  summary:
    "The local provider's hosted checkout page (HTML): package, amount, a test card form, Pay / Decline / Cancel",
  tags: ['payments'],
  public: true,
  request: { params: z.object({ sessionId: z.string() }) },
  responses: { 200: { description: 'text/html', schema: null } },
});

const LocalActionParams = z.object({ sessionId: z.string() });
export const localCheckoutPayRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/local/sessions/:sessionId/pay',
  summary:
    'Pays a local session with the test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines), ' +
    'delivers the signed webhook, then returns the browser to success_url or cancel_url',
  tags: ['payments'],
  public: true,
  request: { params: LocalActionParams },
  responses: {
    200: {
      description:
        'text/html: the outcome, returning the browser to success_url or cancel_url (meta refresh and a link)',
      schema: null,
    },
  },
});
export const localCheckoutDeclineRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/local/sessions/:sessionId/decline',
  summary: 'Declines a local session (signed `checkout.session.failed` webhook) and returns the browser to cancel_url',
  tags: ['payments'],
  public: true,
  request: { params: LocalActionParams },
  responses: {
    200: {
      description:
        'text/html: the outcome, returning the browser to success_url or cancel_url (meta refresh and a link)',
      schema: null,
    },
  },
});
export const localCheckoutAbandonRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/local/sessions/:sessionId/abandon',
  summary:
    'Leaves a local session unpaid (signed `checkout.session.expired` webhook) and returns the browser to cancel_url',
  tags: ['payments'],
  public: true,
  request: { params: LocalActionParams },
  responses: {
    200: {
      description:
        'text/html: the outcome, returning the browser to success_url or cancel_url (meta refresh and a link)',
      schema: null,
    },
  },
});

export const refundCheckoutSessionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/payments/sessions/:sessionId/refund',
  summary:
    'Operators: refunds a paid session at the provider and reverses its credit (a linked reversal). Refused ' +
    'when the credited gems or dollars are already spent',
  tags: ['payments-admin'],
  request: { params: z.object({ sessionId: z.string() }) },
  responses: { 200: RefundResponseSchema },
  errors: {
    404: 'No such session',
    409: 'Not paid, or already refunded (`CHECKOUT_SESSION_NOT_REFUNDABLE`)',
    422: 'The credit is already spent (`REFUND_CREDIT_SPENT`)',
  },
});

export const planCheckoutRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/payments/checkout',
  summary:
    'Starts a card checkout for an advertiser plan (premium, super) or a moves package (moves-100, moves-500, ' +
    "moves-1000): price from the server's catalogue; a paid plan changes the tier once the provider confirms, " +
    'a moves package credits its moves once',
  tags: ['payments'],
  request: { body: PlanCheckoutRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: PlanCheckoutResponseSchema },
  errors: {
    400:
      'Unknown or free plan (`UNKNOWN_PLAN`, `FREE_PLAN_NEEDS_NO_CHECKOUT`), a return address on another origin ' +
      '(`INVALID_RETURN_URL`)',
    403: 'Not an advertiser (`ADVERTISER_ONLY`), or a demo sandbox (`DEMO_ACCOUNT_CANNOT_PAY`)',
    404: 'Provider not enabled (`PAYMENT_PROVIDER_NOT_ENABLED`)',
    503: 'No provider takes payments here (`PAYMENTS_NOT_CONFIGURED`)',
  },
});
