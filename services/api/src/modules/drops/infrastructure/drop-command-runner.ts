import { Inject, Injectable } from '@nestjs/common';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
import { DROP_MESSAGES } from '@app/contracts/drops';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { unprocessable } from '../../../platform/http/api-error';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { refusalToApiError, type LedgerRefusal } from '../../ledger';
import { decide } from '../domain/decide';
import { DropCommand, DropDecision } from '../domain/decision';
import {
  AdvertiserState,
  DropState,
  evolve,
  evolveAdvertiser,
  initialAdvertiserState,
  initialDropState,
} from '../domain/drop';
import { advertiserStreamId, dropStreamId, parseAdvertiserEvent, parseDropEvent } from '../domain/drop-events';
import { dropRefusalToApiError } from '../drop-refusals';
import { dropsReadModel } from '../projections/drops-read-model';

export interface LoadedDrop {
  state: DropState;
  version: bigint;
}

/**
 * Runs one drop command through the platform's use-case runner: loads the drop's stream (and the advertiser's for a
 * creation) inside the unit of work, asks the pure decider, and hands the runner the events and the money they move,
 * which it appends atomically with expected versions (and at most once per `Idempotency-Key` of an `@IdempotencyKey`
 * route). Version conflicts rerun the whole unit; requests in this process that touch the same drop are queued.
 */
@Injectable()
export class DropCommandRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly useCases: UseCaseRunner,
    private readonly projections: ProjectionsService,
  ) {}

  async loadDrop(dropId: string, transaction?: TransactionHandle): Promise<LoadedDrop> {
    const stored = await this.eventStore.readStream(dropStreamId(dropId), transaction ? { transaction } : undefined);
    let state = initialDropState(dropId);
    for (const event of stored) state = evolve(state, parseDropEvent(event));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  private async loadAdvertiser(
    userId: string,
    transaction: TransactionHandle,
  ): Promise<{ state: AdvertiserState; version: bigint }> {
    const stored = await this.eventStore.readStream(advertiserStreamId(userId), { transaction });
    let state = initialAdvertiserState();
    for (const event of stored) state = evolveAdvertiser(state, parseAdvertiserEvent(event));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  /** The drop that holds an application, or null (written with the application, so never behind). */
  async dropOfApplication(applicationId: string): Promise<string | null> {
    const found = await this.eventStore.withTransaction((transaction) =>
      transaction.query<{ drop_id: string }>('SELECT drop_id FROM drop_application_index WHERE application_id = $1', [
        applicationId,
      ]),
    );
    return found.rows[0]?.drop_id ?? null;
  }

  /**
   * `prepare` builds the command from the drop as it stands (it may ask other contexts for facts); it runs before the
   * unit of work opens, because an embedded database has a single session and a query on another connection inside
   * the transaction would wait forever. The decider then runs on the drop loaded inside the transaction (kinds never
   * change, and the ledger re-checks every balance). The command keeps its ids and time across conflict retries.
   * `respond` turns the state after the command into the answer, which the idempotency record stores under the
   * route's `Idempotency-Key` (`idempotency`; none for a job).
   */
  async run<Body>(
    dropId: string,
    prepare: (drop: DropState) => Promise<{ command: DropCommand; advertiserId?: string }>,
    respond: (state: DropState, decision: Extract<DropDecision, { kind: 'accepted' }>) => Body,
    idempotency?: IdempotentRequest,
  ): Promise<Body> {
    const { command, advertiserId } = await prepare((await this.loadDrop(dropId)).state);
    return this.useCases.run<Body>({
      idempotency,
      lockKeys: [dropStreamId(dropId), ...(advertiserId ? [advertiserStreamId(advertiserId)] : [])],
      decide: async (unit) => {
        const drop = await this.loadDrop(dropId, unit.transaction);
        const advertiser = advertiserId ? await this.loadAdvertiser(advertiserId, unit.transaction) : undefined;
        const decision = decide(command, { drop: drop.state, advertiser: advertiser?.state });
        if (decision.kind === 'refused') throw dropRefusalToApiError(decision.refusal, command.type);

        const appends: AppendToStream[] = [
          {
            streamId: dropStreamId(dropId),
            expectedVersion: drop.version,
            events: decision.events.map(({ type, data }) => ({ type, data })),
          },
        ];
        if (advertiserId && advertiser && decision.advertiserEvents.length > 0) {
          appends.push({
            streamId: advertiserStreamId(advertiserId),
            expectedVersion: advertiser.version,
            events: decision.advertiserEvents.map(({ type, data }) => ({ type, data })),
          });
        }
        // The application index is an inline read model: written in the same transaction as the application.
        for (const event of decision.events) {
          if (event.type === 'DropApplicationReceived') {
            await unit.transaction.query(
              'INSERT INTO drop_application_index (application_id, drop_id, applicant_user_id) VALUES ($1, $2, $3)',
              [event.data.applicationId, dropId, event.data.applicantUserId],
            );
          }
        }
        unit.afterCommit(() => this.projections.runner(dropsReadModel.name)?.poke());
        return {
          appends,
          money: decision.money,
          answer: () => respond(decision.events.reduce(evolve, drop.state), decision),
        };
      },
      moneyRefusal: (refusal, movement) => {
        // A gem pool the creator cannot cover has the spec's text; a key pool falls through to 'Insufficient balance'.
        const pool = movement.postings[0];
        if (
          refusal === 'BALANCE_MUST_COVER_AMOUNT' &&
          movement.reasonCode === 'DROP_POOL_ESCROW' &&
          pool?.currency === 'gems'
        ) {
          return unprocessable('INSUFFICIENT_GEMS', DROP_MESSAGES.insufficientGemsForPool);
        }
        return refusalToApiError(refusal as LedgerRefusal, DROP_MESSAGES.applyFailed);
      },
    });
  }
}
