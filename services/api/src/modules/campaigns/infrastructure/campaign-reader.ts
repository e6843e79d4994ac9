import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import type pg from 'pg';
import type { Campaign, CampaignContentItem, CampaignDetail } from '@app/contracts/campaigns';
import type { DropView } from '@app/contracts/drops';
import { minorToApiNumber } from '@app/contracts/ledger';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { GetContentForCommandQuery, type ContentForCommand } from '../../content';
import { ListDropsQuery } from '@app/contracts/drops';
import { GetShareLinkClicksQuery, type ShareLinkClickRow } from '@app/contracts/engagement';
import { GetUserQuery } from '../../identity';
import { TelemetryCountsQuery, type TelemetryCountRow, type TelemetryTarget } from '../../telemetry';
import type { CampaignState } from '../domain/campaign';
import { contentSpendMinor } from '../domain/content-spend';
import { attributeShareLinkClicks, type AttributedShareLinkClicks } from '../domain/share-link-clicks';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const hundredths = (minor: string | null) => (minor === null ? null : minorToApiNumber(BigInt(minor), 'moves'));
/** Two decimals, half up: figures (CTR, CPC) for display, not money that moves. */
const round2 = (value: number) => Math.round(value * 100) / 100;
export const ctrOf = (clicks: number, impressions: number) =>
  impressions > 0 ? round2((clicks / impressions) * 100) : 0;

interface Counts {
  impressions: number;
  clicks: number;
}

/** Telemetry per target (`content:<id>` / `drop:<id>`) and per day, attributed from the day the item joined. */
interface Figures {
  available: boolean;
  rows: TelemetryCountRow[];
}

/**
 * Reads for the campaign screens: the folded state from the inline read model (current), the figures from the
 * telemetry context (impressions and clicks on the campaign's content and drops, counted from the UTC day each item
 * was added), the engagement context (clicks on share links, attributed by `attributeShareLinkClicks`) and the drops
 * context (participants of the campaign's drops).
 */
