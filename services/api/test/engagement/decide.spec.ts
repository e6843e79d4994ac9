import type { EngagementEvent } from '@app/contracts/engagement';
import { DeciderSpecification } from '../support/decider-specification';
import {
  decideSpendSponsorship,
  decideSponsor,
  decideTip,
  type SponsorCommand,
  type TipCommand,
} from '../../src/modules/engagement/domain/decide-money';
import {
  decideExternalMove,
  decideSocialAction,
  type ExternalMoveCommand,
  type SocialActionCommand,
  type SocialState,
} from '../../src/modules/engagement/domain/decide-social';
import {
  evolvePool,
  evolveSponsorship,
  evolveUserContent,
  initialDaily,
  initialPool,
  type DailyState,
  initialSponsorship,
  initialUserContent,
} from '../../src/modules/engagement/domain/state';
import { SPONSOR_PACKAGES } from '@app/contracts/engagement';

const now = '2026-11-25T10:00:00.000Z';
const content = {
  creatorId: 'owner',
  creatorIsDemo: false,
  status: 'active' as const,
  isDemo: false,
  engagementSharesTotal: 20,
};

/**
 * Events tagged with the stream they were recorded in, or the user's day as its inline row holds it (the day is a row
 * decided on with the streams, not a stream): the state is the two streams folded and the last day given.
 */
type Tagged = { stream: 'userContent' | 'pool'; event: EngagementEvent } | { day: DailyState };
const evolveSocial = (state: SocialState, tagged: Tagged): SocialState =>
  'day' in tagged
    ? { ...state, daily: tagged.day }
    : tagged.stream === 'userContent'
      ? { ...state, userContent: evolveUserContent(state.userContent, tagged.event) }
      : { ...state, pool: evolvePool(state.pool, tagged.event) };
const initialSocial = (): SocialState => ({
  userContent: initialUserContent(),
  pool: initialPool(),
  daily: initialDaily(),
});

const social = DeciderSpecification.for({
  decide: decideSocialAction,
  evolve: evolveSocial,
  initialState: initialSocial,
});
const moves = DeciderSpecification.for({
  decide: decideExternalMove,
  evolve: evolveSocial,
  initialState: initialSocial,
});

const action = (overrides: Partial<SocialActionCommand> = {}): SocialActionCommand => ({
  contentId: 'c1',
  userId: 'u1',
  action: 'like',
  tier: 'free',
  actorIsDemo: false,
  content,
  transactionId: 't1',
  now,
  ...overrides,
});
const recorded = (actionType: SocialActionCommand['action'], engagementShares = 0, userId = 'u1'): Tagged => ({
  stream: 'userContent',
  event: {
    type: 'SocialActionRecorded',
    data: { contentId: 'c1', userId, actionType, pointsMinor: '1', engagementShares, transactionId: 't0', at: now },
  },
});
const sharesGiven = (shares: number): Tagged => ({
  stream: 'pool',
  event: {
    type: 'EngagementSharesGiven',
    data: { contentId: 'c1', userId: 'x', actionType: 'share', shares, at: now },
  },
});
const dailyPoints = (pointsMinor: string, externalMoves = 0): Tagged => ({
  day: { pointsMinor: BigInt(pointsMinor), externalMoves },
});
/** The ENGAGEMENT_REWARD movement an action decides: issued to the user. */
const reward = (
  description: string,
  postings: Array<{ currency: 'points' | 'keys'; amountMinor: bigint }>,
  references: Record<string, string> = { contentId: 'c1' },
) => ({
  transactionId: 't1',
  reasonCode: 'ENGAGEMENT_REWARD',
  description,
  postings: postings.map((posting) => ({ debitAccount: 'system:issuance', creditAccount: 'user:u1', ...posting })),
  now,
  references,
});

