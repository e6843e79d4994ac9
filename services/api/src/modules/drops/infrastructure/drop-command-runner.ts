import { Inject, Injectable } from '@nestjs/common';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
import { DROP_MESSAGES } from '@app/contracts/src/drops';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { unprocessable } from '../../../platform/http/api-error';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { IdempotencyService, LedgerExecutor, SYSTEM_ACCOUNTS, escrowAccount, refusalToApiError, userAccount } from '../../ledger';
import { DropCommand, DropDecision, MoneyLeg, Party, decide } from '../domain/decide';
import { AdvertiserState, DropState, evolve, evolveAdvertiser, initialAdvertiserState, initialDropState } from '../domain/drop';
import { advertiserStreamId, dropStreamId, parseAdvertiserEvent, parseDropEvent } from '../domain/drop-events';
import { dropRefusalToApiError } from '../drop-refusals';
import { dropsReadModel } from '../projections/drops-read-model';

export interface LoadedDrop {
  state: DropState;
  version: bigint;
}

export interface DropRequest {
  /** Idempotency scope: who and what, e.g. `POST /api/drops/<id>/apply:<userId>`. */
  scope: string;
  idempotencyKey: string | undefined;
  body: unknown;
  /** Other streams this request appends to (an advertiser's), queued in this process like the drop's. */
  extraLockKeys?: string[];
}

/**
 * Runs one drop command: loads the drop's stream (and the advertiser's for a creation) inside a unit of work, asks
 * the pure decider, and appends its events together with the money it moves (through the ledger's
 * `executeWithin`, so the drop's streams and the postings commit atomically or not at all). Version conflicts rerun
 * the whole unit; requests in this process that touch the same drop are queued, not raced.
 */
@Injectable()
export class DropCommandRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly ledger: LedgerExecutor,
    private readonly idempotency: IdempotencyService,
    private readonly projections: ProjectionsService,
  ) {}

  async loadDrop(dropId: string, transaction?: TransactionHandle): Promise<LoadedDrop> {
    const stored = await this.eventStore.readStream(dropStreamId(dropId), transaction ? { transaction } : undefined);
    let state = initialDropState(dropId);
    for (const event of stored) state = evolve(state, parseDropEvent(event));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  private async loadAdvertiser(userId: string, transaction: TransactionHandle): Promise<{ state: AdvertiserState; version: bigint }> {
    const stored = await this.eventStore.readStream(advertiserStreamId(userId), { transaction });
    let state = initialAdvertiserState();
    for (const event of stored) state = evolveAdvertiser(state, parseAdvertiserEvent(event));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  /** The drop that holds an application, or null (written with the application, so never behind). */
  async dropOfApplication(applicationId: string): Promise<string | null> {
    const found = await this.eventStore.withTransaction((transaction) =>
      transaction.query<{ drop_id: string }>('SELECT drop_id FROM drop_application_index WHERE application_id = $1', [applicationId]),
    );
    return found.rows[0]?.drop_id ?? null;
  }

  /**
   * `prepare` builds the command from the drop as it stands (it may ask other contexts for facts); it runs before the
   * unit of work opens, because an embedded database has a single session and a query on another connection inside
   * the transaction would wait forever. The decider then runs on the drop loaded inside the transaction (kinds never
   * change, and the ledger re-checks every balance). The command keeps its ids and time across conflict retries.
   * `respond` turns the state after the command into the answer, which the idempotency record stores.
   */
  async run<Body>(
    request: DropRequest,
    dropId: string,
    prepare: (drop: DropState) => Promise<{ command: DropCommand; advertiserId?: string }>,
    respond: (state: DropState, decision: Extract<DropDecision, { kind: 'accepted' }>) => { status: number; body: Body },
  ): Promise<{ status: number; body: Body; replayed: boolean }> {
    const { command, advertiserId } = await prepare((await this.loadDrop(dropId)).state);
    return this.idempotency.run<Body>(
      { scope: request.scope, key: request.idempotencyKey, body: request.body },
      async (unit) => {
        const drop = await this.loadDrop(dropId, unit.transaction);
        const advertiser = advertiserId ? await this.loadAdvertiser(advertiserId, unit.transaction) : undefined;
        const decision = decide(command, { drop: drop.state, advertiser: advertiser?.state });
        if (decision.kind === 'refused') throw dropRefusalToApiError(decision.refusal, command.type);

        const appends: AppendToStream[] = [
          { streamId: dropStreamId(dropId), expectedVersion: drop.version, events: decision.events.map(({ type, data }) => ({ type, data })) },
        ];
        if (advertiserId && advertiser && decision.advertiserEvents.length > 0) {
          appends.push({
            streamId: advertiserStreamId(advertiserId),
            expectedVersion: advertiser.version,
            events: decision.advertiserEvents.map(({ type, data }) => ({ type, data })),
          });
        }
        if (decision.money) {
          const outcome = await this.ledger.executeWithin(
            {
              type: 'PostTransaction',
              data: {
                transactionId: decision.money.transactionId,
                reasonCode: decision.money.reason,
                description: decision.money.description,
                postings: [decision.money, ...(decision.money.extraLegs ?? [])].map(postingOf),
                now: command.data.now,
                references: { dropId },
              },
            },
            unit,
            appends,
          );
          if (outcome.kind === 'refused') {
            // A key pool the creator cannot cover falls through to the ledger's own answer (422 'Insufficient balance').
            if (outcome.refusal === 'BALANCE_MUST_COVER_AMOUNT' && decision.money.reason === 'DROP_POOL_ESCROW' && decision.money.currency === 'gems') {
              throw unprocessable('INSUFFICIENT_GEMS', DROP_MESSAGES.insufficientGemsForPool);
            }
            throw refusalToApiError(outcome.refusal, DROP_MESSAGES.applyFailed);
          }
        } else {
          await this.eventStore.append(appends, { transaction: unit.transaction });
        }
        for (const event of decision.events) {
          if (event.type === 'DropApplicationReceived') {
            await unit.transaction.query('INSERT INTO drop_application_index (application_id, drop_id, applicant_user_id) VALUES ($1, $2, $3)', [
              event.data.applicationId,
              dropId,
              event.data.applicantUserId,
            ]);
          }
        }
        unit.afterCommit(() => this.projections.runner(dropsReadModel.name)?.poke());
        return respond(decision.events.reduce(evolve, drop.state), decision);
      },
      { lockKeys: [dropStreamId(dropId), ...(request.extraLockKeys ?? [])] },
    );
  }
}

function accountOf(party: Party): string {
  if (party === 'burn') return SYSTEM_ACCOUNTS.burn;
  if (party === 'issuance') return SYSTEM_ACCOUNTS.issuance;
  if ('user' in party) return userAccount(party.user);
  return escrowAccount('drop', party.dropEscrow);
}

function postingOf(money: MoneyLeg) {
  return { debitAccount: accountOf(money.from), creditAccount: accountOf(money.to), currency: money.currency, amountMinor: money.amountMinor };
}
