import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_EVENT_SCHEMAS } from '@app/contracts/engagement';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import {
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  MarketModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, givenUser, waitFor, type TestUser } from '../drops/support';

/**
 * Identity, the ledger, rewards, progress, search, drops and content on a fresh PostgreSQL database, with engagement
 * and the market: a delete or an edit asks them who holds shares.
 */
export function startContentApp(): Promise<IdentityTestApp> {
  return startAppWithModules('content_api', [
    IdentityModule,
    LedgerModule,
    RewardsModule,
    ProgressModule,
    SearchModule,
    DropsModule,
    ContentModule,
    EngagementModule,
    MarketModule,
  ]);
}

export const contentForm = (overrides: Record<string, unknown> = {}) => ({
  platform: 'tiktok',
  title: 'Morning routine',
  description: 'Five things I do before work',
  platform_url: 'https://www.tiktok.com/@someone/video/1',
  total_shares: 100,
  ...overrides,
});

/**
 * Appends facts as the engagement context records them (its published event types, `@app/contracts/engagement`), so
 * content's projection of them is exercised on real events; the engagement context's own rules are its tests'.
 */
export async function recordEngagement(
  testApp: IdentityTestApp,
  events: Array<{ type: string; data: Record<string, unknown> }>,
): Promise<void> {
  for (const event of events)
    ENGAGEMENT_EVENT_SCHEMAS[event.type as keyof typeof ENGAGEMENT_EVENT_SCHEMAS].parse(event.data);
  await testApp.app
    .get<EventStore>(EVENT_STORE)
    .append([{ streamId: `engagement-test-${randomUUID()}`, expectedVersion: 'no_stream', events }]);
}

const at = () => new Date().toISOString();
export const engagementEvents = {
  action: (contentId: string, userId: string, actionType: 'like' | 'save' | 'share' | 'repost' | 'comment') => ({
    type: 'SocialActionRecorded',
    data: { contentId, userId, actionType, pointsMinor: '1', engagementShares: 0, transactionId: null, at: at() },
  }),
  unsaved: (contentId: string, userId: string) => ({ type: 'ContentUnsaved', data: { contentId, userId, at: at() } }),
  sharesGiven: (contentId: string, userId: string, shares: number) => ({
    type: 'EngagementSharesGiven',
    data: { contentId, userId, actionType: 'like', shares, at: at() },
  }),
  externalMove: (contentId: string, userId: string) => ({
    type: 'ExternalMoveRecorded',
    data: {
      moveId: randomUUID(),
      contentId,
      userId,
      moveType: 'share',
      points: 100,
      keys: 5,
      proofType: 'url',
      proofUrl: 'https://x.test/p',
      transactionId: null,
      at: at(),
    },
  }),
  tipped: (contentId: string, fromUserId: string, usdMinor: bigint) => ({
    type: 'ContentTipped',
    data: {
      contentId,
      fromUserId,
      kind: 'fund',
      currency: 'USD',
      amountMinor: usdMinor.toString(),
      usdMinor: usdMinor.toString(),
      transactionId: randomUUID(),
      at: at(),
    },
  }),
  sponsored: (contentId: string, multiplierTenths: number, hours = 1, sponsorshipId: string = randomUUID()) => ({
    type: 'ContentSponsored',
    data: {
      sponsorshipId,
      contentId,
      sponsorId: 'sponsor',
      sponsorName: 'Sponsor',
      packageId: 'quick-boost',
      gemsMinor: '250000',
      multiplierTenths,
      hours,
      startsAt: new Date(Date.now() - 1000).toISOString(),
      endsAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
      transactionId: randomUUID(),
    },
  }),
  spent: (contentId: string, sponsorshipId: string) => ({
    type: 'SponsorshipSpent',
    data: { sponsorshipId, contentId, transactionId: randomUUID(), at: at() },
  }),
};