@Injectable()
export class CampaignReader {
  private readonly logger = new Logger('Campaigns');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly queryBus: QueryBus,
  ) {}

  async state(campaignId: string): Promise<CampaignState | null> {
    const { rows } = await this.pool.query<{ state: CampaignState }>(
      'SELECT state FROM campaigns_read WHERE campaign_id = $1 AND NOT deleted',
      [campaignId],
    );
    return rows[0]?.state ?? null;
  }

  async list(ownerId: string): Promise<Campaign[]> {
    const { rows } = await this.pool.query<{ state: CampaignState }>(
      `SELECT state FROM campaigns_read WHERE owner_id = $1 AND NOT deleted ORDER BY created_at DESC, campaign_id
       LIMIT 500`,
      [ownerId],
    );
    const states = rows.map((row) => row.state);
    const [figures, participants, shares] = await Promise.all([
      this.telemetry(states),
      this.participants(ownerId, states),
      this.shareLinkClicks(states),
    ]);
    return states.map((state) => this.view(state, figures, participants, attributeShareLinkClicks(state, shares)));
  }

  async detail(state: CampaignState): Promise<CampaignDetail> {
    const [figures, participants, content, shareRows] = await Promise.all([
      this.telemetry([state]),
      this.participants(state.ownerId, [state]),
      this.contentFacts(state),
      this.shareLinkClicks([state]),
    ]);
    const shares = attributeShareLinkClicks(state, shareRows);
    const campaign = this.view(state, figures, participants, shares);
    const items: CampaignContentItem[] = state.content.map((item) => {
      const facts = content.get(item.itemId);
      const counts = countsFor(figures.rows, 'content', item.itemId, item.addedAt);
      counts.clicks += shares.byContent.get(item.itemId) ?? 0;
      return {
        id: item.itemId,
        title: facts?.content.title ?? 'Removed content',
        status: facts ? (facts.content.status === 'active' ? 'live' : 'other') : 'removed',
        platform: facts?.content.platform ?? null,
        creator: facts?.creator ?? null,
        impressions: counts.impressions,
        clicks: counts.clicks,
        ctr: ctrOf(counts.clicks, counts.impressions),
        spent: 0,
        budget: 0,
        addedAt: item.addedAt,
      };
    });
    const spend = contentSpendMinor(
      BigInt(state.movesSpentMinor) - BigInt(state.refundedMinor),
      items.map((item) => item.clicks),
      campaign.clicks,
    );
    spend.forEach((figures, index) => {
      items[index]!.spent = minorToApiNumber(figures.spentMinor, 'moves');
      items[index]!.budget = minorToApiNumber(figures.budgetMinor, 'moves');
    });
    const platforms = new Map<string, { items: number; impressions: number; clicks: number; ctrSum: number }>();
    for (const item of items) {
      const key = item.platform ?? 'other';
      const row = platforms.get(key) ?? { items: 0, impressions: 0, clicks: 0, ctrSum: 0 };
      platforms.set(key, {
        items: row.items + 1,
        impressions: row.impressions + item.impressions,
        clicks: row.clicks + item.clicks,
        ctrSum: row.ctrSum + item.ctr,
      });
    }
    return {
      ...campaign,
      content: items,
      platforms: [...platforms.entries()].map(([platform, row]) => ({
        platform,
        items: row.items,
        impressions: row.impressions,
        clicks: row.clicks,
        averageCtr: round2(row.ctrSum / row.items),
      })),
      daily: dailySeries(state, figures.rows, shares.byDay),
      telemetryAvailable: figures.available,
    };
  }

  private view(
    state: CampaignState,
    figures: Figures,
    participants: Map<string, number>,
    shares: AttributedShareLinkClicks,
  ): Campaign {
    const fields = state.fields!;
    const scope = state.scope!;
    let impressions = 0;
    let clicks = shares.total;
    for (const [kind, list] of [
      ['content', state.content],
      ['drop', state.drops],
    ] as const) {
      for (const item of list) {
        const counts = countsFor(figures.rows, kind, item.itemId, item.addedAt);
        impressions += counts.impressions;
        clicks += counts.clicks;
      }
    }
    const spentMinor = BigInt(state.movesSpentMinor) - BigInt(state.refundedMinor);
    const spent = minorToApiNumber(spentMinor, 'moves');
    return {
      id: state.campaignId,
      ownerId: state.ownerId,
      name: fields.name,
      status: state.status,
      description: fields.description,
      objective: fields.objective,
      bidStrategy: fields.bidStrategy,
      bidAmount: hundredths(fields.bidAmountMinor),
      budget: hundredths(fields.budgetMinor)!,
      dailyBudget: hundredths(fields.dailyBudgetMinor)!,
      spent,
      movesSpent: minorToApiNumber(BigInt(state.movesSpentMinor), 'moves'),
      startDate: scope.startDate,
      endDate: scope.endDate,
      durationDays: scope.durationDays,
      campaignType: scope.campaignType,
      audienceSize: scope.audienceSize,
      locations: scope.locations,
      interests: scope.interests,
      targetCtr: fields.targetCtrTenths / 10,
      targetCpc: hundredths(fields.targetCpcMinor)!,
      createdAt: state.createdAt!,
      updatedAt: state.updatedAt!,
      startedAt: state.startedAt,
      completedAt: state.completedAt,
      contentIds: state.content.map((item) => item.itemId),
      dropIds: state.drops.map((item) => item.itemId),
      participants: state.drops.reduce((sum, item) => sum + (participants.get(item.itemId) ?? 0), 0),
      drops: state.drops.length,
      impressions,
      clicks,
      ctr: ctrOf(clicks, impressions),
      cpc: clicks > 0 ? round2(spent / clicks) : null,
    };
  }

  /** The telemetry of every item of these campaigns since the earliest one joined; unavailable → counts nothing. */
  private async telemetry(states: CampaignState[]): Promise<Figures> {
    const targets: TelemetryTarget[] = [];
    let earliest: string | null = null;
    for (const state of states) {
      for (const [type, list] of [
        ['content', state.content],
        ['drop', state.drops],
      ] as const) {
        for (const item of list) {
          targets.push({ type, id: item.itemId });
          if (earliest === null || item.addedAt < earliest) earliest = item.addedAt;
        }
      }
    }
    if (targets.length === 0 || earliest === null) return { available: true, rows: [] };
    const from = new Date(`${dayOf(earliest)}T00:00:00Z`);
    const to = new Date(Date.parse(`${dayOf(new Date().toISOString())}T00:00:00Z`) + DAY_MS);
    try {
      const rows = (await this.queryBus.execute(new TelemetryCountsQuery(targets, from, to))) as
        TelemetryCountRow[] | undefined;
      return { available: true, rows: rows ?? [] };
    } catch (error) {
      // The telemetry context answers this query (issue 25); without it the figures count nothing and say so.
      this.logger.warn(`Telemetry counts unavailable: ${(error as Error).message}`);
      return { available: false, rows: [] };
    }
  }

  /**
   * Share-link clicks (engagement's `GetShareLinkClicksQuery`) on the links made for these campaigns or for their
   * content items, since the earliest campaign was created; `attributeShareLinkClicks` decides what counts where.
   * The share-link redirect records no telemetry click, so nothing is counted twice.
   */
  private async shareLinkClicks(states: CampaignState[]): Promise<ShareLinkClickRow[]> {
    if (states.length === 0) return [];
    const contentIds = [...new Set(states.flatMap((state) => state.content.map((item) => item.itemId)))];
    // Nothing counts before a campaign was created (its items join later): the earliest creation bounds the read.
    const since = states.map((state) => dayOf(state.createdAt ?? '1970-01-01')).sort()[0];
    try {
      return await this.queryBus.execute(
        new GetShareLinkClicksQuery({ campaignIds: states.map((state) => state.campaignId), contentIds, since }),
      );
    } catch (error) {
      // No engagement context in this application: no share links, so no clicks on them.
      if (error instanceof QueryHandlerNotFoundException) return [];
      throw error;
    }
  }

  /** Participants per drop of the owner's (the drops context's list, which waits for its own writes). */
  private async participants(ownerId: string, states: CampaignState[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!states.some((state) => state.drops.length > 0)) return result;
    try {
      const drops = (await this.queryBus.execute(
        new ListDropsQuery({ creatorId: ownerId, viewerId: ownerId, limit: 1000 }),
      )) as DropView[];
      for (const drop of drops) result.set(drop.id, drop.current_participants);
    } catch (error) {
      this.logger.warn(`Drops unavailable for participants: ${(error as Error).message}`);
    }
    return result;
  }

  private async contentFacts(
    state: CampaignState,
  ): Promise<Map<string, { content: ContentForCommand; creator: string | null }>> {
    const result = new Map<string, { content: ContentForCommand; creator: string | null }>();
    await Promise.all(
      state.content.map(async (item) => {
        const content = await this.content(item.itemId);
        if (!content) return;
        const creator = await this.queryBus.execute(new GetUserQuery(content.creatorId)).catch(() => null);
        result.set(item.itemId, { content, creator: creator ? `@${creator.username}` : null });
      }),
    );
    return result;
  }

  content(contentId: string): Promise<ContentForCommand | null> {
    return this.queryBus.execute(new GetContentForCommandQuery(contentId));
  }

  /** Whether `dropId` is one of `ownerId`'s drops (the drops list waits for the caller's own writes first). */
  async ownsDrop(ownerId: string, dropId: string): Promise<boolean> {
    const drops = (await this.queryBus.execute(
      new ListDropsQuery({ creatorId: ownerId, viewerId: ownerId, limit: 1000 }),
    )) as DropView[];
    return drops.some((drop) => drop.id === dropId);
  }
}

