import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import {
  ProfileUpdatedSchema,
  UserRegisteredSchema,
  UserTierChangedSchema,
  UserTypeChangedSchema,
} from '@app/contracts/identity';
import { ExperienceAwardedSchema } from '@app/contracts/progress';
import { GoldItemPurchasedSchema } from '@app/contracts/shop';
import { InfluenceRewardsRegisteredSchema } from '@app/contracts/rewards';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';

const logger = new Logger('SearchUsersProjection');

type Tables = ProjectionTables<'search_users'>;

async function update(
  transaction: TransactionHandle,
  tables: Tables,
  userId: string,
  assignments: string,
  values: unknown[],
) {
  await transaction.query(`UPDATE ${tables.search_users} SET ${assignments} WHERE user_id = $1`, [userId, ...values]);
}

async function apply(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  switch (stored.type) {
    case 'UserRegistered': {
      const data = UserRegisteredSchema.parse(stored.data);
      // Demo sandboxes are not real users: they are never found by search (their later events update no row).
      if (data.isDemo ?? data.demoPersona !== null) return;
      await transaction.query(
        `INSERT INTO ${tables.search_users} (user_id, username, display_name, user_type, user_tier)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO NOTHING`,
        [data.userId, data.username, data.displayName, data.userType, data.tier],
      );
      return;
    }
    case 'ProfileUpdated': {
      const { userId, changes } = ProfileUpdatedSchema.parse(stored.data);
      if (changes.username !== undefined)
        await update(transaction, tables, userId, 'username = $2', [changes.username]);
      if (changes.displayName !== undefined)
        await update(transaction, tables, userId, 'display_name = $2', [changes.displayName]);
      if (changes.avatarUrl !== undefined)
        await update(transaction, tables, userId, 'avatar_url = $2', [changes.avatarUrl]);
      return;
    }
    case 'UserTierChanged': {
      const data = UserTierChangedSchema.parse(stored.data);
      return update(transaction, tables, data.userId, 'user_tier = $2', [data.tier]);
    }
    case 'UserTypeChanged': {
      const data = UserTypeChangedSchema.parse(stored.data);
      return update(transaction, tables, data.userId, 'user_type = $2', [data.userType]);
    }
    case 'InfluenceRewardsRegistered': {
      const data = InfluenceRewardsRegisteredSchema.parse(stored.data);
      return update(transaction, tables, data.userId, 'follower_count = $2', [data.followerCount]);
    }
    case 'ExperienceAwarded': {
      const data = ExperienceAwardedSchema.parse(stored.data);
      return update(transaction, tables, data.userId, 'xp_points = xp_points + $2', [data.amount]);
    }
    case 'GoldItemPurchased': {
      const data = GoldItemPurchasedSchema.parse(stored.data);
      if (data.itemId !== 'profile_boost_30d' || data.expiresAt === null) return;
      return update(
        transaction,
        tables,
        data.userId,
        'boosted_until = greatest(coalesce(boosted_until, $2::timestamptz), $2::timestamptz)',
        [data.expiresAt],
      );
    }
  }
}

/** Searchable users: names, type, tier, followers, XP (for the level) and a Profile Boost's end. */
export const searchUsersProjection = defineProjection<'search_users'>({
  name: 'search_users',
  // 2: demo sandboxes left out.
  version: 2,
  tableNames: ['search_users'],
  eventTypes: [
    'UserRegistered',
    'ProfileUpdated',
    'UserTierChanged',
    'UserTypeChanged',
    'InfluenceRewardsRegistered',
    'ExperienceAwarded',
    'GoldItemPurchased',
  ],
  createTables: (tables) => [
    `CREATE TABLE ${tables.search_users} (
       user_id text PRIMARY KEY,
       username text NOT NULL,
       display_name text,
       avatar_url text,
       user_type text NOT NULL,
       user_tier text NOT NULL,
       follower_count integer NOT NULL DEFAULT 0,
       xp_points bigint NOT NULL DEFAULT 0,
       boosted_until timestamptz
     )`,
  ],
  handle: applyReadableEvents(logger, apply),
});
