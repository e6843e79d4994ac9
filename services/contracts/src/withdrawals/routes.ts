import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CreatePaymentPreferenceRequestSchema,
  PaymentPreferenceIdParamsSchema,
  PaymentPreferenceSchema,
  PaymentPreferencesResponseSchema,
  UsdWithdrawalTermsSchema,
  WithdrawalMethodsResponseSchema,
  WithdrawalRequestResponseSchema,
  WithdrawalRequestSchema,
  WithdrawalsResponseSchema,
} from './http';

export const getWithdrawalMethodsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/withdrawal/methods',
  summary:
    'Withdrawal methods from configuration: method_name, display_name, is_active, processing_time, min_amount, ' +
    'fee_percentage, required_fields',
  tags: ['withdrawals'],
  responses: { 200: WithdrawalMethodsResponseSchema },
});

export const getUsdWithdrawalTermsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/withdrawal/usd-terms',
  summary:
    'USD withdrawals: the minimum (dollars) and the fee percentage, from configuration (the same for every method)',
  tags: ['withdrawals'],
  responses: { 200: UsdWithdrawalTermsSchema },
});

export const requestWithdrawalRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/withdrawal/request',
  summary:
    'Requests a withdrawal of gems (default: at least 200 gems and the method minimum, the method fee) or of ' +
    'USD (`currency_type: usd`: at least the configured USD minimum, whole cents, the USD fee), at most the ' +
    'available balance, details valid for the method. The amount is held at once; a job pays out, posts the ' +
    'fee and captures the hold, or releases it on failure',
  tags: ['withdrawals'],
  request: { body: WithdrawalRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: WithdrawalRequestResponseSchema },
  errors: {
    400:
      "Below 200 gems ('Insufficient Gems: ...', `INSUFFICIENT_GEMS`), below the USD minimum " +
      '(`BELOW_USD_MINIMUM`) or not whole cents (`VALIDATION_ERROR`), unknown or inactive method ' +
      '(`UNKNOWN_WITHDRAWAL_METHOD`), a detail missing or invalid (`VALIDATION_ERROR` with field errors)',
    403: 'Demo accounts cannot withdraw (`DEMO_ACCOUNT_CANNOT_WITHDRAW`)',
    422: 'More than the available gems (`INSUFFICIENT_GEMS`) or USD (`INSUFFICIENT_USD`)',
  },
});

export const getWithdrawalsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/withdrawal/requests',
  summary: "The caller's withdrawals, newest first (pending → processed | failed)",
  tags: ['withdrawals'],
  responses: { 200: WithdrawalsResponseSchema },
});

export const getPaymentPreferencesRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/payment-preferences',
  summary: "The caller's saved payment methods, details masked, the default first",
  tags: ['withdrawals'],
  responses: { 200: PaymentPreferencesResponseSchema },
});

export const createPaymentPreferenceRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/payment-preferences',
  summary:
    'Saves a payment method (validated per method, stored encrypted); is_default or the first one becomes the default',
  tags: ['withdrawals'],
  request: { body: CreatePaymentPreferenceRequestSchema },
  responses: { 200: PaymentPreferenceSchema },
  errors: { 400: 'Unknown method or invalid details (`VALIDATION_ERROR`)' },
});

export const setDefaultPaymentPreferenceRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/payment-preferences/:id/set-default',
  summary: 'Makes one of the caller’s payment methods the default (exactly one default)',
  tags: ['withdrawals'],
  request: { params: PaymentPreferenceIdParamsSchema },
  responses: { 200: PaymentPreferenceSchema },
  errors: { 404: 'Not one of the caller’s (`PAYMENT_PREFERENCE_NOT_FOUND`)' },
});

export const deletePaymentPreferenceRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/users/payment-preferences/:id',
  summary:
    'Deletes one of the caller’s payment methods; if it was the default, the newest remaining one becomes the default',
  tags: ['withdrawals'],
  request: { params: PaymentPreferenceIdParamsSchema },
  responses: { 200: z.object({ success: z.literal(true) }) },
  errors: { 404: 'Not one of the caller’s (`PAYMENT_PREFERENCE_NOT_FOUND`)' },
});
