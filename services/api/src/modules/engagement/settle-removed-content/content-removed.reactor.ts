import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { v5 as uuidv5 } from 'uuid';
import type pg from 'pg';
import { ContentArchivedSchema, ContentDeletedSchema } from '@app/contracts/content';
import { marketStreamId } from '@app/contracts/market';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { JobsService } from '../../../platform/jobs/jobs.service';
import { GetContentOwnerQuery, GetEngagementShareholdersQuery, GetMarketShareholdersQuery } from '../../content';
import {
  decideEndSponsorshipEarly,
  decideReleaseReserve,
  evolveReserve,
  initialReserve,
} from '../domain/content-removed';
import { contentPoolStreamId, sponsorshipStreamId } from '../domain/streams';
import { EngagementCommands } from '../infrastructure/engagement-commands';

export const CONTENT_REMOVED_JOB = 'engagement.content-removed';
const PayloadSchema = z.object({ contentId: z.string() });
const NAMESPACE = '4f0c2a8e-1d57-4b8a-9e0b-7c2d5a3f6e19';
/** Derived, so a rerun of the job posts the same transaction (the ledger refuses a transaction id twice). */
export const reserveReleaseTransactionId = (contentId: string) => uuidv5(`content-reserve:${contentId}`, NAMESPACE);
const sponsorshipEndTransactionId = (sponsorshipId: string) =>
  uuidv5(`sponsorship-ended-early:${sponsorshipId}`, NAMESPACE);

/**
 * Settles what an archived or deleted item leaves in this context (README "When an item goes"), derived from
 * content's `ContentArchived` / `ContentDeleted` events, so a lost queue loses nothing: the funding reserve is paid to
 * the shareholders and every live sponsorship ends with the unused gems refunded. Each settlement is decided on its
 * own stream (the item's pool, the sponsorship) and happens once however often the job runs.
 */
@Injectable()
export class ContentRemovedReactor {
  constructor(
    jobs: JobsService,
    private readonly commands: EngagementCommands,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {
    jobs.registerReactor({
      name: 'engagement_content_removed',
      eventTypes: ['ContentArchived', 'ContentDeleted'],
      react: (event) => {
        const parsed = (event.type === 'ContentArchived' ? ContentArchivedSchema : ContentDeletedSchema).safeParse(
          event.data,
        );
        return parsed.success ? [{ jobName: CONTENT_REMOVED_JOB, payload: { contentId: parsed.data.contentId } }] : [];
      },
      handlers: { [CONTENT_REMOVED_JOB]: (payload) => this.settle(PayloadSchema.parse(payload).contentId) },
    });
  }

  async settle(contentId: string, now = new Date().toISOString()): Promise<void> {
    await this.releaseReserve(contentId, now);
    const live = await this.pool.query<{ sponsorship_id: string }>(
      `SELECT sponsorship_id FROM engagement_sponsorships WHERE content_id = $1 AND status = 'live'
       ORDER BY sponsorship_id`,
      [contentId],
    );
    for (const row of live.rows) await this.endSponsorship(row.sponsorship_id, now);
  }

  /** Pays the reserve out on the item's pool stream (the market's stream is locked too: holdings hold still). */
  async releaseReserve(contentId: string, now: string): Promise<void> {
    const transactionId = reserveReleaseTransactionId(contentId);
    await this.commands.run({
      lockKeys: [contentPoolStreamId(contentId), marketStreamId(contentId)],
      decide: async (unit) => {
        const owner = await this.queryBus.execute(new GetContentOwnerQuery(contentId, unit.transaction));
        if (!owner || owner.status === 'active') return { streams: [], money: null, answer: () => null };
        const loaded = await this.commands.store.load(
          contentPoolStreamId(contentId),
          initialReserve(),
          evolveReserve,
          unit.transaction,
        );
        const marketHolders = await this.queryBus.execute(new GetMarketShareholdersQuery(contentId, unit.transaction));
        const engagementHolders = await this.queryBus.execute(
          new GetEngagementShareholdersQuery(contentId, unit.transaction),
        );
        const decision = decideReleaseReserve(
          {
            contentId,
            creatorId: owner.creatorId,
            totalShares: owner.totalShares,
            holders: [...marketHolders, ...engagementHolders],
            transactionId,
            now,
          },
          loaded.state,
        );
        return {
          streams: [{ loaded, events: decision.events }],
          money: decision.money,
          answer: () => null,
        };
      },
    });
  }

  async endSponsorship(sponsorshipId: string, now: string): Promise<void> {
    const transactionId = sponsorshipEndTransactionId(sponsorshipId);
    await this.commands.run({
      lockKeys: [sponsorshipStreamId(sponsorshipId)],
      decide: async (unit) => {
        const loaded = await this.commands.loadSponsorship(sponsorshipId, unit.transaction);
        const decision = decideEndSponsorshipEarly({ sponsorshipId, transactionId, now }, loaded.state);
        return {
          streams: [{ loaded, events: decision.events }],
          money: decision.money,
          answer: () => null,
        };
      },
    });
  }
}
