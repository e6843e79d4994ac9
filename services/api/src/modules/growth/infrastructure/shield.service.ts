import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  ShieldClaim,
  ShieldEvent,
  ShieldPolicyConfig,
  ShieldPool,
  ShieldSubscription,
} from '@app/contracts/growth';
import type { AppendToStream } from '@app/event-store';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../../ledger';
import { decidePool, type PoolCommand } from '../domain/insurance-pool';
import { decideShield, type ShieldAccountState, type ShieldCommand } from '../domain/shield';
import { insufficientGems, shieldError } from '../growth-refusals';
import { toClaim, toSubscription } from '../growth-views';
import { InsurancePools, ShieldAccounts, poolStreams, shieldStreams } from './growth-streams';

export interface ShieldOutcome {
  subscription: ShieldSubscription | null;
  claim: ShieldClaim | null;
  /** What the command did: the event types it appended. */
  events: string[];
  transactionId: string | null;
}

/**
 * Social Shield commands on the user's shield stream, with the gems the decider moves (`domain/shield.ts`) and its
 * command on the insurance pool's own stream, whose balance bounds what a payout may take, in one append. Demo
 * sandboxes pay into and claim from the demo pool only, so the escrow never exchanges value with both worlds.
 */
@Injectable()
export class ShieldService {
  constructor(
    private readonly accounts: ShieldAccounts,
    private readonly pools: InsurancePools,
    private readonly runner: UseCaseRunner,
  ) {}

  subscribe(
    userId: string,
    policy: ShieldPolicyConfig,
    verifiedFollowers: number,
    pool: ShieldPool,
    now: string,
    idempotency?: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    const subscriptionId = randomUUID();
    const transactionId = newTransactionId();
    const command: ShieldCommand = {
      type: 'Subscribe',
      data: { subscriptionId, policy, verifiedFollowers, pool, transactionId, now },
    };
    return this.execute(userId, command, pool, idempotency);
  }

  /** The monthly step of a due subscription: renewed (premium paid), ended (it was cancelled) or nothing to do. */
  async renew(
    userId: string,
    subscriptionId: string,
    pool: ShieldPool,
    now: string,
    idempotency: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'Renew', data: { subscriptionId, transactionId, now } }, pool, idempotency);
  }

  lapse(
    userId: string,
    subscriptionId: string,
    pool: ShieldPool,
    now: string,
    idempotency: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'Lapse', data: { subscriptionId, now } }, pool, idempotency);
  }

  cancel(
    userId: string,
    subscriptionId: string,
    pool: ShieldPool,
    now: string,
    idempotency?: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'Cancel', data: { subscriptionId, now } }, pool, idempotency);
  }

  fileClaim(
    userId: string,
    claim: Omit<Extract<ShieldCommand, { type: 'FileClaim' }>['data'], 'claimId'>,
    pool: ShieldPool,
    idempotency?: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'FileClaim', data: { ...claim, claimId: randomUUID() } }, pool, idempotency);
  }

  decideClaim(
    userId: string,
    claimId: string,
    pool: ShieldPool,
    decision: { approve: boolean; reason: string; decidedBy: string; now: string },
    idempotency?: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    const transactionId = newTransactionId();
    return this.execute(
      userId,
      { type: 'DecideClaim', data: { claimId, ...decision, transactionId } },
      pool,
      idempotency,
    );
  }

  /** `pool`: the subscription's pool, locked with the user's stream (the decider names the pool its money moves in). */
  private execute(
    userId: string,
    command: ShieldCommand,
    pool: ShieldPool,
    idempotency?: IdempotentRequest,
  ): Promise<ShieldOutcome> {
    return this.runner.run({
      lockKeys: [shieldStreams.streamId(userId), poolStreams.streamId(pool)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.accounts.load(userId, unit.transaction);
        const decision = decideShield(command, loaded.state);
        if (decision.kind === 'refused') throw shieldError(decision.refusal);
        const state = shieldStreams.advance(loaded, decision.events);
        const appends: AppendToStream[] = shieldStreams.appendOf(loaded, decision.events);
        if (decision.poolCommand) appends.push(...(await this.poolAppend(unit, decision.poolCommand)));
        const answer = (posted: string | null) => this.outcome(state, command, decision.events, posted);
        return { appends, money: decision.money, answer };
      },
      moneyRefusal: insufficientGems,
    });
  }

  private async poolAppend(
    unit: UnitOfWork,
    { pool, command }: { pool: ShieldPool; command: PoolCommand },
  ): Promise<AppendToStream[]> {
    const loaded = await this.pools.load(pool, unit.transaction);
    const decision = decidePool(command, loaded.state);
    if (decision.kind === 'refused') throw shieldError(decision.refusal);
    return poolStreams.appendOf(loaded, decision.events);
  }

  private outcome(
    state: ShieldAccountState,
    command: ShieldCommand,
    events: ShieldEvent[],
    transactionId: string | null,
  ): ShieldOutcome {
    const subscriptionId = 'subscriptionId' in command.data ? command.data.subscriptionId : undefined;
    const claimId = 'claimId' in command.data ? command.data.claimId : undefined;
    const subscription = subscriptionId
      ? state.subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId)
      : undefined;
    const claim = claimId ? state.claims.find((candidate) => candidate.claimId === claimId) : undefined;
    return {
      subscription: subscription ? toSubscription(subscription) : null,
      claim: claim ? toClaim(claim, state.userId) : null,
      events: events.map((event) => event.type),
      transactionId,
    };
  }
}
