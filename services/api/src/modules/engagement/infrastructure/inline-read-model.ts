import type { EngagementEvent } from '@app/contracts/engagement';
import type { TransactionHandle } from '@app/event-store';
import { dailyRewardsWrite, saveDailyRewards, type DayChange } from './daily-rewards';

async function bumpTotals(transaction: TransactionHandle, contentId: string, column: string, delta: number | bigint): Promise<void> {
  // Column names come from the fixed map above, never from input.
  await transaction.query(
    `INSERT INTO engagement_content_totals (content_id, ${column}) VALUES ($1, $2)
     ON CONFLICT (content_id) DO UPDATE SET ${column} = engagement_content_totals.${column} + EXCLUDED.${column}`,
    [contentId, delta.toString()],
  );
}

/** Writes the inline read models for events about to be appended, in the same transaction (README). */
export async function applyEngagementEvents(transaction: TransactionHandle, events: readonly EngagementEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'SocialActionRecorded': {
        const { contentId, userId, actionType, engagementShares, at } = event.data;
        await transaction.query(
          `INSERT INTO engagement_user_content (content_id, user_id, liked_at, saved_at, engagement_shares_held) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (content_id, user_id) DO UPDATE SET
             liked_at = COALESCE(engagement_user_content.liked_at, EXCLUDED.liked_at),
             saved_at = COALESCE(EXCLUDED.saved_at, engagement_user_content.saved_at),
             engagement_shares_held = engagement_user_content.engagement_shares_held + EXCLUDED.engagement_shares_held`,
          [contentId, userId, actionType === 'like' ? at : null, actionType === 'save' ? at : null, engagementShares],
        );
        // No per-item counter here: a row every like updates would make all likes of a hot item wait on one row
        // lock for the length of their transactions. Counts are the content context's projection of these events.
        break;
      }
      case 'ContentUnsaved':
        await transaction.query('UPDATE engagement_user_content SET saved_at = NULL WHERE content_id = $1 AND user_id = $2', [event.data.contentId, event.data.userId]);
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
          `INSERT INTO engagement_sponsorships (sponsorship_id, content_id, sponsor_id, sponsor_name, package_id, gems_minor, multiplier_tenths, hours, starts_at, ends_at, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'live')`,
          [d.sponsorshipId, d.contentId, d.sponsorId, d.sponsorName, d.packageId, d.gemsMinor, d.multiplierTenths, d.hours, d.startsAt, d.endsAt],
        );
        break;
      }
      case 'SponsorshipSpent':
        await transaction.query(`UPDATE engagement_sponsorships SET status = 'spent', spent_at = $2 WHERE sponsorship_id = $1`, [event.data.sponsorshipId, event.data.at]);
        break;
      case 'SponsorshipEndedEarly':
        // Spent as far as lists go (no longer live); the refund is the ledger's.
        await transaction.query(`UPDATE engagement_sponsorships SET status = 'ended', spent_at = $2 WHERE sponsorship_id = $1`, [event.data.sponsorshipId, event.data.at]);
        break;
      default:
        break;
    }
  }
}

/**
 * A group's events (a group commit of social actions) and its users' days in as few statements as it can: the
 * `SocialActionRecorded` upserts and the changed days in ONE statement when no (item, user) row appears twice (a row
 * may be touched once per statement), otherwise, and for every other event, `applyEngagementEvents` one by one and the
 * days in a statement of their own.
 */
export async function applyEngagementEventsOfGroup(transaction: TransactionHandle, events: readonly EngagementEvent[], days: readonly DayChange[] = []): Promise<void> {
  const recorded = events.filter((event): event is Extract<EngagementEvent, { type: 'SocialActionRecorded' }> => event.type === 'SocialActionRecorded');
  const keys = new Set(recorded.map(({ data }) => `${data.contentId} ${data.userId}`));
  if (recorded.length < 2 || keys.size !== recorded.length) {
    await applyEngagementEvents(transaction, events);
    return saveDailyRewards(transaction, days);
  }
  const daily = dailyRewardsWrite(days, 5);
  const { rows } = await transaction.query<{ written: number }>(
    `WITH ${daily ? `${daily.ctes}, ` : ''}user_content AS (
       INSERT INTO engagement_user_content AS u (content_id, user_id, liked_at, saved_at, engagement_shares_held)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[])
       ON CONFLICT (content_id, user_id) DO UPDATE SET
         liked_at = COALESCE(u.liked_at, EXCLUDED.liked_at),
         saved_at = COALESCE(EXCLUDED.saved_at, u.saved_at),
         engagement_shares_held = u.engagement_shares_held + EXCLUDED.engagement_shares_held
     )
     SELECT ${daily ? daily.written : '0'} AS written`,
    [
      recorded.map(({ data }) => data.contentId),
      recorded.map(({ data }) => data.userId),
      recorded.map(({ data }) => (data.actionType === 'like' ? data.at : null)),
      recorded.map(({ data }) => (data.actionType === 'save' ? data.at : null)),
      recorded.map(({ data }) => data.engagementShares),
      ...(daily?.params ?? []),
    ],
  );
  daily?.check(rows[0]!.written);
  await applyEngagementEvents(
    transaction,
    events.filter((event) => event.type !== 'SocialActionRecorded'),
  );
}
