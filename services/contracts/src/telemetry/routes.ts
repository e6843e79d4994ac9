import { defineRoute } from '../http/route';
import {
  ClientErrorReportSchema,
  ClientErrorsQuerySchema,
  ClientErrorsResponseSchema,
  ClientErrorStoredSchema,
  TelemetryAcceptedSchema,
  TelemetryBatchSchema,
  TelemetryIngestQuerySchema,
} from './http';

const tags = ['telemetry'];

export const ingestTelemetryRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/telemetry',
  summary: 'A batch of client events (≤ 500 events, ≤ 256 KB), accepted once queued and stored in batches',
  tags,
  public: true,
  request: { body: TelemetryBatchSchema, query: TelemetryIngestQuerySchema },
  responses: { 202: TelemetryAcceptedSchema },
  errors: {
    400: 'Invalid event or too many events',
    413: 'Batch over 256 KB',
    429: 'Rate limit of the session',
    503: 'Queue unavailable',
  },
});

export const reportClientErrorRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/logs/client-error',
  summary: 'A client error report (a failed API answer 500/502/503/504 or an error-boundary crash)',
  tags,
  public: true,
  request: { body: ClientErrorReportSchema },
  responses: { 201: ClientErrorStoredSchema },
  errors: { 400: 'Invalid report', 413: 'Report over 16 KB', 429: 'Rate limit of the session' },
});

export const listClientErrorsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/client-errors',
  summary: 'Recent client error reports, newest first (administrators)',
  tags,
  request: { query: ClientErrorsQuerySchema },
  responses: { 200: ClientErrorsResponseSchema },
  errors: { 401: 'Not signed in', 403: 'Not an administrator' },
});
