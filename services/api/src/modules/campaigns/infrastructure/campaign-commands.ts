import { Inject, Injectable } from '@nestjs/common';
import { CAMPAIGN_EVENT_SCHEMAS, CAMPAIGN_MESSAGES, CAMPAIGN_STREAM_PREFIX } from '@app/contracts/campaigns';
import type { EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { AggregateStreams, eventParser, type LoadedStream } from '../../../platform/event-sourcing/aggregate-stream';
import { unprocessable } from '../../../platform/http/api-error';
import type { UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { campaignRefusalToApiError } from '../campaign-refusals';
import {
  decideCampaign,
  evolveCampaign,
  initialCampaign,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignState,
} from '../domain/campaign';

export type LoadedCampaign = LoadedStream<CampaignState>;

/** A campaign's stream, each stored event parsed with the contracts' schema before it is folded. */
export const campaignStreams = new AggregateStreams<CampaignState, CampaignEvent>({
  streamPrefix: CAMPAIGN_STREAM_PREFIX,
  initial: () => initialCampaign(),
  evolve: evolveCampaign,
  parse: eventParser<CampaignEvent>(CAMPAIGN_EVENT_SCHEMAS, 'campaigns'),
});

/**
 * The campaigns' one way to commit: load the campaign's stream in the unit of work, decide purely, write the inline
 * read model, and append the events (expected version = loaded) with the moves the decider moved in one atomic append.
 */
@Injectable()
export class CampaignCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: UseCaseRunner,
  ) {}

  load(campaignId: string, transaction?: TransactionHandle): Promise<LoadedCampaign> {
    return campaignStreams.load(this.eventStore, campaignId, transaction);
  }

  /**
   * Runs one command on one campaign. `prepare` may check what the command needs besides the stream (a content item,
   * a drop) inside the unit and throw its 4xx.
   */
  run(options: {
    campaignId: string;
    command: CampaignCommand | ((loaded: LoadedCampaign) => CampaignCommand);
    idempotency?: IdempotentRequest;
    prepare?(unit: UnitOfWork, loaded: LoadedCampaign): Promise<void>;
  }): Promise<{ state: CampaignState; events: CampaignEvent[] }> {
    return this.runner.run({
      lockKeys: [campaignStreams.streamId(options.campaignId)],
      idempotency: options.idempotency,
      // Only creation spends the owner's moves; the other movements leave an escrow the decider just read.
      moneyRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable('INSUFFICIENT_MOVES', CAMPAIGN_MESSAGES.insufficientMoves)
          : undefined,
      decide: async (unit) => {
        const loaded = await this.load(options.campaignId, unit.transaction);
        const command = typeof options.command === 'function' ? options.command(loaded) : options.command;
        if (command.type !== 'CreateCampaign' && loaded.state.exists && !loaded.state.deleted)
          await options.prepare?.(unit, loaded);
        const decision = decideCampaign(command, loaded.state);
        if (decision.kind === 'refused')
          throw campaignRefusalToApiError(
            decision.refusal,
            command.type === 'ChangeCampaignStatus' ? { from: loaded.state.status, to: command.data.to } : undefined,
          );
        const state = campaignStreams.advance(loaded, decision.events);
        await writeReadModel(unit.transaction, state);
        return {
          appends: campaignStreams.appendOf(loaded, decision.events),
          money: decision.money,
          answer: () => ({ state, events: decision.events }),
        };
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
