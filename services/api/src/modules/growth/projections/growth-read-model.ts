import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { PROJECT_EVENT_SCHEMAS, STAKING_EVENT_SCHEMAS } from '@app/contracts/growth';
import { upsertRows } from '../../../platform/database/upsert-rows';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { SYSTEM_ACCOUNTS, readTransactionCopy } from '../../ledger';
import {
  GROWTH_EVENT_TYPES,
  parsePoolEvent,
  parseProjectEvent,
  parseShieldEvent,
  parseStakingEvent,
} from '../infrastructure/growth-streams';

const logger = new Logger('GrowthReadModel');
const STAKING_TYPES = new Set(Object.keys(STAKING_EVENT_SCHEMAS));
const PROJECT_TYPES = new Set(Object.keys(PROJECT_EVENT_SCHEMAS));

type GrowthTable =
  | 'growth_positions'
  | 'growth_projects'
  | 'growth_pledges'
  | 'growth_subscriptions'
  | 'growth_claims'
  | 'growth_totals'
  | 'growth_issued';

/**
 * The Growth Hub's eventual read model: positions (channel participant_count / total_deposited, the accrual job's
 * candidates), projects and pledges (amount_raised, backer_count, the settlement job's candidates), subscriptions
 * and claims (the renewal job's candidates, the admins' claim list) and the Platform Economy totals, including
 * everything issued out of `system:issuance` per currency. Commands never decide on it: jobs only pick candidates
 * here and decide on the streams.
 */
