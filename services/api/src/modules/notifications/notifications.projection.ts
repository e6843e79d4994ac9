import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import {
  DropApplicationApprovedSchema,
  DropApplicationReceivedSchema,
  DropApplicationRejectedSchema,
  DropCreatedSchema,
} from '@app/contracts/src/drops/events';
import { DEFAULT_ACHIEVEMENTS, levelOf } from '@app/contracts/src/progress';
import { ExperienceAwardedSchema } from '@app/contracts/src/progress/events';
import { defineProjection, type ProjectionTables } from '../../platform/projections/projection';
import { CONTENT_CREATED_EVENT_TYPES, counterDeltas } from '../progress';
import { notificationId, statelessDrafts, type NotificationDraft } from './notification-rules';

const logger = new Logger('NotificationsProjection');

type Table = 'notifications' | 'notification_progress' | 'notification_drops' | 'notification_applications';
type Tables = ProjectionTables<Table>;

/** Counters of the progress context's achievements, followed here to notify when one becomes claimable. */
const COUNTER_EVENT_TYPES: string[] = ['UserRegistered', 'InfluenceRewardsRegistered', 'LedgerTransactionPosted', ...CONTENT_CREATED_EVENT_TYPES];
const DROP_EVENT_TYPES = ['DropCreated', 'DropApplicationReceived', 'DropApplicationApproved', 'DropApplicationRejected'];