describe('social action decider', () => {
  it('pays a like 0.1 point and one engagement share, issued to the user', () => {
    social
      .given([])
      .when(action())
      .then({
        pointsMinor: 1n,
        engagementShares: 1,
        sharesRemaining: 19,
        money: reward('Content like', [{ currency: 'points', amountMinor: 1n }]),
      });
  });

  it('likes once and saves once (again only after removing it, then for no points)', () => {
    social
      .given([recorded('like', 1)])
      .when(action())
      .thenRefused('ALREADY_LIKED');
    social
      .given([recorded('save')])
      .when(action({ action: 'save' }))
      .thenRefused('ALREADY_SAVED');
    social
      .given([
        recorded('save'),
        { stream: 'userContent', event: { type: 'ContentUnsaved', data: { contentId: 'c1', userId: 'u1', at: now } } },
      ])
      .when(action({ action: 'save' }))
      .then({ pointsMinor: 0n, money: null });
  });

  it('multiplies by the tier and floors to one decimal', () => {
    social
      .given([])
      .when(action({ tier: 'premium' }))
      .then({ pointsMinor: 1n }); // 0.15 → 0.1
    social
      .given([])
      .when(action({ tier: 'super', action: 'share' }))
      .then({ pointsMinor: 200n }); // share 10 × 2 (README, Decisions)
    social
      .given([])
      .when(action({ tier: 'premium', action: 'repost' }))
      .then({ pointsMinor: 3n });
    social
      .given([])
      .when(action({ tier: 'premium', action: 'comment' }))
      .then({ pointsMinor: 4n }); // 0.45 → 0.4
  });

  it('gives shares once per action type and never beyond the pool', () => {
    social
      .given([recorded('share', 5)])
      .when(action({ action: 'share' }))
      .then({ engagementShares: 0, poolEvents: [] });
    social
      .given([sharesGiven(18)])
      .when(action({ action: 'share' }))
      .then({ engagementShares: 2, sharesRemaining: 0 });
    social
      .given([sharesGiven(20)])
      .when(action({ action: 'comment' }))
      .then({ engagementShares: 0 });
  });

  it('mints at most 50 points a day and nothing on demo content; archived items take no engagement', () => {
    social
      .given([dailyPoints('495')])
      .when(action({ action: 'share' }))
      .then({ pointsMinor: 5n, dailyPointsRemainingMinor: 0n, dailyLimitReached: true });
    social
      .given([dailyPoints('500')])
      .when(action({ action: 'share' }))
      .then({
        pointsMinor: 0n,
        dailyAfter: { pointsMinor: 500n, externalMoves: 0 },
        money: null,
        dailyLimitReached: true,
      });
    social
      .given([dailyPoints('400')])
      .when(action({ action: 'share' }))
      .then({ pointsMinor: 100n, dailyLimitReached: false });
    social
      .given([])
      .when(action({ content: { ...content, isDemo: true } }))
      .then({ pointsMinor: 0n });
    social
      .given([])
      .when(action({ content: { ...content, status: 'archived' } }))
      .thenRefused('CONTENT_ARCHIVED');
  });

  it("gives the day's totals after each action for its row, and records no event of the day", () => {
    social
      .given([dailyPoints('30', 2)])
      .when(action({ action: 'share' }))
      .then({ dailyAfter: { pointsMinor: 130n, externalMoves: 2 } });
    social
      .given([dailyPoints('499')])
      .when(action({ action: 'share' }))
      .then({ pointsMinor: 1n, dailyPointsRemainingMinor: 0n, dailyAfter: { pointsMinor: 500n, externalMoves: 0 } });
    const decision = decideSocialAction(action({ action: 'share' }), initialSocial());
    expect(
      decision.kind === 'accepted' &&
        [...decision.userContentEvents, ...decision.poolEvents].map((event) => event.type),
    ).toEqual(['SocialActionRecorded', 'EngagementSharesGiven']);
  });

  it('pays a share or a repost once per user and item, later ones count for 0 points and say why', () => {
    social
      .given([recorded('share', 5)])
      .when(action({ action: 'share' }))
      .then({ pointsMinor: 0n, money: null, paidBefore: true, dailyLimitReached: false });
    social
      .given([recorded('repost')])
      .when(action({ action: 'repost' }))
      .then({ pointsMinor: 0n, paidBefore: true });
    social
      .given([recorded('share', 5)])
      .when(action({ action: 'repost' }))
      .then({ pointsMinor: 2n, paidBefore: false });
  });

  it('pays every comment (each names its comment), the free shares only once per item', () => {
    const first = decideSocialAction(action({ action: 'comment', commentId: 'k1' }), initialSocial());
    expect(first).toMatchObject({ pointsMinor: 3n, engagementShares: 3, paidBefore: false });
    expect(first.kind === 'accepted' && first.userContentEvents[0]!.data).toMatchObject({
      actionType: 'comment',
      commentId: 'k1',
      pointsMinor: '3',
    });
    social
      .given([recorded('comment', 3)])
      .when(action({ action: 'comment', commentId: 'k2' }))
      .then({
        pointsMinor: 3n,
        engagementShares: 0,
        poolEvents: [],
        money: reward('Content comment', [{ currency: 'points', amountMinor: 3n }], {
          contentId: 'c1',
          commentId: 'k2',
        }),
      });
  });

  it('pays the creator nothing for engaging with their own item', () => {
    social
      .given([])
      .when(action({ userId: 'owner', action: 'share' }))
      .then({ pointsMinor: 0n, engagementShares: 0, money: null });
  });

  it('pays nothing between a demo sandbox and a real account, either way', () => {
    social
      .given([])
      .when(action({ actorIsDemo: true, action: 'share' }))
      .then({ pointsMinor: 0n, engagementShares: 0, money: null });
    social
      .given([])
      .when(action({ content: { ...content, creatorIsDemo: true } }))
      .then({ pointsMinor: 0n, engagementShares: 0 });
    social
      .given([])
      .when(action({ actorIsDemo: true, content: { ...content, creatorIsDemo: true } }))
      .then({ pointsMinor: 1n, engagementShares: 1 });
  });
});

