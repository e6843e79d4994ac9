import { z } from 'zod';

/**
 * Client telemetry and client error reports (issue 25, spec 3 §7). The screens send batches of events
 * `{session_id, event_type, payload, user_id}`; impressions, clicks and views name a target (content or a drop) and
 * are counted per day, every other event type is stored as sent and not counted.
 */

/** At most this many events in one batch (400 beyond). */
export const TELEMETRY_MAX_EVENTS_PER_BATCH = 500;
/** At most this many bytes of JSON in one batch (413 beyond, refused before the body is parsed). */
export const TELEMETRY_MAX_BATCH_BYTES = 256 * 1024;
/** The screens flush their buffer this often (spec 3 §9: every 3 seconds). */
export const TELEMETRY_FLUSH_INTERVAL_MS = 3_000;

export const TRACKED_EVENT_TYPES = ['impression', 'click', 'view'] as const;
export type TrackedEventTypeName = (typeof TRACKED_EVENT_TYPES)[number];
export const TRACKED_TARGET_TYPES = ['content', 'drop'] as const;

export const TELEMETRY_MESSAGES = {
  tooManyEvents: `A batch holds at most ${TELEMETRY_MAX_EVENTS_PER_BATCH} events`,
  emptyBatch: 'A batch holds at least one event',
  rateLimited: 'Too many telemetry batches from this session. Try again shortly.',
  errorRateLimited: 'Too many error reports from this session. Try again shortly.',
  busy: 'Telemetry is busy. Try again shortly.',
} as const;

const identifier = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** Letters, digits and `_ . : -`: event types become rollup keys and metric labels, never free text. */
export const EventTypeSchema = z
  .string({ error: 'event_type is required' })
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'event_type is 1 to 64 letters, digits or _ . : -');

/** What an impression, click or view names. */
export const TrackedPayloadSchema = z
  .object({
    target_type: z.enum(TRACKED_TARGET_TYPES, { error: 'target_type is content or drop' }),
    target_id: identifier('target_id', 100),
    campaign_id: identifier('campaign_id', 100).nullish(),
  })
  .loose();
export type TrackedPayload = z.infer<typeof TrackedPayloadSchema>;

export const TelemetryEventSchema = z
  .object({
    session_id: identifier('session_id', 128),
    event_type: EventTypeSchema,
    payload: z.record(z.string(), z.unknown()).default({}),
    /** Ignored for attribution: the server takes the user from the caller's session (README). */
    user_id: z.union([z.string().max(128), z.number()]).nullish(),
  })
  .superRefine((event, context) => {
    if (!(TRACKED_EVENT_TYPES as readonly string[]).includes(event.event_type)) return;
    const parsed = TrackedPayloadSchema.safeParse(event.payload);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', path: ['payload', ...issue.path], message: issue.message });
  });
export type TelemetryEvent = z.infer<typeof TelemetryEventSchema>;

export const TelemetryBatchSchema = z
  .array(TelemetryEventSchema, { error: 'The body is an array of events' })
  .min(1, TELEMETRY_MESSAGES.emptyBatch)
  .max(TELEMETRY_MAX_EVENTS_PER_BATCH, TELEMETRY_MESSAGES.tooManyEvents);
export type TelemetryBatch = z.infer<typeof TelemetryBatchSchema>;

/**
 * `POST /api/telemetry?batch_id=...`: the client's id of the batch (a UUID it keeps while it resends), in the query so
 * that a `navigator.sendBeacon` (which sets no headers) carries it too. A batch id stored already stores nothing
 * again: a resent batch counts once. Without one the server makes one up (no resend protection).
 */
export const TelemetryIngestQuerySchema = z.object({
  batch_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'batch_id is 8 to 64 letters, digits, _ or -')
    .optional(),
});
export type TelemetryIngestQuery = z.infer<typeof TelemetryIngestQuerySchema>;

export const TelemetryAcceptedSchema = z.object({ accepted: z.number().int(), batch_id: z.string() });
export type TelemetryAccepted = z.infer<typeof TelemetryAcceptedSchema>;

/** At most this many bytes of JSON in one client error report (413 beyond). */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

export const ClientErrorReportSchema = z.object({
  /** Where it happened: `api-client`, `error-boundary`, a screen's name. */
  source: identifier('source', 100),
  error: identifier('error', 2_000),
  dropId: z.union([z.string().max(100), z.number()]).nullish(),
  responseStatus: z.number().int().min(0).max(999).nullish(),
  /** Free-form (a stack, the failing path); stored as JSON, at most the report's byte limit. */
  errorDetails: z.unknown().optional(),
  /** The client's clock (ISO 8601); kept beside the server's receive time, never trusted for ordering. */
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp is an ISO 8601 date-time' }).nullish(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

export const ClientErrorStoredSchema = z.object({ id: z.string() });

export const ClientErrorSchema = z.object({
  id: z.string(),
  source: z.string(),
  error: z.string(),
  drop_id: z.string().nullable(),
  response_status: z.number().nullable(),
  error_details: z.unknown(),
  client_timestamp: z.string().nullable(),
  received_at: z.string(),
  user_id: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ClientError = z.infer<typeof ClientErrorSchema>;

export const ClientErrorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  source: z.string().max(100).optional(),
});

export const ClientErrorsResponseSchema = z.object({ errors: z.array(ClientErrorSchema) });
export type ClientErrorsResponse = z.infer<typeof ClientErrorsResponseSchema>;
