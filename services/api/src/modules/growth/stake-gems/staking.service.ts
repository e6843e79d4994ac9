import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { GrowthChannelConfig, StakingPosition } from '@app/contracts/growth';
import type { IdempotentRequest } from '../../../platform/idempotency/idempotency.service';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../../ledger';
import { decideStaking, type StakingCommand } from '../domain/staking';
import { insufficientGems, stakingError } from '../growth-refusals';
import { toPosition } from '../growth-views';
import { StakingAccounts, stakingStreams } from '../infrastructure/growth-streams';

export interface StakeOutcome {
  position: StakingPosition;
  transactionId: string | null;
}

/** A step of a job or the accrual before a withdrawal: never under the request's Idempotency-Key. */
export const UNKEYED: IdempotentRequest = { scope: 'unkeyed', key: undefined, body: null };

/**
 * Staking commands through the use-case runner: the user's staking stream and the gems the decider moves
 * (`domain/staking.ts`) in one append. Ids and time are fixed here, outside the unit of work.
 */
@Injectable()
export class StakingService {
  constructor(
    private readonly accounts: StakingAccounts,
    private readonly runner: UseCaseRunner,
  ) {}

  stake(
    userId: string,
    channel: GrowthChannelConfig,
    amountMinor: bigint,
    now: string,
    idempotency?: IdempotentRequest,
  ): Promise<StakeOutcome> {
    const positionId = randomUUID();
    const transactionId = newTransactionId();
    return this.execute(
      userId,
      { type: 'PlaceStake', data: { positionId, channel, amountMinor, transactionId, now } },
      idempotency,
    );
  }

  /** Credits every lock day due at `now` and not yet credited; nothing when none is (a retried day pays once). */
  accrue(userId: string, positionId: string, now: string): Promise<StakeOutcome> {
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'AccrueStakeRewards', data: { positionId, transactionId, now } }, UNKEYED);
  }

  async withdraw(
    userId: string,
    positionId: string,
    now: string,
    idempotency?: IdempotentRequest,
  ): Promise<StakeOutcome> {
    // Days the job has not reached yet are credited first (its own unit; a refusal below leaves them credited, which is
    // owed anyway).
    await this.accrue(userId, positionId, now);
    const transactionId = newTransactionId();
    return this.execute(userId, { type: 'WithdrawStake', data: { positionId, transactionId, now } }, idempotency);
  }

  private execute(userId: string, command: StakingCommand, idempotency?: IdempotentRequest): Promise<StakeOutcome> {
    const { positionId, now } = command.data;
    return this.runner.run({
      lockKeys: [stakingStreams.streamId(userId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.accounts.load(userId, unit.transaction);
        const decision = decideStaking(command, loaded.state);
        if (decision.kind === 'refused') throw stakingError(decision.refusal);
        const position = stakingStreams.advance(loaded, decision.events).positions.get(positionId)!;
        return {
          appends: stakingStreams.appendOf(loaded, decision.events),
          money: decision.money,
          // The answer is stored under the Idempotency-Key: JSON only.
          answer: (transactionId) => ({ position: toPosition(position, now), transactionId }),
        };
      },
      moneyRefusal: insufficientGems,
    });
  }
}