function countsFor(rows: readonly TelemetryCountRow[], type: 'content' | 'drop', id: string, addedAt: string): Counts {
  const since = dayOf(addedAt);
  let impressions = 0;
  let clicks = 0;
  for (const row of rows) {
    if (row.targetType !== type || row.targetId !== id || row.day < since) continue;
    if (row.eventType === 'impression') impressions += row.count;
    else if (row.eventType === 'click') clicks += row.count;
  }
  return { impressions, clicks };
}

/**
 * Impressions and clicks per UTC day of the campaign's items (attributed as above) and its share links, oldest first.
 */
function dailySeries(
  state: CampaignState,
  rows: readonly TelemetryCountRow[],
  shareClicks: ReadonlyMap<string, number>,
): Array<{ day: string; impressions: number; clicks: number }> {
  const since = new Map<string, string>();
  for (const item of state.content) since.set(`content:${item.itemId}`, dayOf(item.addedAt));
  for (const item of state.drops) since.set(`drop:${item.itemId}`, dayOf(item.addedAt));
  const days = new Map<string, { impressions: number; clicks: number }>();
  for (const row of rows) {
    const joined = since.get(`${row.targetType}:${row.targetId}`);
    if (joined === undefined || row.day < joined || (row.eventType !== 'impression' && row.eventType !== 'click'))
      continue;
    const day = days.get(row.day) ?? { impressions: 0, clicks: 0 };
    if (row.eventType === 'impression') day.impressions += row.count;
    else day.clicks += row.count;
    days.set(row.day, day);
  }
  for (const [day, clicks] of shareClicks) {
    const counts = days.get(day) ?? { impressions: 0, clicks: 0 };
    days.set(day, { impressions: counts.impressions, clicks: counts.clicks + clicks });
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, ...counts }));
}
