import { Injectable } from '@nestjs/common';
import type { AppendToStream } from '@app/event-store';
import type { RewardsEvent } from '@app/contracts/rewards';
import type { ApiError } from '../../../platform/http/api-error';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { decide, type RewardsAccountState, type RewardsCommand, type RewardsRefusal } from '../domain/rewards-account';
import { rewardsRefusalToApiError } from '../rewards-refusals';
import { RewardsAccounts, rewardsAccountStreams } from './rewards-accounts';

export interface RewardsCommandRequest<Body> {
  userId: string;
  /**
   * The command, with fresh ids and time fixed outside, so conflict retries agree; or a function that completes it
   * inside the unit (facts read from other streams in the same transaction), run again on every retry.
   */
  command: RewardsCommand | ((unit: UnitOfWork) => Promise<RewardsCommand>);
  /** The route's `Idempotency-Key` (`@IdempotencyKey`), recorded with the decision. */
  idempotency?: IdempotentRequest;
  /** Extra streams the same unit must check: e.g. another user's rewards stream. */
  extraStreams?: (unit: UnitOfWork) => Promise<AppendToStream[]>;
  refusalError?: (refusal: RewardsRefusal) => ApiError;
  respond: (outcome: { events: RewardsEvent[]; state: RewardsAccountState; transactionId: string | null }) => Body;
}

/**
 * One rewards decision through the platform's use-case runner: load the user's rewards stream, decide, and hand the
 * runner the events and the points the decider issued, appended together with expected versions. Two parallel claims
 * conflict on the rewards stream's version; the loser reruns, sees the claim and is refused, so exactly one pays. A
 * route's `Idempotency-Key` (`idempotency`) is recorded with it.
 */
@Injectable()
export class RewardsCommands {
  constructor(
    private readonly accounts: RewardsAccounts,
    private readonly runner: UseCaseRunner,
  ) {}

  run<Body>(request: RewardsCommandRequest<Body>): Promise<Body> {
    return this.runner.run<Body>({
      lockKeys: [rewardsAccountStreams.streamId(request.userId)],
      idempotency: request.idempotency,
      decide: async (unit) => {
        const command = typeof request.command === 'function' ? await request.command(unit) : request.command;
        const loaded = await this.accounts.load(request.userId, unit.transaction);
        const decision = decide(command, loaded.state);
        if (decision.kind === 'refused') throw (request.refusalError ?? rewardsRefusalToApiError)(decision.refusal);
        const appends = [
          ...rewardsAccountStreams.appendOf(loaded, decision.events),
          ...((await request.extraStreams?.(unit)) ?? []),
        ];
        const state = rewardsAccountStreams.advance(loaded, decision.events);
        return {
          appends,
          money: decision.money,
          answer: (transactionId) => request.respond({ events: decision.events, state, transactionId }),
        };
      },
    });
  }
}