describe('external move decider', () => {
  const move = (overrides: Partial<ExternalMoveCommand> = {}): ExternalMoveCommand => ({
    moveId: 'm1',
    contentId: 'c1',
    userId: 'u1',
    moveType: 'repost',
    tier: 'free',
    actorIsDemo: false,
    content,
    proofType: 'url',
    proofUrl: 'https://x.test/p',
    transactionId: 't1',
    now,
    ...overrides,
  });

  it('pays points × multiplier (floored) and keys = ceil(points / 20)', () => {
    moves
      .given([])
      .when(move())
      .then({
        pointsMinor: 1200n,
        keys: 6,
        money: reward(
          'External repost',
          [
            { currency: 'points', amountMinor: 1200n },
            { currency: 'keys', amountMinor: 6n },
          ],
          { contentId: 'c1', moveId: 'm1' },
        ),
      });
    moves
      .given([])
      .when(move({ moveType: 'like', tier: 'premium' }))
      .then({ pointsMinor: 150n, keys: 1 });
    moves
      .given([])
      .when(move({ moveType: 'comment', tier: 'premium' }))
      .then({ pointsMinor: 450n, keys: 3 });
  });

  it('records a move type once per item and at most 10 a day', () => {
    const done: Tagged = {
      stream: 'userContent',
      event: {
        type: 'ExternalMoveRecorded',
        data: {
          moveId: 'm0',
          contentId: 'c1',
          userId: 'u1',
          moveType: 'repost',
          points: 120,
          keys: 6,
          proofType: 'url',
          proofUrl: 'u',
          transactionId: 't0',
          at: now,
        },
      },
    };
    moves.given([done]).when(move()).thenRefused('MOVE_ALREADY_RECORDED');
    moves
      .given([dailyPoints('0', 10)])
      .when(move())
      .thenRefused('DAILY_MOVES_REACHED');
    moves
      .given([dailyPoints('0', 9)])
      .when(move())
      .then({ movesRemainingToday: 0 });
    // The day's totals after the move go to its row, as for quick actions.
    moves
      .given([dailyPoints('30', 2)])
      .when(move())
      .then({ dailyAfter: { pointsMinor: 30n, externalMoves: 3 } });
    moves
      .given([])
      .when(move({ userId: 'owner' }))
      .then({ pointsMinor: 0n, keys: 0, money: null });
    moves
      .given([])
      .when(move({ actorIsDemo: true }))
      .then({ pointsMinor: 0n, keys: 0, money: null });
  });
});

