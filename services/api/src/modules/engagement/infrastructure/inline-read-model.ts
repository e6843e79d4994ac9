import type { EngagementEvent } from '@app/contracts/engagement';
import type { AppendAlongside, TransactionHandle } from '@app/event-store';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import { dailyRewardsAlongside, type DayChange } from './daily-rewards';

async function bumpTotals(
  transaction: TransactionHandle,
  contentId: string,
  column: string,
  delta: number | bigint,
): Promise<void> {
  // Column names come from the fixed map above, never from input.
  await transaction.query(
    `INSERT INTO engagement_content_totals (content_id, ${column}) VALUES ($1, $2)
     ON CONFLICT (content_id) DO UPDATE SET ${column} = engagement_content_totals.${column} + EXCLUDED.${column}`,
    [contentId, delta.toString()],
  );
}

/** Writes the inline read models for events about to be appended, in the same transaction (README). */
export async function applyEngagementEvents(
  transaction: TransactionHandle,
  events: readonly EngagementEvent[],
): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'SocialActionRecorded': {
        // The same upsert a group writes beside its append, for one row.
        const [upsert] = socialActionRowsAlongside([event]);
        await transaction.query(upsert!.statement, [...upsert!.params]);
        // No per-item counter here: a row every like updates would make all likes of a hot item wait on one row
        // lock for the length of their transactions. Counts are the content context's projection of these events.
        break;
      }
      case 'ContentUnsaved':
        await transaction.query(
          'UPDATE engagement_user_content SET saved_at = NULL WHERE content_id = $1 AND user_id = $2',
          [event.data.contentId, event.data.userId],
        );
        break;
      case 'ExternalMoveRecorded':
        await bumpTotals(transaction, event.data.contentId, 'external_moves', 1);
        break;
      case 'ContentTipped':
        await bumpTotals(transaction, event.data.contentId, 'revenue_usd_minor', BigInt(event.data.usdMinor));
        break;
      case 'ContentSponsored': {
        const d = event.data;
        await transaction.query(
          `INSERT INTO engagement_sponsorships (sponsorship_id, content_id, sponsor_id, sponsor_name, package_id,
           gems_minor, multiplier_tenths, hours, starts_at, ends_at, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'live')`,
          [
            d.sponsorshipId,
            d.contentId,
            d.sponsorId,
            d.sponsorName,
            d.packageId,
            d.gemsMinor,
            d.multiplierTenths,
            d.hours,
            d.startsAt,
            d.endsAt,
          ],
        );
        break;
      }
      case 'SponsorshipSpent':
        await transaction.query(
          `UPDATE engagement_sponsorships SET status = 'spent', spent_at = $2 WHERE sponsorship_id = $1`,
          [event.data.sponsorshipId, event.data.at],
        );
        break;
      case 'SponsorshipEndedEarly':
        // Spent as far as lists go (no longer live); the refund is the ledger's.
        await transaction.query(
          `UPDATE engagement_sponsorships SET status = 'ended', spent_at = $2 WHERE sponsorship_id = $1`,
          [event.data.sponsorshipId, event.data.at],
        );
        break;
      default:
        break;
    }
  }
}

/** Events a quick action appends that have no inline row (the pool's shares: the pool is a stream). */
const USER_CONTENT_COLUMNS = {
  content_id: 'text',
  user_id: 'text',
  liked_at: 'timestamptz',
  saved_at: 'timestamptz',
  engagement_shares_held: 'integer',
} as const;

const WITHOUT_INLINE_ROWS = new Set<EngagementEvent['type']>(['EngagementSharesGiven']);

/**
 * A group of quick actions' inline rows as writes beside its append (`AppendAlongside`: in the append's own statement,
 * all or nothing with the events): every (item, user) row its `SocialActionRecorded` events touch, in one upsert (a
 * row twice in the group is folded first, as the events would leave it one after the other: the first like, the last
 * save, the shares summed), and its users' changed days (`dailyRewardsAlongside`).
 */
export function socialActionRowsAlongside(
  events: readonly EngagementEvent[],
  days: readonly DayChange[] = [],
): AppendAlongside[] {
  const rows = new Map<
    string,
    { contentId: string; userId: string; likedAt: string | null; savedAt: string | null; shares: number }
  >();
  for (const event of events) {
    if (WITHOUT_INLINE_ROWS.has(event.type)) continue;
    if (event.type !== 'SocialActionRecorded')
      throw new Error(`Invariant broken: ${event.type} in a group of quick actions`);
    const { contentId, userId, actionType, engagementShares, at } = event.data;
    const key = `${contentId} ${userId}`;
    const row = rows.get(key) ?? { contentId, userId, likedAt: null, savedAt: null, shares: 0 };
    rows.set(key, {
      ...row,
      likedAt: row.likedAt ?? (actionType === 'like' ? at : null),
      savedAt: actionType === 'save' ? at : row.savedAt,
      shares: row.shares + engagementShares,
    });
  }
  const upserts = [...rows.values()];
  const userContent: AppendAlongside[] =
    upserts.length === 0
      ? []
      : [
          {
            statement: `INSERT INTO engagement_user_content AS u
               (content_id, user_id, liked_at, saved_at, engagement_shares_held)
             SELECT * FROM ${rowsTable(1, USER_CONTENT_COLUMNS)} AS incoming
             ON CONFLICT (content_id, user_id) DO UPDATE SET
               liked_at = COALESCE(u.liked_at, EXCLUDED.liked_at),
               saved_at = COALESCE(EXCLUDED.saved_at, u.saved_at),
               engagement_shares_held = u.engagement_shares_held + EXCLUDED.engagement_shares_held
             RETURNING 1`,
            params: [
              rowsDocument(upserts.map((row) => [row.contentId, row.userId, row.likedAt, row.savedAt, row.shares])),
            ],
          },
        ];
  return [...userContent, ...dailyRewardsAlongside(days)];
}