async function insert(transaction: TransactionHandle, tables: Tables, stored: StoredEvent, drafts: NotificationDraft[]) {
  for (const draft of drafts) {
    await transaction.query(
      `INSERT INTO ${tables.notifications} (id, user_id, type, title, message, data, action_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [notificationId(draft.key), draft.userId, draft.type, draft.title, draft.message, JSON.stringify(draft.data), draft.actionUrl, stored.recordedAt],
    );
  }
}

/** Moves a user's counter and notifies for each achievement whose threshold it crossed. */
async function advanceAchievements(transaction: TransactionHandle, tables: Tables, userId: string, counter: string, mode: 'add' | 'set', value: bigint): Promise<NotificationDraft[]> {
  const result = await transaction.query<{ before: string; after: string }>(
    `WITH previous AS (SELECT value FROM ${tables.notification_progress} WHERE user_id = $1 AND counter = $2)
     INSERT INTO ${tables.notification_progress} AS target (user_id, counter, value) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, counter) DO UPDATE SET value = ${mode === 'add' ? 'target.value + excluded.value' : 'excluded.value'}
     RETURNING coalesce((SELECT value FROM previous), 0)::text AS before, value::text AS after`,
    [userId, counter, value.toString()],
  );
  const row = result.rows[0];
  if (!row) return [];
  // Points are counted in minor units and XP is turned into levels, as the achievements measure them.
  const measure = (raw: string) => (counter === 'points_spent' ? Number(BigInt(raw) / 10n) : counter === 'xp' ? levelOf(Number(raw)) : Number(raw));
  const before = measure(row.before);
  const after = measure(row.after);
  const criteria = counter === 'xp' ? 'level' : counter;
  return DEFAULT_ACHIEVEMENTS.filter((achievement) => achievement.criteria_type === criteria && before < achievement.criteria_value && after >= achievement.criteria_value).map(
    (achievement) => ({
      key: `achievement:${userId}:${achievement.id}`,
      userId,
      type: 'achievement' as const,
      title: `Achievement unlocked: ${achievement.name}`,
      message: `Claim ${achievement.gold_reward} gold and ${achievement.xp_reward} XP`,
      data: { achievement_id: achievement.id, gold_reward: achievement.gold_reward, xp_reward: achievement.xp_reward },
      actionUrl: '/profile?tab=achievements',
    }),
  );
}

async function dropDrafts(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<NotificationDraft[]> {
  switch (stored.type) {
    case 'DropCreated': {
      const parsed = DropCreatedSchema.safeParse(stored.data);
      if (parsed.success) {
        await transaction.query(`INSERT INTO ${tables.notification_drops} (drop_id, creator_id, title) VALUES ($1, $2, $3) ON CONFLICT (drop_id) DO NOTHING`, [
          parsed.data.dropId,
          parsed.data.creatorId,
          parsed.data.details.title,
        ]);
      }
      return [];
    }
    case 'DropApplicationReceived': {
      const parsed = DropApplicationReceivedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      await transaction.query(
        `INSERT INTO ${tables.notification_applications} (application_id, applicant_user_id, drop_id) VALUES ($1, $2, $3) ON CONFLICT (application_id) DO NOTHING`,
        [parsed.data.applicationId, parsed.data.applicantUserId, parsed.data.dropId],
      );
      const drop = await transaction.query<{ creator_id: string; title: string }>(`SELECT creator_id, title FROM ${tables.notification_drops} WHERE drop_id = $1`, [parsed.data.dropId]);
      const creator = drop.rows[0];
      if (!creator) return [];
      return [
        {
          key: `application-received:${parsed.data.applicationId}`,
          userId: creator.creator_id,
          type: 'social',
          title: 'New application',
          message: `${parsed.data.applicantName} applied to "${creator.title}"`,
          data: { application_id: parsed.data.applicationId, drop_id: parsed.data.dropId },
          actionUrl: `/task/${parsed.data.dropId}`,
        },
      ];
    }
    case 'DropApplicationApproved':
    case 'DropApplicationRejected': {
      const approved = stored.type === 'DropApplicationApproved';
      const parsed = (approved ? DropApplicationApprovedSchema : DropApplicationRejectedSchema).safeParse(stored.data);
      if (!parsed.success) return [];
      const found = await transaction.query<{ applicant_user_id: string; title: string | null }>(
        `SELECT applications.applicant_user_id, drops.title FROM ${tables.notification_applications} applications
           LEFT JOIN ${tables.notification_drops} drops ON drops.drop_id = applications.drop_id
          WHERE applications.application_id = $1`,
        [parsed.data.applicationId],
      );
      const application = found.rows[0];
      if (!application) return [];
      const title = application.title ? `"${application.title}"` : 'a drop';
      return [
        {
          key: `application-${approved ? 'approved' : 'rejected'}:${parsed.data.applicationId}`,
          userId: application.applicant_user_id,
          type: approved ? 'system' : 'warning',
          title: approved ? 'Application approved' : 'Application rejected',
          message: approved ? `Your application to ${title} was approved: submit your work` : `Your application to ${title} was not accepted`,
          data: { application_id: parsed.data.applicationId, drop_id: parsed.data.dropId },
          actionUrl: `/task/${parsed.data.dropId}`,
        },
      ];
    }
    default:
      return [];
  }
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
  eventTypes: [...new Set([...COUNTER_EVENT_TYPES, ...DROP_EVENT_TYPES, 'ExperienceAwarded', 'ReferralApplied', 'InstagramAccountVerified'])],
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
    `CREATE TABLE ${tables.notification_progress} (user_id text NOT NULL, counter text NOT NULL, value bigint NOT NULL, PRIMARY KEY (user_id, counter))`,
    `CREATE TABLE ${tables.notification_drops} (drop_id text PRIMARY KEY, creator_id text NOT NULL, title text NOT NULL)`,
    `CREATE TABLE ${tables.notification_applications} (application_id text PRIMARY KEY, applicant_user_id text NOT NULL, drop_id text NOT NULL)`,
  ],
  handle: async (events, transaction, tables) => {
    for (const stored of events) {
      try {
        const drafts = [...statelessDrafts(stored), ...(await dropDrafts(transaction, tables, stored))];
        if (stored.type === 'ExperienceAwarded') {
          const parsed = ExperienceAwardedSchema.safeParse(stored.data);
          if (parsed.success) drafts.push(...(await advanceAchievements(transaction, tables, parsed.data.userId, 'xp', 'add', BigInt(parsed.data.amount))));
        } else if (COUNTER_EVENT_TYPES.includes(stored.type)) {
          for (const delta of counterDeltas(stored)) {
            drafts.push(...(await advanceAchievements(transaction, tables, delta.userId, delta.counter, delta.mode, delta.value)));
          }
        }
        await insert(transaction, tables, stored, drafts);
      } catch (error) {
        // A fact that does not read is skipped with a log: a throw would stop every user's notifications.
        logger.error(`Skipping event ${stored.type} at position ${stored.position}: ${(error as Error).message}`);
      }
    }
  },
});