describe('tip and fund decider', () => {
  const tip = (overrides: Partial<TipCommand> = {}): TipCommand => ({
    kind: 'tip',
    contentId: 'c1',
    fromUserId: 'fan',
    fromIsDemo: false,
    content: { title: 'Song', creatorId: 'owner', creatorIsDemo: false, status: 'active', totalShares: 100 },
    currency: 'Gems',
    amountMinor: 50_0000n,
    transactionId: 't1',
    now,
    ...overrides,
  });
  const tips = DeciderSpecification.for({ decide: decideTip, evolve: evolvePool, initialState: initialPool });
  const tipped = (usdMinor: string): EngagementEvent => ({
    type: 'ContentTipped',
    data: {
      contentId: 'c1',
      fromUserId: 'f',
      kind: 'tip',
      currency: 'USD',
      amountMinor: usdMinor,
      usdMinor,
      transactionId: 't0',
      at: now,
    },
  });

  it('turns gems into $0.01 each for the creator through system:conversion', () => {
    tips
      .given([])
      .when(tip())
      .then({
        usdMinor: 5000n,
        newRevenueUsdMinor: 5000n,
        newSharePriceUsdMinor: 100n,
        money: {
          transactionId: 't1',
          reasonCode: 'TIP',
          description: 'Tip to "Song"',
          postings: [
            { debitAccount: 'user:fan', creditAccount: 'system:conversion', currency: 'gems', amountMinor: 500000n },
            { debitAccount: 'system:conversion', creditAccount: 'user:owner', currency: 'usd', amountMinor: 5000n },
          ],
          now,
          references: { contentId: 'c1' },
        },
      });
  });

  it('funds the item escrow, points at 1,000 = $1, and prices shares from all revenue', () => {
    tips
      .given([tipped('1000000')])
      .when(tip({ kind: 'fund', currency: 'Points', amountMinor: 20_000n }))
      .then({
        usdMinor: 20_000n,
        newRevenueUsdMinor: 1_020_000n,
        newSharePriceUsdMinor: 10_200n,
        money: {
          transactionId: 't1',
          reasonCode: 'CONTENT_FUNDING',
          description: 'Funding of "Song"',
          postings: [
            { debitAccount: 'user:fan', creditAccount: 'system:conversion', currency: 'points', amountMinor: 20_000n },
            {
              debitAccount: 'system:conversion',
              creditAccount: 'escrow:content:c1',
              currency: 'usd',
              amountMinor: 20_000n,
            },
          ],
          now,
          references: { contentId: 'c1' },
        },
      });
  });

  it('moves USD as it is, straight to the creator', () => {
    tips
      .given([])
      .when(tip({ currency: 'USD', amountMinor: 250n }))
      .then({
        usdMinor: 250n,
        money: expect.objectContaining({
          reasonCode: 'TIP',
          postings: [{ debitAccount: 'user:fan', creditAccount: 'user:owner', currency: 'usd', amountMinor: 250n }],
        }),
      });
  });

  it('refuses a tip of one’s own content, a demo fund of real content and archived items', () => {
    tips
      .given([])
      .when(tip({ fromUserId: 'owner' }))
      .thenRefused('OWN_CONTENT');
    tips
      .given([])
      .when(tip({ kind: 'fund', fromUserId: 'owner' }))
      .then({ usdMinor: 5000n });
    tips
      .given([])
      .when(tip({ kind: 'fund', fromIsDemo: true }))
      .thenRefused('DEMO_ISOLATION');
    tips
      .given([])
      .when(
        tip({
          content: { title: 'Song', creatorId: 'owner', creatorIsDemo: false, status: 'archived', totalShares: 100 },
        }),
      )
      .thenRefused('CONTENT_ARCHIVED');
  });
});

