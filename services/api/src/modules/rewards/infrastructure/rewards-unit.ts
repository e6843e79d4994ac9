import { Injectable } from '@nestjs/common';
import type { AppendToStream } from '@app/event-store';
import type { RewardsEvent } from '@app/contracts/src/rewards';
import { IdempotencyService, LedgerExecutor, refusalToApiError, type LedgerCommand, type UnitOfWork } from '../../ledger';
import type { ApiError } from '../../../platform/http/api-error';
import { decide, type RewardsAccountState, type RewardsCommand, type RewardsRefusal } from '../domain/rewards-account';
import { rewardsRefusalToApiError } from '../rewards-errors';
import { RewardsAccounts, rewardsAccountStreams } from './rewards-accounts';

export interface RewardsUnitRequest<Body> {
  userId: string;
  /** `POST /api/users/<path>` — the idempotency scope is this plus the user id. */
  scope: string;
  idempotencyKey: string | undefined;
  requestBody: unknown;
  /** Builds the command from what the unit loaded (fresh ids and time are fixed outside, so retries agree). */
  command: RewardsCommand;
  /** The money the accepted events move, if any: run by the ledger in the same append as the rewards events. */
  payment?: (events: RewardsEvent[]) => LedgerCommand | null;
  /** Extra streams the same unit must check: e.g. another user's rewards stream. */
  extraStreams?: (unit: UnitOfWork) => Promise<AppendToStream[]>;
  refusalError?: (refusal: RewardsRefusal) => ApiError;
  respond: (outcome: { events: RewardsEvent[]; state: RewardsAccountState; transactionId: string | null }) => Body;
}

/**
 * One rewards decision as a unit of work: load the user's rewards stream, decide, and append its events together
 * with the ledger's postings (one `append`, expected versions on every stream). Two parallel claims conflict on the
 * rewards stream's version; the loser reruns, sees the claim and is refused, so exactly one pays.
 */
@Injectable()
export class RewardsUnit {
  constructor(
    private readonly accounts: RewardsAccounts,
    private readonly ledger: LedgerExecutor,
    private readonly idempotency: IdempotencyService,
  ) {}

  async run<Body>(request: RewardsUnitRequest<Body>): Promise<{ body: Body; replayed: boolean }> {
    const result = await this.idempotency.run<Body>(
      { scope: `${request.scope}:${request.userId}`, key: request.idempotencyKey, body: request.requestBody },
      async (unit) => {
        const loaded = await this.accounts.load(request.userId, unit.transaction);
        const decision = decide(request.command, loaded.state);
        if (decision.kind === 'refused') throw (request.refusalError ?? rewardsRefusalToApiError)(decision.refusal);
        const appends = [...rewardsAccountStreams.appendOf(loaded, decision.events), ...((await request.extraStreams?.(unit)) ?? [])];
        const payment = decision.events.length > 0 ? request.payment?.(decision.events) : null;
        let transactionId: string | null = null;
        if (payment) {
          const outcome = await this.ledger.executeWithin(payment, unit, appends);
          if (outcome.kind === 'refused') throw refusalToApiError(outcome.refusal);
          transactionId = outcome.transactionId;
        } else if (appends.length > 0) {
          await this.accounts.eventStore.append(appends, { transaction: unit.transaction });
        }
        const state = rewardsAccountStreams.advance(loaded, decision.events);
        return { status: 200, body: request.respond({ events: decision.events, state, transactionId }) };
      },
      { lockKeys: [rewardsAccountStreams.streamId(request.userId)] },
    );
    return { body: result.body, replayed: result.replayed };
  }
}
