import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { DEFAULT_ACHIEVEMENTS, levelOf } from '@app/contracts/progress';
import { ExperienceAwardedSchema } from '@app/contracts/progress';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { rowsDocument, rowsTable, upsertRows } from '../../../platform/database/upsert-rows';
import { CONTENT_CREATED_EVENT_TYPES, counterDeltas, mergeCounterDeltas } from '../../progress';
import { APPROVAL_EVENT_TYPES } from './approval-rules';
import type { NotificationDraft } from './notification-draft';
import {
  DROP_EVENT_TYPES,
  dropDrafts,
  readDropEvent,
  readDropRows,
  writeDropRows,
  type DropEvent,
  type DropRows,
} from './drop-application-rules';
import { notificationId, statelessDrafts } from './notification-rules';

const logger = new Logger('NotificationsProjection');

type Table = 'notifications' | 'notification_progress' | 'notification_drops' | 'notification_applications';
type Tables = ProjectionTables<Table>;

/** Counters of the progress context's achievements, followed here to notify when one becomes claimable. */
const COUNTER_EVENT_TYPES: string[] = [
  'UserRegistered',
  'InfluenceFollowersVerified',
  'LedgerTransactionPosted',
  ...CONTENT_CREATED_EVENT_TYPES,
];

/** A move of one of the user's counters (the progress context's, plus XP). */
type CounterDelta = { userId: string; counter: string; mode: 'add' | 'set'; value: bigint };

/** What one event asks for, worked out without the database (so an event that does not read is skipped whole). */
interface PlannedEvent {
  stored: StoredEvent;
  stateless: NotificationDraft[];
  drop: DropEvent | null;
  counters: CounterDelta[];
}

function plan(stored: StoredEvent): PlannedEvent {
  const counters: CounterDelta[] = [];
  if (stored.type === 'ExperienceAwarded') {
    const parsed = ExperienceAwardedSchema.safeParse(stored.data);
    if (parsed.success)
      counters.push({ userId: parsed.data.userId, counter: 'xp', mode: 'add', value: BigInt(parsed.data.amount) });
  } else if (COUNTER_EVENT_TYPES.includes(stored.type)) {
    counters.push(...counterDeltas(stored));
  }
  return { stored, stateless: statelessDrafts(stored), drop: readDropEvent(stored), counters };
}

/** Notifies for each achievement whose threshold a counter crossed going from `before` to `after`. */
function achievementDrafts(userId: string, counter: string, before: bigint, after: bigint): NotificationDraft[] {
  // Points are counted in minor units and XP is turned into levels, as the achievements measure them.
  const measure = (raw: bigint) =>
    counter === 'points_spent' ? Number(raw / 10n) : counter === 'xp' ? levelOf(Number(raw)) : Number(raw);
  const from = measure(before);
  const to = measure(after);
  const criteria = counter === 'xp' ? 'level' : counter;
  return DEFAULT_ACHIEVEMENTS.filter(
    (achievement) =>
      achievement.criteria_type === criteria && from < achievement.criteria_value && to >= achievement.criteria_value,
  ).map((achievement) => ({
    key: `achievement:${userId}:${achievement.id}`,
    userId,
    type: 'achievement' as const,
    title: `Achievement unlocked: ${achievement.name}`,
    message: `Claim ${achievement.gold_reward} gold and ${achievement.xp_reward} XP`,
    data: { achievement_id: achievement.id, gold_reward: achievement.gold_reward, xp_reward: achievement.xp_reward },
    actionUrl: '/profile?tab=achievements',
  }));
}

const progressKey = (userId: string, counter: string) => `${userId}|${counter}`;

/**
 * Writes the batch's counter moves to `notification_progress` (one statement per mode) and returns every touched
 * counter's value before the batch, so the thresholds crossed can be replayed event by event in memory. A counter
 * only ever added to is written as the sum of its deltas and its previous value is the new one minus that sum; a
 * counter set in the batch is read first and written as the value it ends at.
 */
async function writeProgress(
  transaction: TransactionHandle,
  tables: Tables,
  planned: PlannedEvent[],
): Promise<Map<string, bigint>> {
  const moves = mergeCounterDeltas(planned.flatMap((event) => event.counters));
  const before = new Map<string, bigint>();
  const added = moves.filter((move) => move.mode === 'add');
  const set = moves.filter((move) => move.mode === 'set');
  if (set.length > 0) {
    const read = await transaction.query<{ user_id: string; counter: string; value: string }>(
      `SELECT user_id, counter, value::text AS value FROM ${tables.notification_progress}
        WHERE (user_id, counter) IN (SELECT * FROM ${rowsTable(1, { user_id: 'text', counter: 'text' })} AS wanted)`,
      [rowsDocument(set.map((move) => [move.userId, move.counter]))],
    );
    for (const move of set) before.set(progressKey(move.userId, move.counter), 0n);
    for (const row of read.rows) before.set(progressKey(row.user_id, row.counter), BigInt(row.value));
  }
  const sums = new Map(added.map((move) => [progressKey(move.userId, move.counter), move.value]));
  const returned = await upsertRows<{ user_id: string; counter: string; value: string }>(
    transaction,
    tables.notification_progress,
    { user_id: 'text', counter: 'text', value: 'bigint' },
    added.map((move) => [move.userId, move.counter, move.value.toString()]),
    'ON CONFLICT (user_id, counter) DO UPDATE SET value = target.value + excluded.value ' +
      'RETURNING user_id, counter, value::text AS value',
  );
  for (const row of returned)
    before.set(
      progressKey(row.user_id, row.counter),
      BigInt(row.value) - sums.get(progressKey(row.user_id, row.counter))!,
    );
  await upsertRows(
    transaction,
    tables.notification_progress,
    { user_id: 'text', counter: 'text', value: 'bigint' },
    set.map((move) => [move.userId, move.counter, move.value.toString()]),
    'ON CONFLICT (user_id, counter) DO UPDATE SET value = excluded.value',
  );
  return before;
}