describe('sponsorship decider', () => {
  const sponsors = DeciderSpecification.for({
    decide: decideSponsor,
    evolve: evolveSponsorship,
    initialState: initialSponsorship,
  });
  const spends = DeciderSpecification.for({
    decide: decideSpendSponsorship,
    evolve: evolveSponsorship,
    initialState: initialSponsorship,
  });
  const command = (overrides: Partial<SponsorCommand> = {}): SponsorCommand => ({
    sponsorshipId: 's1',
    contentId: 'c1',
    sponsor: { userId: 'ad', name: 'Brand', userType: 'advertiser', isDemo: false },
    content: { title: 'Song', creatorId: 'owner', creatorIsDemo: false, status: 'active' },
    package: SPONSOR_PACKAGES[2]!,
    transactionId: 't1',
    now,
    ...overrides,
  });
  const sponsored: EngagementEvent = {
    type: 'ContentSponsored',
    data: {
      sponsorshipId: 's1',
      contentId: 'c1',
      sponsorId: 'ad',
      sponsorName: 'Brand',
      packageId: 'daily-featured',
      gemsMinor: '1000000',
      multiplierTenths: 30,
      hours: 24,
      startsAt: now,
      endsAt: '2026-11-26T10:00:00.000Z',
      transactionId: 't1',
    },
  };

  it('holds the package’s gems in the sponsorship escrow until its end', () => {
    sponsors
      .given([])
      .when(command())
      .then({
        events: [sponsored],
        endsAt: '2026-11-26T10:00:00.000Z',
        money: {
          transactionId: 't1',
          reasonCode: 'SPONSORSHIP',
          description: `${SPONSOR_PACKAGES[2]!.name} for "Song"`,
          postings: [
            {
              debitAccount: 'user:ad',
              creditAccount: 'escrow:sponsorship:s1',
              currency: 'gems',
              amountMinor: 1_000_000n,
            },
          ],
          now,
          references: { contentId: 'c1', sponsorshipId: 's1' },
        },
      });
  });

  it('takes advertisers only, not their own content, not across demo and real', () => {
    sponsors
      .given([])
      .when(command({ sponsor: { userId: 'ad', name: 'B', userType: 'creator', isDemo: false } }))
      .thenRefused('NOT_ADVERTISER');
    sponsors
      .given([])
      .when(command({ content: { title: 'Song', creatorId: 'ad', creatorIsDemo: false, status: 'active' } }))
      .thenRefused('OWN_CONTENT');
    sponsors
      .given([])
      .when(command({ sponsor: { userId: 'ad', name: 'B', userType: 'advertiser', isDemo: true } }))
      .thenRefused('DEMO_ISOLATION');
  });

  it('spends the escrow to platform revenue at the end, once', () => {
    spends
      .given([sponsored])
      .when({ sponsorshipId: 's1', transactionId: 't2', now })
      .thenRefused('SPONSORSHIP_NOT_ENDED');
    spends
      .given([sponsored])
      .when({ sponsorshipId: 's1', transactionId: 't2', now: '2026-11-26T10:00:00.000Z' })
      .then({
        events: [
          {
            type: 'SponsorshipSpent',
            data: { sponsorshipId: 's1', contentId: 'c1', transactionId: 't2', at: '2026-11-26T10:00:00.000Z' },
          },
        ],
        money: {
          transactionId: 't2',
          reasonCode: 'SPONSORSHIP',
          description: 'Sponsorship ended: gems spent',
          postings: [
            {
              debitAccount: 'escrow:sponsorship:s1',
              creditAccount: 'system:fees',
              currency: 'gems',
              amountMinor: 1_000_000n,
            },
          ],
          now: '2026-11-26T10:00:00.000Z',
          references: { sponsorshipId: 's1' },
        },
      });
    const spent: EngagementEvent = {
      type: 'SponsorshipSpent',
      data: { sponsorshipId: 's1', contentId: 'c1', transactionId: 't2', at: now },
    };
    spends
      .given([sponsored, spent])
      .when({ sponsorshipId: 's1', transactionId: 't3', now: '2026-11-27T00:00:00.000Z' })
      .then({ events: [], money: null });
    spends.given([]).when({ sponsorshipId: 's1', transactionId: 't3', now }).thenRefused('SPONSORSHIP_NOT_FOUND');
  });
});
