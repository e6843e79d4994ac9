import type { StoredEvent, TransactionHandle } from '@app/event-store';
import {
  DropApplicationApprovedSchema,
  DropApplicationReceivedSchema,
  DropApplicationRejectedSchema,
  DropCreatedSchema,
} from '@app/contracts/drops';
import type { ProjectionTables } from '../../../platform/projections/projection';
import { upsertRows } from '../../../platform/database/upsert-rows';
import type { NotificationDraft } from './notification-draft';

// The notifications of drop applications (received, approved, rejected): they name a drop and an applicant the
// events themselves do not carry, so the projection keeps the drops' and applications' rows it needs.

type Tables = ProjectionTables<'notification_drops' | 'notification_applications'>;

export const DROP_EVENT_TYPES = [
  'DropCreated',
  'DropApplicationReceived',
  'DropApplicationApproved',
  'DropApplicationRejected',
];

export type DropEvent =
  | { type: 'DropCreated'; dropId: string; creatorId: string; title: string }
  | {
      type: 'DropApplicationReceived';
      applicationId: string;
      applicantUserId: string;
      applicantName: string;
      dropId: string;
    }
  | { type: 'DropApplicationApproved' | 'DropApplicationRejected'; applicationId: string; dropId: string };

export function readDropEvent(stored: StoredEvent): DropEvent | null {
  switch (stored.type) {
    case 'DropCreated': {
      const parsed = DropCreatedSchema.safeParse(stored.data);
      return parsed.success
        ? {
            type: 'DropCreated',
            dropId: parsed.data.dropId,
            creatorId: parsed.data.creatorId,
            title: parsed.data.details.title,
          }
        : null;
    }
    case 'DropApplicationReceived': {
      const parsed = DropApplicationReceivedSchema.safeParse(stored.data);
      if (!parsed.success) return null;
      const { applicationId, applicantUserId, applicantName, dropId } = parsed.data;
      return { type: 'DropApplicationReceived', applicationId, applicantUserId, applicantName, dropId };
    }
    case 'DropApplicationApproved':
    case 'DropApplicationRejected': {
      const parsed = (
        stored.type === 'DropApplicationApproved' ? DropApplicationApprovedSchema : DropApplicationRejectedSchema
      ).safeParse(stored.data);
      return parsed.success
        ? { type: stored.type, applicationId: parsed.data.applicationId, dropId: parsed.data.dropId }
        : null;
    }
    default:
      return null;
  }
}

interface DropRow {
  creatorId: string;
  title: string;
}
interface ApplicationRow {
  applicantUserId: string;
  dropId: string;
}

/** Drop and application rows by id: those read before the batch, or written earlier in it. */
export interface DropRows {
  drops: Map<string, DropRow>;
  applications: Map<string, ApplicationRow>;
}

/** The drop and application rows this batch's application events look up, as they were before the batch. */
export async function readDropRows(
  transaction: TransactionHandle,
  tables: Tables,
  dropEvents: DropEvent[],
): Promise<DropRows> {
  const drops = new Map<string, DropRow>();
  const applications = new Map<string, ApplicationRow>();
  const applicationIds = new Set<string>();
  const dropIds = new Set<string>();
  for (const drop of dropEvents) {
    if (drop.type === 'DropApplicationReceived') dropIds.add(drop.dropId);
    if (drop.type === 'DropApplicationApproved' || drop.type === 'DropApplicationRejected')
      applicationIds.add(drop.applicationId);
  }
  if (applicationIds.size > 0) {
    const found = await transaction.query<{ application_id: string; applicant_user_id: string; drop_id: string }>(
      `SELECT application_id, applicant_user_id, drop_id FROM ${tables.notification_applications}
       WHERE application_id = ANY($1::text[])`,
      [[...applicationIds]],
    );
    for (const row of found.rows)
      applications.set(row.application_id, { applicantUserId: row.applicant_user_id, dropId: row.drop_id });
  }
  // An approval shows the title of its application's drop.
  for (const application of applications.values()) dropIds.add(application.dropId);
  if (dropIds.size > 0) {
    const found = await transaction.query<{ drop_id: string; creator_id: string; title: string }>(
      `SELECT drop_id, creator_id, title FROM ${tables.notification_drops} WHERE drop_id = ANY($1::text[])`,
      [[...dropIds]],
    );
    for (const row of found.rows) drops.set(row.drop_id, { creatorId: row.creator_id, title: row.title });
  }
  return { drops, applications };
}

/**
 * Replays one drop event against the rows known so far (read before the batch, or written earlier in it), as the
 * per-event statements did: a row is inserted only if its id is new, and lookups see everything before them.
 */
export function dropDrafts(
  drop: DropEvent,
  drops: Map<string, DropRow>,
  applications: Map<string, ApplicationRow>,
  written: DropRows,
): NotificationDraft[] {
  switch (drop.type) {
    case 'DropCreated': {
      if (!drops.has(drop.dropId)) {
        drops.set(drop.dropId, { creatorId: drop.creatorId, title: drop.title });
        written.drops.set(drop.dropId, { creatorId: drop.creatorId, title: drop.title });
      }
      return [];
    }
    case 'DropApplicationReceived': {
      if (!applications.has(drop.applicationId)) {
        applications.set(drop.applicationId, { applicantUserId: drop.applicantUserId, dropId: drop.dropId });
        written.applications.set(drop.applicationId, { applicantUserId: drop.applicantUserId, dropId: drop.dropId });
      }
      const creator = drops.get(drop.dropId);
      if (!creator) return [];
      return [
        {
          key: `application-received:${drop.applicationId}`,
          userId: creator.creatorId,
          type: 'social',
          title: 'New application',
          message: `${drop.applicantName} applied to "${creator.title}"`,
          data: { application_id: drop.applicationId, drop_id: drop.dropId },
          actionUrl: `/task/${drop.dropId}`,
        },
      ];
    }
    default: {
      const approved = drop.type === 'DropApplicationApproved';
      const application = applications.get(drop.applicationId);
      if (!application) return [];
      const dropTitle = drops.get(application.dropId)?.title;
      const title = dropTitle ? `"${dropTitle}"` : 'a drop';
      return [
        {
          key: `application-${approved ? 'approved' : 'rejected'}:${drop.applicationId}`,
          userId: application.applicantUserId,
          type: approved ? 'system' : 'warning',
          title: approved ? 'Application approved' : 'Application rejected',
          message: approved
            ? `Your application to ${title} was approved: submit your work`
            : `Your application to ${title} was not accepted`,
          data: { application_id: drop.applicationId, drop_id: drop.dropId },
          actionUrl: `/task/${drop.dropId}`,
        },
      ];
    }
  }
}

/** The drop and application rows the batch learnt of (an id already written keeps its row). */
export async function writeDropRows(transaction: TransactionHandle, tables: Tables, written: DropRows): Promise<void> {
  await upsertRows(
    transaction,
    tables.notification_drops,
    { drop_id: 'text', creator_id: 'text', title: 'text' },
    [...written.drops].map(([dropId, drop]) => [dropId, drop.creatorId, drop.title]),
    'ON CONFLICT (drop_id) DO NOTHING',
  );
  await upsertRows(
    transaction,
    tables.notification_applications,
    { application_id: 'text', applicant_user_id: 'text', drop_id: 'text' },
    [...written.applications].map(([applicationId, application]) => [
      applicationId,
      application.applicantUserId,
      application.dropId,
    ]),
    'ON CONFLICT (application_id) DO NOTHING',
  );
}
