import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import {
  DropApplicationReceivedSchema,
  DropClosedSchema,
  DropCreatedSchema,
  DropDeletedSchema,
  DropUpdatedSchema,
} from '@app/contracts/drops';
import { UserRegisteredSchema } from '@app/contracts/identity';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';

const logger = new Logger('SearchDropsProjection');
type Tables = ProjectionTables<'search_drops' | 'search_drops_demo_creators'>;

/** The spec's drop_type: paid drops are `paid_content`, the others their category. */
const dropTypeOf = (kind: string, category: string) => (kind === 'paid' ? 'paid_content' : category);

/** A new drop is searchable unless its creator is a demo sandbox. */
async function insertDrop(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  const data = DropCreatedSchema.parse(stored.data);
  await transaction.query(
    `INSERT INTO ${tables.search_drops}
       (drop_id, title, description, drop_type, gem_reward_base_minor, key_cost_minor, status, creator_name,
        created_at)
     SELECT $1, $2, $3, $4, $5, $6, 'active', $7, $8
      WHERE NOT EXISTS (SELECT 1 FROM ${tables.search_drops_demo_creators} WHERE user_id = $9)
     ON CONFLICT (drop_id) DO NOTHING`,
    [
      data.dropId,
      data.details.title,
      data.details.description,
      dropTypeOf(data.kind, data.details.category),
      data.terms.gemRewardBaseMinor,
      data.terms.keyCostMinor,
      data.creatorName,
      data.createdAt,
      data.creatorId,
    ],
  );
}

async function apply(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  switch (stored.type) {
    case 'UserRegistered': {
      // Demo sandboxes' drops are not searchable (a user registers before any drop of theirs; the log is read in
      // order).
      const data = UserRegisteredSchema.parse(stored.data);
      if (!(data.isDemo ?? data.demoPersona !== null)) return;
      await transaction.query(
        `INSERT INTO ${tables.search_drops_demo_creators} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [data.userId],
      );
      return;
    }
    case 'DropCreated':
      return insertDrop(transaction, tables, stored);
    case 'DropUpdated': {
      const data = DropUpdatedSchema.parse(stored.data);
      await transaction.query(
        `UPDATE ${tables.search_drops}
         SET title = $2, description = $3, gem_reward_base_minor = $4, key_cost_minor = $5,
           drop_type = CASE WHEN drop_type = 'paid_content' THEN drop_type ELSE $6 END
         WHERE drop_id = $1`,
        [
          data.dropId,
          data.details.title,
          data.details.description,
          data.terms.gemRewardBaseMinor,
          data.terms.keyCostMinor,
          data.details.category,
        ],
      );
      return;
    }
    case 'DropClosed': {
      const data = DropClosedSchema.parse(stored.data);
      await transaction.query(`UPDATE ${tables.search_drops} SET status = 'completed' WHERE drop_id = $1`, [
        data.dropId,
      ]);
      return;
    }
    case 'DropDeleted': {
      const data = DropDeletedSchema.parse(stored.data);
      await transaction.query(`DELETE FROM ${tables.search_drops} WHERE drop_id = $1`, [data.dropId]);
      return;
    }
    case 'DropApplicationReceived': {
      const data = DropApplicationReceivedSchema.parse(stored.data);
      await transaction.query(
        `UPDATE ${tables.search_drops} SET current_participants = current_participants + 1 WHERE drop_id = $1`,
        [data.dropId],
      );
      return;
    }
  }
}

/** Searchable drops, from the drops context's events. */
export const searchDropsProjection = defineProjection<'search_drops' | 'search_drops_demo_creators'>({
  name: 'search_drops',
  // 2: demo sandboxes' drops left out.
  version: 2,
  tableNames: ['search_drops', 'search_drops_demo_creators'],
  eventTypes: ['UserRegistered', 'DropCreated', 'DropUpdated', 'DropClosed', 'DropDeleted', 'DropApplicationReceived'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.search_drops} (
       drop_id text PRIMARY KEY,
       title text NOT NULL,
       description text NOT NULL,
       drop_type text NOT NULL,
       gem_reward_base_minor bigint NOT NULL,
       key_cost_minor bigint NOT NULL,
       status text NOT NULL,
       creator_name text NOT NULL,
       current_participants integer NOT NULL DEFAULT 0,
       created_at timestamptz NOT NULL
     )`,
    `CREATE TABLE ${tables.search_drops_demo_creators} (user_id text PRIMARY KEY)`,
  ],
  handle: applyReadableEvents(logger, apply),
});
