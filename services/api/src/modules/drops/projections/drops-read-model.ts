import { Logger } from '@nestjs/common';
import type { TransactionHandle } from '@app/event-store';
import { DROP_EVENT_TYPES } from '@app/contracts/drops';
import { UserRegisteredSchema } from '@app/contracts/identity';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { DropState, evolve, initialDropState } from '../domain/drop';
import { DropEvent, parseDropEvent } from '../domain/drop-events';
import {
  ApplicationRow,
  DropRow,
  applicationFromRow,
  applicationToRow,
  dropFromRow,
  dropToRow,
} from '../infrastructure/state-json';

const logger = new Logger('DropsReadModel');

type DropTable = 'drops_read' | 'drop_applications_read' | 'drops_demo_users';

/**
 * The drops and applications the lists read: each row holds the folded state (the same `evolve` the write side
 * uses) as jsonb, plus the columns the lists filter and sort on. A batch folds in memory and writes each touched
 * row once. Deleted drops keep their row (flagged), so an application list can still name its drop.
 * `drops_demo_users` lists the demo sandboxes (from identity's `UserRegistered`), so that the lists keep sandbox drops
 * and real drops apart: a user registers before any drop of theirs, and the log is read in order.
 */
export const dropsReadModel = defineProjection<DropTable>({
  name: 'drops_read_model',
  // 3: demo sandboxes listed, so lists keep sandbox drops and real drops apart.
  version: 3,
  tableNames: ['drops_read', 'drop_applications_read', 'drops_demo_users'],
  eventTypes: [...DROP_EVENT_TYPES, 'UserRegistered'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.drops_read} (
       drop_id text PRIMARY KEY,
       creator_id text NOT NULL,
       kind text NOT NULL,
       deleted boolean NOT NULL,
       created_at timestamptz NOT NULL,
       state jsonb NOT NULL
     )`,
    `CREATE INDEX ON ${tables.drops_read} (created_at DESC) WHERE NOT deleted`,
    `CREATE INDEX ON ${tables.drops_read} (creator_id)`,
    `CREATE TABLE ${tables.drop_applications_read} (
       application_id text PRIMARY KEY,
       drop_id text NOT NULL,
       applicant_user_id text NOT NULL,
       status text NOT NULL,
       applied_at timestamptz NOT NULL,
       state jsonb NOT NULL
     )`,
    `CREATE INDEX ON ${tables.drop_applications_read} (drop_id, applied_at)`,
    `CREATE INDEX ON ${tables.drop_applications_read} (applicant_user_id, applied_at DESC)`,
    // owner_user_id: the demo login a sandbox was created for (a demo creator's companion advertiser), else null.
    `CREATE TABLE ${tables.drops_demo_users} (user_id text PRIMARY KEY, owner_user_id text)`,
    `CREATE INDEX ON ${tables.drops_demo_users} (owner_user_id) WHERE owner_user_id IS NOT NULL`,
  ],
  handle: async (events, transaction, tables) => {
    const drops = new Map<string, DropState>();
    const touchedApplications = new Set<string>();
    for (const stored of events) {
      if (stored.type === 'UserRegistered') {
        const registered = UserRegisteredSchema.safeParse(stored.data);
        if (!registered.success) logger.error(`Skipping unreadable UserRegistered at position ${stored.position}`);
        else if (registered.data.isDemo ?? registered.data.demoPersona !== null) {
          await transaction.query(
            `INSERT INTO ${tables.drops_demo_users} (user_id, owner_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            [registered.data.userId, registered.data.demoOwnerUserId ?? null],
          );
        }
        continue;
      }
      let event: DropEvent;
      try {
        event = parseDropEvent(stored);
      } catch (error) {
        logger.error(`Skipping unreadable drop event at position ${stored.position}: ${(error as Error).message}`);
        continue;
      }
      const dropId = event.data.dropId;
      let state = drops.get(dropId) ?? (await loadDrop(transaction, tables, dropId));
      const applicationIds =
        'applicationId' in event.data
          ? [event.data.applicationId]
          : event.type === 'DropDeleted'
            ? event.data.declinedApplicationIds
            : [];
      for (const applicationId of applicationIds) {
        if (event.type === 'DropApplicationReceived' || state.applications[applicationId]) continue;
        const application = await loadApplication(transaction, tables, applicationId);
        if (application) state = { ...state, applications: { ...state.applications, [applicationId]: application } };
      }
      drops.set(dropId, evolve(state, event));
      for (const applicationId of applicationIds) touchedApplications.add(`${dropId}|${applicationId}`);
    }
    for (const state of drops.values()) {
      if (!state.exists) continue;
      await transaction.query(
        `INSERT INTO ${tables.drops_read} (drop_id, creator_id, kind, deleted, created_at, state)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (drop_id) DO UPDATE SET deleted = excluded.deleted, state = excluded.state`,
        [state.dropId, state.creatorId, state.kind, state.deleted, state.createdAt, JSON.stringify(dropToRow(state))],
      );
    }
    for (const key of touchedApplications) {
      const [dropId, applicationId] = key.split('|');
      const application = drops.get(dropId)?.applications[applicationId];
      if (!application) continue;
      await transaction.query(
        `INSERT INTO ${tables.drop_applications_read} (application_id, drop_id, applicant_user_id, status, applied_at,
         state)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET status = excluded.status, state = excluded.state`,
        [
          applicationId,
          dropId,
          application.applicantUserId,
          application.status,
          application.appliedAt,
          JSON.stringify(applicationToRow(application)),
        ],
      );
    }
  },
});

async function loadDrop(
  transaction: TransactionHandle,
  tables: ProjectionTables<DropTable>,
  dropId: string,
): Promise<DropState> {
  const result = await transaction.query<{ state: DropRow }>(
    `SELECT state FROM ${tables.drops_read} WHERE drop_id = $1`,
    [dropId],
  );
  return result.rows[0] ? dropFromRow(result.rows[0].state) : initialDropState(dropId);
}

async function loadApplication(
  transaction: TransactionHandle,
  tables: ProjectionTables<DropTable>,
  applicationId: string,
) {
  const result = await transaction.query<{ state: ApplicationRow }>(
    `SELECT state FROM ${tables.drop_applications_read} WHERE application_id = $1`,
    [applicationId],
  );
  return result.rows[0] ? applicationFromRow(result.rows[0].state) : null;
}
