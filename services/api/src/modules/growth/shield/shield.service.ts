import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ShieldClaim, ShieldEvent, ShieldPolicyConfig, ShieldPool, ShieldSubscription } from '@app/contracts/growth';
import type { AppendToStream } from '@app/event-store';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { escrowAccount, newTransactionId, userAccount } from '../../ledger';
import { decidePool, decideShield, type ShieldAccountState, type ShieldCommand } from '../domain/shield';
import { insufficientGems, shieldError } from '../growth-errors';
import { toClaim, toSubscription } from '../growth-views';
import { InsurancePools, ShieldAccounts, poolStreams, shieldStreams } from '../infrastructure/growth-streams';

export interface ShieldOutcome {
  subscription: ShieldSubscription | null;
  claim: ShieldClaim | null;
  /** What the command did: the event types it appended. */
  events: string[];
  transactionId: string | null;
}

type PoolMove = { pool: ShieldPool; direction: 'in' | 'out'; amountMinor: bigint; reference: string; reasonText: string };

/**
 * Social Shield commands on the user's shield stream. Premiums move user → `escrow:insurance:<real|demo>`
 * (SHIELD_PREMIUM) and an approved claim's payout moves back out of it (SHIELD_PAYOUT); each also appends to the
 * pool's own stream, whose balance bounds what a payout may take. Demo sandboxes pay into and claim from the demo
 * pool only, so the escrow never exchanges value with both worlds.
 */
@Injectable()
export class ShieldService {
  constructor(
    private readonly accounts: ShieldAccounts,
    private readonly pools: InsurancePools,
    private readonly runner: UseCaseRunner,
  ) {}

  subscribe(userId: string, policy: ShieldPolicyConfig, verifiedFollowers: number, pool: ShieldPool, now: string, idempotency?: IdempotentRequest): Promise<ShieldOutcome> {
    const subscriptionId = randomUUID();
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'Subscribe', data: { subscriptionId, policy, verifiedFollowers, pool, transactionId, now } }, idempotency, pool, (events) => {
      const subscribed = events.find((event) => event.type === 'ShieldSubscribed');
      return subscribed ? { pool, direction: 'in', amountMinor: BigInt(subscribed.data.policy.premiumMinor), reference: subscriptionId, reasonText: `Social Shield premium: ${policy.name}` } : null;
    }, transactionId);
  }

  /** The monthly step of a due subscription: renewed (premium paid), ended (it was cancelled) or nothing to do. */
  async renew(userId: string, subscriptionId: string, pool: ShieldPool, now: string, idempotency: IdempotentRequest): Promise<ShieldOutcome> {
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'Renew', data: { subscriptionId, transactionId, now } }, idempotency, pool, (events) => {
      const renewed = events.find((event) => event.type === 'ShieldRenewed');
      return renewed ? { pool, direction: 'in', amountMinor: BigInt(renewed.data.premiumMinor), reference: subscriptionId, reasonText: 'Social Shield monthly premium' } : null;
    }, transactionId);
  }

  lapse(userId: string, subscriptionId: string, pool: ShieldPool, now: string, idempotency: IdempotentRequest): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'Lapse', data: { subscriptionId, now } }, idempotency, pool, () => null, null);
  }

  cancel(userId: string, subscriptionId: string, pool: ShieldPool, now: string, idempotency?: IdempotentRequest): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'Cancel', data: { subscriptionId, now } }, idempotency, pool, () => null, null);
  }

  fileClaim(userId: string, claim: Omit<Extract<ShieldCommand, { type: 'FileClaim' }>['data'], 'claimId'>, pool: ShieldPool, idempotency?: IdempotentRequest): Promise<ShieldOutcome> {
    return this.execute(userId, { type: 'FileClaim', data: { ...claim, claimId: randomUUID() } }, idempotency, pool, () => null, null);
  }

  decideClaim(userId: string, claimId: string, pool: ShieldPool, decision: { approve: boolean; reason: string; decidedBy: string; now: string }, idempotency?: IdempotentRequest): Promise<ShieldOutcome> {
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'DecideClaim', data: { claimId, ...decision, transactionId } }, idempotency, pool, (events) => {
      const approved = events.find((event) => event.type === 'ShieldClaimApproved');
      return approved ? { pool, direction: 'out', amountMinor: BigInt(approved.data.payoutMinor), reference: claimId, reasonText: 'Social Shield claim payout' } : null;
    }, transactionId);
  }

  private execute(
    userId: string,
    command: ShieldCommand,
    idempotency: IdempotentRequest | undefined,
    pool: ShieldPool,
    poolMove: (events: ShieldEvent[]) => PoolMove | null,
    transactionId: string | null,
  ): Promise<ShieldOutcome> {
    const now = command.data.now;
    const poolStreamId = poolStreams.streamId(pool);
    return this.runner.run({
      lockKeys: [shieldStreams.streamId(userId), poolStreamId],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.accounts.load(userId, unit.transaction);
        const decision = decideShield(command, loaded.state);
        if (decision.kind === 'refused') throw shieldError(decision.refusal);
        const state = shieldStreams.advance(loaded, decision.events);
        const appends: AppendToStream[] = shieldStreams.appendOf(loaded, decision.events);
        const move = poolMove(decision.events);
        let money: MoneyMovement | null = null;
        if (move && transactionId) {
          appends.push(...(await this.poolAppend(unit, move, transactionId, now)));
          const escrow = escrowAccount('insurance', move.pool);
          const user = userAccount(userId);
          money = {
            transactionId,
            reasonCode: move.direction === 'in' ? 'SHIELD_PREMIUM' : 'SHIELD_PAYOUT',
            description: move.reasonText,
            now,
            postings: [{ debitAccount: move.direction === 'in' ? user : escrow, creditAccount: move.direction === 'in' ? escrow : user, currency: 'gems', amountMinor: move.amountMinor }],
            references: { reference: move.reference },
          };
        }
        return { appends, money, answer: (posted) => this.outcome(state, command, decision.events, posted) };
      },
      moneyRefusal: insufficientGems,
    });
  }

  private async poolAppend(unit: UnitOfWork, move: PoolMove, transactionId: string, now: string): Promise<AppendToStream[]> {
    const loaded = await this.pools.load(move.pool, unit.transaction);
    const decision = decidePool(
      move.direction === 'in'
        ? { type: 'ReceivePremium', data: { subscriptionId: move.reference, amountMinor: move.amountMinor, transactionId, now } }
        : { type: 'PayClaim', data: { claimId: move.reference, amountMinor: move.amountMinor, transactionId, now } },
      loaded.state,
    );
    if (decision.kind === 'refused') throw shieldError(decision.refusal);
    return poolStreams.appendOf(loaded, decision.events);
  }

  private outcome(state: ShieldAccountState, command: ShieldCommand, events: ShieldEvent[], transactionId: string | null): ShieldOutcome {
    const subscriptionId = 'subscriptionId' in command.data ? command.data.subscriptionId : undefined;
    const claimId = 'claimId' in command.data ? command.data.claimId : undefined;
    const subscription = subscriptionId ? state.subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId) : undefined;
    const claim = claimId ? state.claims.find((candidate) => candidate.claimId === claimId) : undefined;
    return {
      subscription: subscription ? toSubscription(subscription) : null,
      claim: claim ? toClaim(claim, state.userId) : null,
      events: events.map((event) => event.type),
      transactionId,
    };
  }
}
