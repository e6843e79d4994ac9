import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { GrowthChannelConfig, StakingEvent, StakingPosition } from '@app/contracts/growth';
import type { IdempotentRequest } from '../../../platform/idempotency/idempotency.service';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { SYSTEM_ACCOUNTS, escrowAccount, newTransactionId, userAccount } from '../../ledger';
import { decideStaking, type StakePosition, type StakingCommand } from '../domain/staking';
import { insufficientGems, stakingError } from '../growth-errors';
import { toPosition } from '../growth-views';
import { StakingAccounts, stakingStreams } from '../infrastructure/growth-streams';

export interface StakeOutcome {
  position: StakingPosition;
  transactionId: string | null;
}

/** A step of a job or the accrual before a withdrawal: never under the request's Idempotency-Key. */
export const UNKEYED: IdempotentRequest = { scope: 'unkeyed', key: undefined, body: null };

/**
 * Staking commands through the use-case runner: the user's staking stream and the ledger's postings in one append.
 * Stake: user → `escrow:stake:<position>`; a day's reward: `system:issuance` → that escrow (STAKING_REWARD, bounded
 * by the position's fixed total); withdrawal: the escrow's stake and rewards → the user (STAKE).
 */
@Injectable()
export class StakingService {
  constructor(
    private readonly accounts: StakingAccounts,
    private readonly runner: UseCaseRunner,
  ) {}

  stake(userId: string, channel: GrowthChannelConfig, amountMinor: bigint, now: string, idempotency?: IdempotentRequest): Promise<StakeOutcome> {
    const positionId = randomUUID();
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'PlaceStake', data: { positionId, channel, amountMinor, transactionId, now } }, idempotency, (position) => ({
      transactionId,
      reasonCode: 'STAKE',
      description: `Stake in ${channel.name}`,
      now,
      postings: [{ debitAccount: userAccount(userId), creditAccount: escrowAccount('stake', positionId), currency: 'gems', amountMinor: position.amountMinor }],
      references: { positionId, channelId: channel.id },
    }));
  }

  /** Credits every lock day due at `now` and not yet credited; nothing when none is (a retried day pays once). */
  accrue(userId: string, positionId: string, now: string): Promise<StakeOutcome> {
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'AccrueStakeRewards', data: { positionId, transactionId, now } }, UNKEYED, (_position, events) => {
      const accrued = events.find((event) => event.type === 'StakeRewardAccrued');
      if (!accrued || BigInt(accrued.data.amountMinor) === 0n) return null;
      return {
        transactionId,
        reasonCode: 'STAKING_REWARD',
        description: `Staking reward, days ${accrued.data.fromDay}–${accrued.data.toDay}`,
        now,
        postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: escrowAccount('stake', positionId), currency: 'gems', amountMinor: BigInt(accrued.data.amountMinor) }],
        references: { positionId, fromDay: String(accrued.data.fromDay), toDay: String(accrued.data.toDay) },
      };
    });
  }

  async withdraw(userId: string, positionId: string, now: string, idempotency?: IdempotentRequest): Promise<StakeOutcome> {
    // Days the job has not reached yet are credited first (its own unit; a refusal below leaves them credited, which is owed anyway).
    await this.accrue(userId, positionId, now);
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'WithdrawStake', data: { positionId, transactionId, now } }, idempotency, (position) => ({
      transactionId,
      reasonCode: 'STAKE',
      description: `Stake returned from ${position.channelName} with rewards`,
      now,
      postings: [{ debitAccount: escrowAccount('stake', positionId), creditAccount: userAccount(userId), currency: 'gems', amountMinor: position.amountMinor + position.earnedMinor }],
      references: { positionId },
    }));
  }

  private execute(
    userId: string,
    command: StakingCommand,
    idempotency: IdempotentRequest | undefined,
    money: (position: StakePosition, events: StakingEvent[]) => MoneyMovement | null,
  ): Promise<StakeOutcome> {
    const { positionId, now } = command.data;
    return this.runner.run({
      lockKeys: [stakingStreams.streamId(userId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.accounts.load(userId, unit.transaction);
        const decision = decideStaking(command, loaded.state);
        if (decision.kind === 'refused') throw stakingError(decision.refusal);
        const state = stakingStreams.advance(loaded, decision.events);
        const position = state.positions.get(positionId)!;
        // Before the change: what the escrow held (a withdrawal pays it out), after: the new position.
        const movement = money(command.type === 'WithdrawStake' ? loaded.state.positions.get(positionId)! : position, decision.events);
        return {
          appends: stakingStreams.appendOf(loaded, decision.events),
          money: movement,
          // The answer is stored under the Idempotency-Key: JSON only.
          answer: (transactionId) => ({ position: toPosition(position, now), transactionId }),
        };
      },
      moneyRefusal: insufficientGems,
    });
  }
}
