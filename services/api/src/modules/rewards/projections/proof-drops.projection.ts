import { Logger } from '@nestjs/common';
import { DROP_APPLICATION_COMPLETED, DropApplicationCompletedSchema } from '@app/contracts/drops';
import { defineProjection } from '../../../platform/projections/projection';
import { utcDayOf } from '../domain/calendar';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';

const logger = new Logger('RewardsProofDrops');

/**
 * Completed proof-drop applications per user and UTC day, from the drops context's `DropApplicationCompleted`
 * events: what the master key counts. One row per application, so a replayed event cannot count twice.
 */
export const proofDropCompletionsProjection = defineProjection<'rewards_proof_drop_completions'>({
  name: 'rewards_proof_drop_completions',
  version: 1,
  tableNames: ['rewards_proof_drop_completions'],
  eventTypes: [DROP_APPLICATION_COMPLETED],
  createTables: (tables) => [
    `CREATE TABLE ${tables.rewards_proof_drop_completions} (
       application_id text PRIMARY KEY,
       user_id text NOT NULL,
       drop_id text NOT NULL,
       utc_day text NOT NULL,
       completed_at timestamptz NOT NULL
     )`,
    `CREATE INDEX ON ${tables.rewards_proof_drop_completions} (user_id, utc_day)`,
  ],
  // An unreadable payload is logged and skipped; a database error rolls the batch back.
  handle: applyReadableEvents(logger, async (transaction, tables, stored) => {
    const data = DropApplicationCompletedSchema.parse(stored.data);
    if (data.dropType !== 'proof') return;
    await transaction.query(
      `INSERT INTO ${tables.rewards_proof_drop_completions} (application_id, user_id, drop_id, utc_day, completed_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (application_id) DO NOTHING`,
      [data.applicationId, data.applicantUserId, data.dropId, utcDayOf(data.completedAt), data.completedAt],
    );
  }),
});
