import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { ENGAGEMENT_EVENT_SCHEMAS, parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import { marketStreamId } from '@app/contracts/market';
import { ContentViewsCountedSchema } from '@app/contracts/telemetry';
import { rowsDocument, rowsTable, upsertRows } from '../../../platform/database/upsert-rows';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';

const logger = new Logger('ContentEngagement');

type Table = 'content_engagement_totals' | 'content_engagement_viewers' | 'content_sponsorships';

/** The engagement context's published events this projection folds (`@app/contracts/engagement`). */
export const CONTENT_ENGAGEMENT_EVENT_TYPES = [
  'SocialActionRecorded',
  'ContentUnsaved',
  'ExternalMoveRecorded',
  'EngagementSharesGiven',
  'ContentTipped',
  'ContentSponsored',
  'SponsorshipSpent',
  'SponsorshipEndedEarly',
] as const satisfies readonly (keyof typeof ENGAGEMENT_EVENT_SCHEMAS)[];

/** The market context's primary sale (on `market-content-<contentId>`): shares no longer for sale. */
const SHARES_BOUGHT = 'SharesBought';
const MARKET_STREAM_PREFIX = marketStreamId('');
/** The telemetry context's views of content, one event per stored batch (`@app/contracts/telemetry`). */
const CONTENT_VIEWS_COUNTED = 'ContentViewsCounted';

interface Totals {
  likes: number;
  saves: number;
  shares: number;
  reposts: number;
  comments: number;
  externalMoves: number;
  internalMoves: number;
  sharesGiven: number;
  sharesSold: number;
  revenueUsdMinor: bigint;
  views: number;
}
const zeroTotals = (): Totals => ({
  likes: 0,
  saves: 0,
  shares: 0,
  reposts: 0,
  comments: 0,
  externalMoves: 0,
  internalMoves: 0,
  sharesGiven: 0,
  sharesSold: 0,
  revenueUsdMinor: 0n,
  views: 0,
});

interface ViewerChange {
  liked: boolean;
  /** The last save state the batch recorded, undefined when it said nothing about saving. */
  saved: boolean | undefined;
  shares: number;
}

/**
 * Per content item, what the engagement context recorded about it: action counts, engagement shares given, USD
 * revenue (tips and funds), who liked or saved it and the shares each holds, and its sponsorships. Eventual (a
 * poll behind the log); the reads that follow a user's own action wait for it (`ReadYourWrites`, bounded).
 */
export const contentEngagementProjection = defineProjection<Table>({
  name: 'content_engagement',
  // 2: sponsorships indexed by content (one item's live boost is read per page). 3: primary sales (shares_sold).
  // 4: views from the telemetry context's ContentViewsCounted.
  version: 4,
  tableNames: ['content_engagement_totals', 'content_engagement_viewers', 'content_sponsorships'],
  eventTypes: [...CONTENT_ENGAGEMENT_EVENT_TYPES, SHARES_BOUGHT, CONTENT_VIEWS_COUNTED],
  createTables: (tables) => [
    `CREATE TABLE ${tables.content_engagement_totals} (
       content_id text PRIMARY KEY,
       likes integer NOT NULL, saves integer NOT NULL, shares integer NOT NULL, reposts integer NOT NULL,
       comments integer NOT NULL, external_moves integer NOT NULL, internal_moves integer NOT NULL,
       shares_given integer NOT NULL, shares_sold integer NOT NULL,
       revenue_usd_minor numeric NOT NULL, views bigint NOT NULL DEFAULT 0
     )`,
    `CREATE TABLE ${tables.content_engagement_viewers} (
       content_id text NOT NULL, user_id text NOT NULL,
       has_liked boolean NOT NULL, has_saved boolean NOT NULL, engagement_shares integer NOT NULL,
       PRIMARY KEY (content_id, user_id)
     )`,
    `CREATE TABLE ${tables.content_sponsorships} (
       sponsorship_id text PRIMARY KEY, content_id text NOT NULL, sponsor_name text NOT NULL,
       multiplier_tenths integer NOT NULL, gems_minor numeric NOT NULL,
       starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, spent boolean NOT NULL
     )`,
    `CREATE INDEX ON ${tables.content_sponsorships} (ends_at) WHERE NOT spent`,
    `CREATE INDEX ON ${tables.content_sponsorships} (content_id) WHERE NOT spent`,
  ],
  async handle(events, transaction, tables) {
    const changes = new BatchChanges();
    for (const stored of events) foldStored(changes, stored);
    await writeTotals(transaction, tables, changes.totals);
    await writeViewers(transaction, tables, changes.viewers);
    await writeSponsorships(transaction, tables, changes.sponsored, changes.spent);
  },
});

/** What one batch of events changes, gathered in memory and then written in a few statements. */
class BatchChanges {
  readonly totals = new Map<string, Totals>();
  readonly viewers = new Map<string, ViewerChange>();
  readonly sponsored: EngagementEvent[] = [];
  readonly spent: string[] = [];

  totalsOf(contentId: string): Totals {
    return this.totals.get(contentId) ?? (this.totals.set(contentId, zeroTotals()).get(contentId) as Totals);
  }

  viewerOf(contentId: string, userId: string): ViewerChange {
    const key = `${contentId}\u0000${userId}`;
    return (
      this.viewers.get(key) ??
      (this.viewers.set(key, { liked: false, saved: undefined, shares: 0 }).get(key) as ViewerChange)
    );
  }
}

/** Folds one stored event: the market's primary sale, the telemetry's view counts, or an engagement event. */
function foldStored(changes: BatchChanges, stored: StoredEvent): void {
  if (stored.type === SHARES_BOUGHT) {
    const quantity = (stored.data as { quantity?: unknown }).quantity;
    if (stored.streamId.startsWith(MARKET_STREAM_PREFIX) && Number.isInteger(quantity))
      changes.totalsOf(stored.streamId.slice(MARKET_STREAM_PREFIX.length)).sharesSold += quantity as number;
    else logger.error(`Skipping ${stored.type} ${stored.id}: no content stream or quantity`);
    return;
  }
  if (stored.type === CONTENT_VIEWS_COUNTED) {
    const counted = ContentViewsCountedSchema.safeParse(stored.data);
    if (counted.success)
      for (const { contentId, views } of counted.data.views) changes.totalsOf(contentId).views += views;
    else logger.error(`Skipping ${stored.type} ${stored.id}: ${counted.error.message}`);
    return;
  }
  const event = parse(stored);
  if (event) foldEngagementEvent(changes, event);
}

function foldEngagementEvent(changes: BatchChanges, event: EngagementEvent): void {
  switch (event.type) {
    case 'SocialActionRecorded': {
      const { contentId, userId, actionType } = event.data;
      const total = changes.totalsOf(contentId);
      total.internalMoves += 1;
      if (actionType === 'like') {
        total.likes += 1;
        changes.viewerOf(contentId, userId).liked = true;
      } else if (actionType === 'save') {
        total.saves += 1;
        changes.viewerOf(contentId, userId).saved = true;
      } else if (actionType === 'share') total.shares += 1;
      else if (actionType === 'repost') total.reposts += 1;
      else total.comments += 1;
      break;
    }
    case 'ContentUnsaved':
      changes.totalsOf(event.data.contentId).saves -= 1;
      changes.viewerOf(event.data.contentId, event.data.userId).saved = false;
      break;
    case 'ExternalMoveRecorded':
      changes.totalsOf(event.data.contentId).externalMoves += 1;
      break;
    case 'EngagementSharesGiven':
      changes.totalsOf(event.data.contentId).sharesGiven += event.data.shares;
      changes.viewerOf(event.data.contentId, event.data.userId).shares += event.data.shares;
      break;
    case 'ContentTipped':
      changes.totalsOf(event.data.contentId).revenueUsdMinor += BigInt(event.data.usdMinor);
      break;
    case 'ContentSponsored':
      changes.sponsored.push(event);
      break;
    case 'SponsorshipSpent':
    case 'SponsorshipEndedEarly':
      changes.spent.push(event.data.sponsorshipId);
      break;
    default:
      break;
  }
}

function parse(stored: StoredEvent): EngagementEvent | null {
  try {
    return parseEngagementEvent(stored.type, stored.data);
  } catch (error) {
    // A recorded fact this version cannot read is skipped (and logged), never a stopped projection.
    logger.error(`Skipping ${stored.type} ${stored.id}: ${(error as Error).message}`);
    return null;
  }
}

/** The upsert's SET clause for a counter column: the batch's change is added to the stored value. */
const addedToTarget = (column: string): string => `${column} = target.${column} + excluded.${column}`;

async function writeTotals(
  transaction: TransactionHandle,
  tables: ProjectionTables<Table>,
  totals: Map<string, Totals>,
): Promise<void> {
  const columns = [
    'likes',
    'saves',
    'shares',
    'reposts',
    'comments',
    'external_moves',
    'internal_moves',
    'shares_given',
    'shares_sold',
    'revenue_usd_minor',
    'views',
  ];
  await upsertRows(
    transaction,
    tables.content_engagement_totals,
    {
      content_id: 'text',
      likes: 'integer',
      saves: 'integer',
      shares: 'integer',
      reposts: 'integer',
      comments: 'integer',
      external_moves: 'integer',
      internal_moves: 'integer',
      shares_given: 'integer',
      shares_sold: 'integer',
      revenue_usd_minor: 'numeric',
      views: 'bigint',
    },
    [...totals].map(([contentId, total]) => [
      contentId,
      total.likes,
      total.saves,
      total.shares,
      total.reposts,
      total.comments,
      total.externalMoves,
      total.internalMoves,
      total.sharesGiven,
      total.sharesSold,
      total.revenueUsdMinor.toString(),
      total.views,
    ]),
    `ON CONFLICT (content_id) DO UPDATE SET ${columns.map(addedToTarget).join(', ')}`,
  );
}

const VIEWER_CHANGE_COLUMNS = {
  content_id: 'text',
  user_id: 'text',
  liked: 'boolean',
  saved: 'boolean',
  shares: 'integer',
} as const;

async function writeViewers(
  transaction: TransactionHandle,
  tables: ProjectionTables<Table>,
  viewers: Map<string, ViewerChange>,
): Promise<void> {
  if (viewers.size === 0) return;
  const rows = [...viewers].map(([key, change]): [string, string, ViewerChange] => {
    const [contentId = '', userId = ''] = key.split('\u0000');
    return [contentId, userId, change];
  });
  await transaction.query(
    `INSERT INTO ${tables.content_engagement_viewers} AS target
            (content_id, user_id, has_liked, has_saved, engagement_shares)
     SELECT content_id, user_id, liked, coalesce(saved, false), shares
       FROM ${rowsTable(1, VIEWER_CHANGE_COLUMNS)} AS change
     ON CONFLICT (content_id, user_id) DO UPDATE SET
       has_liked = target.has_liked OR excluded.has_liked,
       engagement_shares = target.engagement_shares + excluded.engagement_shares`,
    [
      rowsDocument(
        rows.map(([contentId, userId, change]) => [
          contentId,
          userId,
          change.liked,
          change.saved ?? null,
          change.shares,
        ]),
      ),
    ],
  );
  // A save or unsave sets the state; rows the batch said nothing about keep theirs.
  const saves = rows.filter((row) => row[2].saved !== undefined);
  if (saves.length > 0) {
    await transaction.query(
      `UPDATE ${tables.content_engagement_viewers} AS target SET has_saved = change.saved
         FROM ${rowsTable(1, { content_id: 'text', user_id: 'text', saved: 'boolean' })} AS change
        WHERE target.content_id = change.content_id AND target.user_id = change.user_id`,
      [rowsDocument(saves.map(([contentId, userId, change]) => [contentId, userId, change.saved ?? null]))],
    );
  }
}

async function writeSponsorships(
  transaction: TransactionHandle,
  tables: ProjectionTables<Table>,
  sponsored: EngagementEvent[],
  spent: string[],
): Promise<void> {
  const rows = sponsored.flatMap((event) =>
    event.type === 'ContentSponsored'
      ? [
          [
            event.data.sponsorshipId,
            event.data.contentId,
            event.data.sponsorName,
            event.data.multiplierTenths,
            event.data.gemsMinor,
            event.data.startsAt,
            event.data.endsAt,
            false,
          ] as const,
        ]
      : [],
  );
  await upsertRows(
    transaction,
    tables.content_sponsorships,
    {
      sponsorship_id: 'text',
      content_id: 'text',
      sponsor_name: 'text',
      multiplier_tenths: 'integer',
      gems_minor: 'numeric',
      starts_at: 'timestamptz',
      ends_at: 'timestamptz',
      spent: 'boolean',
    },
    rows,
    'ON CONFLICT (sponsorship_id) DO NOTHING',
  );
  if (spent.length > 0)
    await transaction.query(
      `UPDATE ${tables.content_sponsorships} SET spent = true WHERE sponsorship_id = ANY($1::text[])`,
      [spent],
    );
}