export const growthReadModel = defineProjection<GrowthTable>({
  name: 'growth_read_model',
  version: 1,
  tableNames: [
    'growth_positions',
    'growth_projects',
    'growth_pledges',
    'growth_subscriptions',
    'growth_claims',
    'growth_totals',
    'growth_issued',
  ],
  eventTypes: [...GROWTH_EVENT_TYPES, 'LedgerTransactionPosted'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.growth_positions} (
       position_id text PRIMARY KEY, user_id text NOT NULL, channel_id text NOT NULL, amount_minor bigint NOT NULL,
       earned_minor bigint NOT NULL DEFAULT 0, lock_days int NOT NULL, accrued_through int NOT NULL DEFAULT 0,
       staked_at timestamptz NOT NULL, lock_until timestamptz NOT NULL, withdrawn boolean NOT NULL DEFAULT false)`,
    `CREATE INDEX ON ${tables.growth_positions} (channel_id) WHERE NOT withdrawn`,
    `CREATE TABLE ${tables.growth_projects} (
       project_id text PRIMARY KEY, creator_id text NOT NULL, creator_is_demo boolean NOT NULL,
       created_at timestamptz NOT NULL, deadline timestamptz NOT NULL, settled text,
       raised_minor bigint NOT NULL DEFAULT 0, created jsonb NOT NULL)`,
    `CREATE INDEX ON ${tables.growth_projects} (deadline) WHERE settled IS NULL`,
    `CREATE TABLE ${tables.growth_pledges} (
       pledge_id text PRIMARY KEY, project_id text NOT NULL, backer_id text NOT NULL, amount_minor bigint NOT NULL,
       tier_id text, pledged_at timestamptz NOT NULL, status text NOT NULL)`,
    `CREATE INDEX ON ${tables.growth_pledges} (project_id)`,
    `CREATE INDEX ON ${tables.growth_pledges} (backer_id, pledged_at DESC)`,
    `CREATE TABLE ${tables.growth_subscriptions} (
       subscription_id text PRIMARY KEY, user_id text NOT NULL, pool text NOT NULL, status text NOT NULL,
       period_end timestamptz NOT NULL, coverage_minor bigint NOT NULL)`,
    `CREATE INDEX ON ${tables.growth_subscriptions} (period_end) WHERE status IN ('active', 'cancelled')`,
    `CREATE TABLE ${tables.growth_claims} (
       claim_id text PRIMARY KEY, user_id text NOT NULL, status text NOT NULL, filed_at timestamptz NOT NULL)`,
    `CREATE TABLE ${tables.growth_totals} (name text PRIMARY KEY, amount_minor bigint NOT NULL)`,
    `CREATE TABLE ${tables.growth_issued} (currency text PRIMARY KEY, amount_minor bigint NOT NULL)`,
  ],
  handle: async (events, transaction, tables) => {
    // Every points reward is issued out of system:issuance: one upsert per batch, not one statement per event.
    const ledger = events.filter((stored) => stored.type === 'LedgerTransactionPosted');
    await addIssued(transaction, tables, issuedByCurrency(ledger));
    await applyOthers(
      events.filter((stored) => stored.type !== 'LedgerTransactionPosted'),
      transaction,
      tables,
    );
  },
});

const applyOthers = applyReadableEvents(logger, apply);

/** What the batch's ledger transactions issued out of `system:issuance`, per currency. */
export function issuedByCurrency(ledgerEvents: readonly StoredEvent[]): Map<string, bigint> {
  const issued = new Map<string, bigint>();
  for (const stored of ledgerEvents) {
    const copy = readTransactionCopy(stored);
    if (copy === null || copy === 'unreadable') continue;
    for (const leg of copy.legs) {
      if (leg.accountId !== SYSTEM_ACCOUNTS.issuance || leg.side !== 'debit') continue;
      issued.set(leg.currency, (issued.get(leg.currency) ?? 0n) + leg.amountMinor);
    }
  }
  return issued;
}

const addIssued = (
  transaction: TransactionHandle,
  tables: ProjectionTables<GrowthTable>,
  issued: ReadonlyMap<string, bigint>,
) =>
  upsertRows(
    transaction,
    tables.growth_issued,
    { currency: 'text', amount_minor: 'bigint' },
    [...issued].map(([currency, amountMinor]) => [currency, amountMinor.toString()]),
    'ON CONFLICT (currency) DO UPDATE SET amount_minor = target.amount_minor + excluded.amount_minor',
  );

const addTotal = (
  transaction: TransactionHandle,
  tables: ProjectionTables<GrowthTable>,
  name: string,
  amountMinor: string | bigint,
) =>
  transaction.query(
    `INSERT INTO ${tables.growth_totals} (name, amount_minor) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET amount_minor = ${tables.growth_totals}.amount_minor + excluded.amount_minor`,
    [name, String(amountMinor)],
  );

type Tables = ProjectionTables<GrowthTable>;

async function apply(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  if (STAKING_TYPES.has(stored.type)) return applyStaking(transaction, tables, stored);
  if (PROJECT_TYPES.has(stored.type)) return applyProject(transaction, tables, stored);
  if (stored.type === 'PoolPremiumReceived' || stored.type === 'PoolClaimPaid') {
    const event = parsePoolEvent(stored);
    await addTotal(
      transaction,
      tables,
      event.type === 'PoolPremiumReceived' ? 'premiums' : 'claims_paid',
      event.data.amountMinor,
    );
    return;
  }
  return applyShield(transaction, tables, stored);
}

async function applyStaking(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  const event = parseStakingEvent(stored);
  switch (event.type) {
    case 'StakePlaced': {
      const data = event.data;
      await transaction.query(
        `INSERT INTO ${tables.growth_positions}
                (position_id, user_id, channel_id, amount_minor, lock_days, staked_at, lock_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [data.positionId, data.userId, data.channelId, data.amountMinor, data.lockDays, data.stakedAt, data.lockUntil],
      );
      return;
    }
    case 'StakeRewardAccrued':
      await transaction.query(
        `UPDATE ${tables.growth_positions} SET earned_minor = earned_minor + $2, accrued_through = $3
          WHERE position_id = $1`,
        [event.data.positionId, event.data.amountMinor, event.data.toDay],
      );
      await addTotal(transaction, tables, 'staking_rewards', event.data.amountMinor);
      return;
    case 'StakeWithdrawn':
      await transaction.query(`UPDATE ${tables.growth_positions} SET withdrawn = true WHERE position_id = $1`, [
        event.data.positionId,
      ]);
      return;
  }
}

