import { Inject, Injectable } from '@nestjs/common';
import { CAMPAIGN_MESSAGES } from '@app/contracts/campaigns';
import type { EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { unprocessable } from '../../../platform/http/api-error';
import type { UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { campaignRefusalToApiError } from '../campaign-refusals';
import { campaignStreamId, decideCampaign, evolveCampaign, initialCampaign, type CampaignCommand, type CampaignEvent, type CampaignState } from '../domain/campaign';

export interface LoadedCampaign {
  state: CampaignState;
  version: bigint;
}

/**
 * The campaigns' one way to commit: load the campaign's stream in the unit of work, decide purely, write the inline
 * read model, and append the events (expected version = loaded) with the moves' postings in one atomic append.
 */
@Injectable()
export class CampaignCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: UseCaseRunner,
  ) {}

  async load(campaignId: string, transaction?: TransactionHandle): Promise<LoadedCampaign> {
    const stored = await this.eventStore.readStream(campaignStreamId(campaignId), transaction ? { transaction } : undefined);
    const state = stored.map((event) => ({ type: event.type, data: event.data }) as CampaignEvent).reduce(evolveCampaign, initialCampaign());
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  /**
   * Runs one command on one campaign. `prepare` may check what the command needs besides the stream (a content item,
   * a drop) inside the unit and throw its 4xx; `transactionId` names the moves' movement when the decision posts any.
   */
  run(options: {
    campaignId: string;
    command: CampaignCommand | ((loaded: LoadedCampaign) => CampaignCommand);
    transactionId: string;
    description: string;
    now: string;
    idempotency?: IdempotentRequest;
    prepare?(unit: UnitOfWork, loaded: LoadedCampaign): Promise<void>;
  }): Promise<{ state: CampaignState; events: CampaignEvent[] }> {
    const streamId = campaignStreamId(options.campaignId);
    return this.runner.run({
      lockKeys: [streamId],
      idempotency: options.idempotency,
      // Only creation spends the owner's moves; the other movements leave an escrow the decider just read.
      moneyRefusal: (refusal) => (refusal === 'BALANCE_MUST_COVER_AMOUNT' ? unprocessable('INSUFFICIENT_MOVES', CAMPAIGN_MESSAGES.insufficientMoves) : undefined),
      decide: async (unit) => {
        const loaded = await this.load(options.campaignId, unit.transaction);
        const command = typeof options.command === 'function' ? options.command(loaded) : options.command;
        if (command.type !== 'CreateCampaign' && loaded.state.exists && !loaded.state.deleted) await options.prepare?.(unit, loaded);
        const decision = decideCampaign(command, loaded.state);
        if (decision.kind === 'refused') throw campaignRefusalToApiError(decision.refusal, command.type === 'ChangeCampaignStatus' ? { from: loaded.state.status, to: command.data.to } : undefined);
        const state = decision.events.reduce(evolveCampaign, loaded.state);
        await writeReadModel(unit.transaction, state);
        const appends = [{ streamId, expectedVersion: loaded.version, events: decision.events.map(({ type, data }) => ({ type, data })) }];
        const money =
          decision.postings.length > 0
            ? { transactionId: options.transactionId, reasonCode: 'CAMPAIGN_SPEND' as const, description: options.description, postings: decision.postings, now: options.now, references: { campaignId: options.campaignId } }
            : null;
        return { appends, money, answer: () => ({ state, events: decision.events }) };
      },
    });
  }
}

/** The inline read model: the folded state, written with the events it folds. */
async function writeReadModel(transaction: TransactionHandle, state: CampaignState): Promise<void> {
  await transaction.query(
    `INSERT INTO campaigns_read (campaign_id, owner_id, created_at, deleted, state) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (campaign_id) DO UPDATE SET deleted = EXCLUDED.deleted, state = EXCLUDED.state`,
    [state.campaignId, state.ownerId, state.createdAt, state.deleted, JSON.stringify(state)],
  );
}