/**
 * One batch: each event is read in memory (skipped with a log if it does not read), the counters and the drop
 * rows the batch needs are written or read once, the rules are replayed in log order against that state, and the
 * rows are written with one statement per table. The notifications and their ids are those of the per-event
 * statements this replaces; a notification id seen twice keeps its first row, as `ON CONFLICT DO NOTHING` did.
 */
async function handleBatch(events: StoredEvent[], transaction: TransactionHandle, tables: Tables): Promise<void> {
  const planned: PlannedEvent[] = [];
  for (const stored of events) {
    try {
      planned.push(plan(stored));
    } catch (error) {
      // A fact that does not read is skipped with a log: a throw would stop every user's notifications.
      logger.error(`Skipping event ${stored.type} at position ${stored.position}: ${(error as Error).message}`);
    }
  }
  const progress = await writeProgress(transaction, tables, planned);
  const dropEvents = planned.flatMap((event) => (event.drop ? [event.drop] : []));
  const { drops, applications } = await readDropRows(transaction, tables, dropEvents);
  const written: DropRows = { drops: new Map(), applications: new Map() };
  const notifications = new Map<string, { draft: NotificationDraft; recordedAt: Date }>();
  for (const event of planned) {
    const drafts = [...event.stateless, ...(event.drop ? dropDrafts(event.drop, drops, applications, written) : [])];
    for (const delta of event.counters) {
      const key = progressKey(delta.userId, delta.counter);
      const before = progress.get(key) ?? 0n;
      const after = delta.mode === 'add' ? before + delta.value : delta.value;
      progress.set(key, after);
      drafts.push(...achievementDrafts(delta.userId, delta.counter, before, after));
    }
    for (const draft of drafts) {
      const id = notificationId(draft.key);
      if (!notifications.has(id)) notifications.set(id, { draft, recordedAt: event.stored.recordedAt });
    }
  }
  await writeDropRows(transaction, tables, written);
  await writeNotifications(transaction, tables, notifications);
}

/** The batch's notifications, one row each (an id already written keeps its row). */
async function writeNotifications(
  transaction: TransactionHandle,
  tables: Tables,
  notifications: Map<string, { draft: NotificationDraft; recordedAt: Date }>,
) {
  await upsertRows(
    transaction,
    tables.notifications,
    {
      id: 'text',
      user_id: 'text',
      type: 'text',
      title: 'text',
      message: 'text',
      data: 'jsonb',
      action_url: 'text',
      created_at: 'timestamptz',
    },
    [...notifications].map(([id, { draft, recordedAt }]) => [
      id,
      draft.userId,
      draft.type,
      draft.title,
      draft.message,
      JSON.stringify(draft.data),
      draft.actionUrl,
      recordedAt.toISOString(),
    ]),
    'ON CONFLICT (id) DO NOTHING',
  );
}

/**
 * Notifications: a projection of the events that concern a user (rewards received, referral used, achievement
 * claimable, Instagram verified, applications received/approved/rejected). Read state is not kept here: it is
 * folded from the user's notification stream when read, so a rebuild never loses it.
 */
export const notificationsProjection = defineProjection<Table>({
  name: 'notifications',
  version: 1,
  tableNames: ['notifications', 'notification_progress', 'notification_drops', 'notification_applications'],
  eventTypes: [
    ...new Set([
      ...COUNTER_EVENT_TYPES,
      ...DROP_EVENT_TYPES,
      'ExperienceAwarded',
      'ReferralApplied',
      'InstagramAccountVerified',
      'ShieldLapsed',
      'CheckoutSessionPaid',
      'CouponRedeemed',
      'WithdrawalRequested',
      'WithdrawalProcessed',
      'WithdrawalFailed',
      ...APPROVAL_EVENT_TYPES,
    ]),
  ],
  createTables: (tables) => [
    `CREATE TABLE ${tables.notifications} (
       id text PRIMARY KEY,
       user_id text NOT NULL,
       type text NOT NULL,
       title text NOT NULL,
       message text NOT NULL,
       data jsonb NOT NULL,
       action_url text,
       created_at timestamptz NOT NULL
     )`,
    `CREATE INDEX ON ${tables.notifications} (user_id, created_at DESC)`,
    `CREATE TABLE ${tables.notification_progress} (
       user_id text NOT NULL, counter text NOT NULL, value bigint NOT NULL, PRIMARY KEY (user_id, counter)
     )`,
    `CREATE TABLE ${tables.notification_drops} (
       drop_id text PRIMARY KEY, creator_id text NOT NULL, title text NOT NULL
     )`,
    `CREATE TABLE ${tables.notification_applications} (
       application_id text PRIMARY KEY, applicant_user_id text NOT NULL, drop_id text NOT NULL
     )`,
  ],
  handle: handleBatch,
});