async function applyProject(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  const event = parseProjectEvent(stored);
  switch (event.type) {
    case 'ProjectCreated':
      await transaction.query(
        `INSERT INTO ${tables.growth_projects} (project_id, creator_id, creator_is_demo, created_at, deadline, created)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING`,
        [
          event.data.projectId,
          event.data.creatorId,
          event.data.creatorIsDemo,
          event.data.createdAt,
          event.data.deadline,
          JSON.stringify(event.data),
        ],
      );
      return;
    case 'PledgeMade':
      await transaction.query(
        `INSERT INTO ${tables.growth_pledges}
                (pledge_id, project_id, backer_id, amount_minor, tier_id, pledged_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'held') ON CONFLICT DO NOTHING`,
        [
          event.data.pledgeId,
          event.data.projectId,
          event.data.backerId,
          event.data.amountMinor,
          event.data.tierId,
          event.data.pledgedAt,
        ],
      );
      await transaction.query(
        `UPDATE ${tables.growth_projects} SET raised_minor = raised_minor + $2 WHERE project_id = $1`,
        [event.data.projectId, event.data.amountMinor],
      );
      return;
    case 'ProjectSettled':
      await transaction.query(`UPDATE ${tables.growth_projects} SET settled = $2 WHERE project_id = $1`, [
        event.data.projectId,
        event.data.outcome,
      ]);
      await transaction.query(`UPDATE ${tables.growth_pledges} SET status = $2 WHERE project_id = $1`, [
        event.data.projectId,
        event.data.outcome === 'funded' ? 'paid_to_creator' : 'returned',
      ]);
      if (event.data.outcome === 'funded') await addTotal(transaction, tables, 'funded', event.data.raisedMinor);
      return;
  }
}

async function applyShield(transaction: TransactionHandle, tables: Tables, stored: StoredEvent): Promise<void> {
  const event = parseShieldEvent(stored);
  switch (event.type) {
    case 'ShieldSubscribed':
      await transaction.query(
        `INSERT INTO ${tables.growth_subscriptions}
                (subscription_id, user_id, pool, status, period_end, coverage_minor)
         VALUES ($1, $2, $3, 'active', $4, $5) ON CONFLICT DO NOTHING`,
        [
          event.data.subscriptionId,
          event.data.userId,
          event.data.pool,
          event.data.periodEnd,
          event.data.policy.coverageMinor,
        ],
      );
      return;
    case 'ShieldRenewed':
      await transaction.query(`UPDATE ${tables.growth_subscriptions} SET period_end = $2 WHERE subscription_id = $1`, [
        event.data.subscriptionId,
        event.data.periodEnd,
      ]);
      return;
    case 'ShieldLapsed':
    case 'ShieldCancelled':
    case 'ShieldEnded': {
      const status =
        event.type === 'ShieldLapsed' ? 'lapsed' : event.type === 'ShieldCancelled' ? 'cancelled' : 'ended';
      await transaction.query(`UPDATE ${tables.growth_subscriptions} SET status = $2 WHERE subscription_id = $1`, [
        event.data.subscriptionId,
        status,
      ]);
      return;
    }
    case 'ShieldClaimFiled':
      await transaction.query(
        `INSERT INTO ${tables.growth_claims} (claim_id, user_id, status, filed_at)
         VALUES ($1, $2, 'pending', $3) ON CONFLICT DO NOTHING`,
        [event.data.claimId, event.data.userId, event.data.filedAt],
      );
      return;
    case 'ShieldClaimApproved':
    case 'ShieldClaimRejected':
      await transaction.query(`UPDATE ${tables.growth_claims} SET status = $2 WHERE claim_id = $1`, [
        event.data.claimId,
        event.type === 'ShieldClaimApproved' ? 'approved' : 'rejected',
      ]);
      return;
  }
}
