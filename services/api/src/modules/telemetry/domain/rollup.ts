import { TRACKED_EVENT_TYPES, TRACKED_TARGET_TYPES } from '@app/contracts/telemetry';

// The same names as the context's public surface (index.ts), from the contracts: the domain imports no module file.
type TrackedEventType = (typeof TRACKED_EVENT_TYPES)[number];
type TrackedTargetType = (typeof TRACKED_TARGET_TYPES)[number];

/** One event as the ingest queue carries it: validated, attributed, stamped with the server's receive time. */
export interface StoredEvent {
  receivedAt: string;
  sessionId: string;
  /** From the caller's session (null when signed out), never from the body. */
  userId: string | null;
  eventType: string;
  payload: Record<string, unknown>;
}

export interface RollupRow {
  targetType: TrackedTargetType;
  targetId: string;
  eventType: TrackedEventType;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  count: number;
}

export interface CampaignRollupRow {
  campaignId: string;
  eventType: TrackedEventType;
  day: string;
  count: number;
}

export interface Target {
  targetType: TrackedTargetType;
  targetId: string;
  campaignId: string | null;
}

const isTracked = (eventType: string): eventType is TrackedEventType =>
  (TRACKED_EVENT_TYPES as readonly string[]).includes(eventType);
const isTargetType = (value: unknown): value is TrackedTargetType =>
  (TRACKED_TARGET_TYPES as readonly unknown[]).includes(value);

/** The target of an impression, click or view; null for any other event (stored, not counted). */
export function targetOf(event: Pick<StoredEvent, 'eventType' | 'payload'>): Target | null {
  if (!isTracked(event.eventType)) return null;
  const { target_type: targetType, target_id: targetId, campaign_id: campaignId } = event.payload;
  // The ingest schema already checked these; a job payload from an older release is checked again, not trusted.
  if (!isTargetType(targetType) || typeof targetId !== 'string' || targetId === '') return null;
  return { targetType, targetId, campaignId: typeof campaignId === 'string' && campaignId !== '' ? campaignId : null };
}

const dayOf = (isoTime: string) => isoTime.slice(0, 10);

/**
 * The daily counts a batch adds: one row per (target, event type, UTC day of receipt), merged (PostgreSQL updates a
 * row once per statement) and sorted by key, so two batches upserting the same rows lock them in the same order and
 * never deadlock.
 */
export function rollupOf(events: readonly StoredEvent[]): { targets: RollupRow[]; campaigns: CampaignRollupRow[] } {
  const targets = new Map<string, RollupRow>();
  const campaigns = new Map<string, CampaignRollupRow>();
  for (const event of events) {
    const target = targetOf(event);
    if (!target) continue;
    const eventType = event.eventType as TrackedEventType;
    const day = dayOf(event.receivedAt);
    const key = JSON.stringify([target.targetType, target.targetId, eventType, day]);
    const row = targets.get(key) ?? {
      targetType: target.targetType,
      targetId: target.targetId,
      eventType,
      day,
      count: 0,
    };
    row.count += 1;
    targets.set(key, row);
    if (target.campaignId) {
      const campaignKey = JSON.stringify([target.campaignId, eventType, day]);
      const campaignRow = campaigns.get(campaignKey) ?? { campaignId: target.campaignId, eventType, day, count: 0 };
      campaignRow.count += 1;
      campaigns.set(campaignKey, campaignRow);
    }
  }
  const byKey = <Row>(rows: Map<string, Row>) =>
    [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  return { targets: byKey(targets), campaigns: byKey(campaigns) };
}

/** Views of content in a batch, per content id: what the content context adds to `views_count`. */
export function contentViewsOf(rows: readonly RollupRow[]): Array<{ contentId: string; views: number }> {
  const views = new Map<string, number>();
  for (const row of rows)
    if (row.targetType === 'content' && row.eventType === 'view')
      views.set(row.targetId, (views.get(row.targetId) ?? 0) + row.count);
  return [...views.entries()].map(([contentId, count]) => ({ contentId, views: count }));
}
