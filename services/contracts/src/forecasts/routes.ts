import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CreateForecastRequestSchema,
  ForecastsQuerySchema,
  PortfolioPredictionsQuerySchema,
  PredictionDetailSchema,
  PredictionSchema,
  PredictionsResponseSchema,
  PredictRequestSchema,
  RecordObservationRequestSchema,
  SocialForecastSchema,
  SocialForecastsResponseSchema,
} from './http';

const IdParams = z.object({ id: z.string() });
const tags = ['forecasts'];

export const listForecastsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/social-forecasts',
  summary: 'Social forecasts: active ones first (soonest expiry), then recent expired and resolved ones',
  tags,
  request: { query: ForecastsQuerySchema },
  responses: { 200: SocialForecastsResponseSchema },
});

export const createForecastRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/social-forecasts',
  summary:
    "Create a forecast on a content metric; the creator's initial stake moves from their USD into the " +
    "forecast's escrow",
  tags,
  request: { body: CreateForecastRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: SocialForecastSchema },
  errors: {
    404: 'Content not found (`CONTENT_NOT_FOUND`)',
    422: 'Expiry not in the future (`EXPIRES_IN_PAST`) or insufficient USD (`INSUFFICIENT_FUNDS`)',
  },
});

export const predictRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/social-forecasts/:id/predict',
  summary: 'Stake USD on over or under (stake × odds owed if right); refused once the forecast has expired',
  tags,
  request: { params: IdParams, body: PredictRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: PredictionSchema },
  errors: {
    404: 'Forecast not found (`FORECAST_NOT_FOUND`)',
    409: 'Expired or resolved (`FORECAST_EXPIRED`)',
    422: 'Insufficient USD (`INSUFFICIENT_FUNDS`)',
  },
});

export const myPredictionsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/forecasts',
  summary: 'My predictions (my stakes on any forecast, my own initial stakes included), newest first',
  tags,
  responses: { 200: PredictionsResponseSchema },
});

export const myCreatedForecastsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/created-forecasts',
  summary: 'Forecasts I created, newest first',
  tags,
  responses: { 200: SocialForecastsResponseSchema },
});

export const portfolioPredictionsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/portfolio/predictions',
  summary: "The caller's predictions, or another user's (`?userId`)",
  tags,
  request: { query: PortfolioPredictionsQuerySchema },
  responses: { 200: PredictionsResponseSchema },
});

export const predictionDetailRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/portfolio/predictions/:id',
  summary: 'One prediction with its forecast, the trajectory of real observations and the participants',
  tags,
  request: { params: IdParams },
  responses: { 200: PredictionDetailSchema },
  errors: { 404: "'Prediction not found.' (`PREDICTION_NOT_FOUND`)" },
});

export const recordObservationRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/social-forecasts/:id/observations',
  summary: 'Admin/oracle: record the observed metric of a forecast on an external URL (an expired one then settles)',
  tags,
  request: { params: IdParams, body: RecordObservationRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: SocialForecastSchema },
  errors: {
    404: 'Forecast not found (`FORECAST_NOT_FOUND`)',
    409: 'Already resolved (`FORECAST_RESOLVED`)',
    422: 'Content on this platform is observed automatically (`OBSERVED_ON_PLATFORM`), or the time is in the future',
  },
});

export const listPendingObservationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/social-forecasts/pending-observations',
  summary:
    'Admin/oracle: expired forecasts on external URLs (and comments forecasts) still waiting for the ' +
    'observation they settle on, the longest waiting first',
  tags,
  responses: { 200: SocialForecastsResponseSchema },
});
