import {
  GROWTH_STREAM_PREFIXES,
  POOL_EVENT_SCHEMAS,
  PROJECT_EVENT_SCHEMAS,
  SHIELD_EVENT_SCHEMAS,
  STAKING_EVENT_SCHEMAS,
  type PoolEvent,
  type ProjectEvent,
  type ShieldEvent,
  type StakingEvent,
} from '@app/contracts/growth';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveProject, initialProject } from '../domain/funding';
import { evolvePool, initialPool } from '../domain/insurance-pool';
import { evolveShield, initialShieldAccount } from '../domain/shield';
import { evolveStaking, initialStakingAccount } from '../domain/staking';

export const parseStakingEvent = eventParser<StakingEvent>(STAKING_EVENT_SCHEMAS, 'staking');
export const parseProjectEvent = eventParser<ProjectEvent>(PROJECT_EVENT_SCHEMAS, 'funding project');
export const parseShieldEvent = eventParser<ShieldEvent>(SHIELD_EVENT_SCHEMAS, 'shield');
export const parsePoolEvent = eventParser<PoolEvent>(POOL_EVENT_SCHEMAS, 'insurance pool');

export const stakingStreams = new AggregateStreams({
  streamPrefix: GROWTH_STREAM_PREFIXES.staking,
  initial: initialStakingAccount,
  evolve: evolveStaking,
  parse: parseStakingEvent,
});
export const projectStreams = new AggregateStreams({
  streamPrefix: GROWTH_STREAM_PREFIXES.project,
  initial: initialProject,
  evolve: evolveProject,
  parse: parseProjectEvent,
});
export const shieldStreams = new AggregateStreams({
  streamPrefix: GROWTH_STREAM_PREFIXES.shield,
  initial: initialShieldAccount,
  evolve: evolveShield,
  parse: parseShieldEvent,
});
export const poolStreams = new AggregateStreams({
  streamPrefix: GROWTH_STREAM_PREFIXES.pool,
  initial: initialPool,
  evolve: evolvePool,
  parse: parsePoolEvent,
});

export class StakingAccounts extends AggregateReader(stakingStreams) {}
export class FundingProjects extends AggregateReader(projectStreams) {}
export class ShieldAccounts extends AggregateReader(shieldStreams) {}
export class InsurancePools extends AggregateReader(poolStreams) {}

export const GROWTH_EVENT_TYPES = [
  ...Object.keys(STAKING_EVENT_SCHEMAS),
  ...Object.keys(PROJECT_EVENT_SCHEMAS),
  ...Object.keys(SHIELD_EVENT_SCHEMAS),
  ...Object.keys(POOL_EVENT_SCHEMAS),
];
