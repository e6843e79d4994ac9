// The screens' telemetry (spec 3 §7): events are buffered and sent as one batch every 3 seconds to
// `POST /api/telemetry?batch_id=...`; a batch that fails is sent again later with the SAME batch id (the API stores a
// batch id once, so a resend never counts twice); when the page is hidden everything still waiting goes out with
// `navigator.sendBeacon`. No schema library here: this module is in the core bundle the landing page loads.

/** The API's limits (`@app/contracts/telemetry`), repeated so the core bundle needs no zod. */
export const FLUSH_INTERVAL_MS = 3_000;
export const MAX_EVENTS_PER_BATCH = 500;
/** Batches kept for resending at most; beyond that the oldest are dropped (telemetry is lossy, memory is not). */
export const MAX_PENDING_BATCHES = 20;
/** A beacon carries at most 64 KB in most browsers; bigger batches wait for the next visible flush. */
const MAX_BEACON_BYTES = 60 * 1024;

export type TrackedTargetType = 'content' | 'drop';
export interface TrackedTarget {
  type: TrackedTargetType;
  id: string;
  /** The campaign the target is shown for, when any (campaign figures count it). */
  campaignId?: string | null;
}

export interface TelemetryEvent {
  session_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  user_id: string | null;
}

export interface TelemetryBatch {
  id: string;
  events: TelemetryEvent[];
  /** Sends tried so far (for tests and logs). */
  attempts: number;
}

/** What a send answered: `retry` keeps the batch for the next flush, `done` forgets it (sent, or refused for good). */
export type SendOutcome = 'done' | 'retry';

export interface TrackerOptions {
  /** Sends one batch; resolves `retry` on a network failure, a 429 or a 5xx. */
  send(batch: TelemetryBatch): Promise<SendOutcome>;
  /** `navigator.sendBeacon` for a batch; false when the browser would not queue it. */
  beacon?(batch: TelemetryBatch): boolean;
  sessionId?: string;
  userId?: () => string | null;
  newBatchId?: () => string;
  flushIntervalMs?: number;
}

export class TelemetryTracker {
  private buffer: TelemetryEvent[] = [];
  private pending: TelemetryBatch[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  private impressed = new WeakSet<object>();
  private pageViewNumber = 0;
  readonly sessionId: string;

  constructor(private readonly options: TrackerOptions) {
    this.sessionId = options.sessionId ?? randomId();
  }

  /** Starts the 3-second flush. Idempotent. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  track(eventType: string, payload: Record<string, unknown> = {}): void {
    this.buffer.push({
      session_id: this.sessionId,
      event_type: eventType,
      payload,
      user_id: this.options.userId?.() ?? null,
    });
    this.start();
  }

  /** An impression of `target` shown by `element`: counted once per element per page view. */
  impression(element: object, target: TrackedTarget): void {
    if (this.impressed.has(element)) return;
    this.impressed.add(element);
    this.track('impression', payloadOf(target));
  }

  click(target: TrackedTarget): void {
    this.track('click', payloadOf(target));
  }

  view(target: TrackedTarget): void {
    this.track('view', payloadOf(target));
  }

  /** A new page view (the route changed): every element may count its impression again. */
  pageView(path: string): void {
    this.pageViewNumber += 1;
    this.impressed = new WeakSet();
    this.track('page_view', { path });
  }

  get currentPageView(): number {
    return this.pageViewNumber;
  }

  /** Events not yet in a batch, and batches not yet sent (tests, diagnostics). */
  get waiting(): { events: number; batches: number } {
    return { events: this.buffer.length, batches: this.pending.length };
  }

  /** Sends what is waiting: earlier failed batches first (same ids), then the buffer as new batches. */
  flush(): Promise<void> {
    // One flush at a time: a slow send must not let the next tick send the same batch twice at once.
    this.flushing ??= this.sendWaiting().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** On page hide: every waiting batch by beacon; the ones the browser refuses stay for the next flush. */
  flushWithBeacon(): void {
    const beacon = this.options.beacon;
    if (!beacon) return;
    this.cutBatches();
    this.pending = this.pending.filter((batch) => {
      batch.attempts += 1;
      return !beacon(batch);
    });
  }

  private cutBatches(): void {
    while (this.buffer.length > 0) {
      const events = this.buffer.splice(0, MAX_EVENTS_PER_BATCH);
      this.pending.push({ id: (this.options.newBatchId ?? randomId)(), events, attempts: 0 });
    }
    if (this.pending.length > MAX_PENDING_BATCHES) this.pending.splice(0, this.pending.length - MAX_PENDING_BATCHES);
  }

  private async sendWaiting(): Promise<void> {
    this.cutBatches();
    const batches = [...this.pending];
    for (const batch of batches) {
      batch.attempts += 1;
      let outcome: SendOutcome;
      try {
        outcome = await this.options.send(batch);
      } catch {
        outcome = 'retry';
      }
      if (outcome === 'retry') return; // the API or the network is down: keep the rest in order, try again next tick
      this.pending = this.pending.filter((waiting) => waiting !== batch);
    }
  }
}

function payloadOf(target: TrackedTarget): Record<string, unknown> {
  return target.campaignId
    ? { target_type: target.type, target_id: target.id, campaign_id: target.campaignId }
    : { target_type: target.type, target_id: target.id };
}

export function randomId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const randomPart = () => Math.random().toString(36).slice(2, 12);
  return `${Date.now().toString(36)}-${randomPart()}-${randomPart()}`;
}

/** The answers that are worth a resend: none (network), 408, 429 and 5xx. A 400 or 413 will not get better. */
export const shouldResend = (status: number | undefined): boolean =>
  status === undefined || status === 408 || status === 429 || status >= 500;

export const telemetryUrl = (baseUrl: string, batchId: string) =>
  `${baseUrl.replace(/\/$/, '')}/api/telemetry?batch_id=${encodeURIComponent(batchId)}`;

export const beaconFits = (body: string) => body.length <= MAX_BEACON_BYTES;
