import type { EngagementEvent } from '@app/contracts/engagement';
import {
  decideEndSponsorshipEarly,
  decideReleaseReserve,
  evolveReserve,
  initialReserve,
} from '../../src/modules/engagement/domain/content-removed';
import { evolveSponsorship, initialSponsorship } from '../../src/modules/engagement/domain/state';

const fund = (usdMinor: bigint, kind: 'tip' | 'fund' = 'fund'): EngagementEvent => ({
  type: 'ContentTipped',
  data: {
    contentId: 'c1',
    fromUserId: 'u9',
    kind,
    currency: 'USD',
    amountMinor: usdMinor.toString(),
    usdMinor: usdMinor.toString(),
    transactionId: 't',
    at: '2026-11-27T10:00:00.000Z',
  },
});
const given = (events: EngagementEvent[]) => events.reduce(evolveReserve, initialReserve());
const release = (holders: Array<{ userId: string; shares: number }>, totalShares = 100) => ({
  contentId: 'c1',
  creatorId: 'creator',
  totalShares,
  holders,
  transactionId: 'tx',
  now: '2026-11-27T12:00:00.000Z',
});

describe('an item removed: its funding reserve', () => {
  it('given funds (tips aside), when released, pays each holder floor(reserve × shares / total) and the creator the rest', () => {
    const state = given([fund(1_000_000n), fund(500_000n, 'tip'), fund(2_333n)]);
    expect(state.reserveUsdMinor).toBe(1_002_333n);
    const { events, money } = decideReleaseReserve(
      release([
        { userId: 'a', shares: 10 },
        { userId: 'b', shares: 3 },
        { userId: 'a', shares: 1 },
      ]),
      state,
    );
    // a: 11 shares → floor(1,002,333 × 11 / 100) = 110,256; b: 3 → 30,069; the creator the remaining 862,008 (86 shares and the rounding).
    expect(money).toEqual({
      transactionId: 'tx',
      reasonCode: 'CONTENT_FUNDING',
      description: 'Funding reserve paid out: the item was removed',
      postings: [
        { debitAccount: 'escrow:content:c1', creditAccount: 'user:a', currency: 'usd', amountMinor: 110_256n },
        { debitAccount: 'escrow:content:c1', creditAccount: 'user:b', currency: 'usd', amountMinor: 30_069n },
        { debitAccount: 'escrow:content:c1', creditAccount: 'user:creator', currency: 'usd', amountMinor: 862_008n },
      ],
      now: '2026-11-27T12:00:00.000Z',
      references: { contentId: 'c1' },
    });
    expect(money!.postings.reduce((sum, posting) => sum + posting.amountMinor, 0n)).toBe(1_002_333n);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'ContentReserveReleased',
        data: expect.objectContaining({
          reserveUsdMinor: '1002333',
          transactionId: 'tx',
          payouts: expect.arrayContaining([{ userId: 'creator', shares: 86, usdMinor: '862008' }]),
        }),
      }),
    ]);
  });

  it('given a released reserve, when released again, pays nothing (once)', () => {
    const first = decideReleaseReserve(release([{ userId: 'a', shares: 50 }]), given([fund(10_000n)]));
    const state = given([fund(10_000n), ...first.events]);
    expect(state).toEqual({ reserveUsdMinor: 0n, released: true });
    expect(decideReleaseReserve(release([{ userId: 'a', shares: 50 }]), state)).toEqual({ events: [], money: null });
  });

  it('given no funds, records nothing; the creator’s own position is theirs already', () => {
    expect(decideReleaseReserve(release([{ userId: 'a', shares: 5 }]), given([fund(100n, 'tip')]))).toEqual({
      events: [],
      money: null,
    });
    const { money } = decideReleaseReserve(release([{ userId: 'creator', shares: 40 }]), given([fund(100n)]));
    expect(money?.postings).toEqual([
      { debitAccount: 'escrow:content:c1', creditAccount: 'user:creator', currency: 'usd', amountMinor: 100n },
    ]);
  });

  it('refuses holdings larger than the item (a broken invariant, never a payout beyond the reserve)', () => {
    expect(() => decideReleaseReserve(release([{ userId: 'a', shares: 101 }]), given([fund(100n)]))).toThrow(
      /Invariant broken/,
    );
  });
});

describe('an item removed: its live sponsorships', () => {
  const sponsored = [
    {
      type: 'ContentSponsored',
      data: {
        sponsorshipId: 's1',
        contentId: 'c1',
        sponsorId: 'adv',
        sponsorName: 'Brand',
        packageId: 'daily-featured',
        gemsMinor: '1000000',
        multiplierTenths: 30,
        hours: 24,
        startsAt: '2026-11-27T00:00:00.000Z',
        endsAt: '2026-11-28T00:00:00.000Z',
        transactionId: 't0',
      },
    },
  ] satisfies EngagementEvent[];
  const state = (events: EngagementEvent[]) => events.reduce(evolveSponsorship, initialSponsorship());

  it('given a live sponsorship a quarter through, when its item goes, refunds three quarters and spends the rest, once', () => {
    const decided = decideEndSponsorshipEarly(
      { sponsorshipId: 's1', transactionId: 'tx', now: '2026-11-27T06:00:00.000Z' },
      state(sponsored),
    );
    expect(decided.money).toEqual({
      transactionId: 'tx',
      reasonCode: 'SPONSORSHIP',
      description: 'Sponsorship ended early: the item was removed',
      postings: [
        { debitAccount: 'escrow:sponsorship:s1', creditAccount: 'user:adv', currency: 'gems', amountMinor: 750_000n },
        {
          debitAccount: 'escrow:sponsorship:s1',
          creditAccount: 'system:fees',
          currency: 'gems',
          amountMinor: 250_000n,
        },
      ],
      now: '2026-11-27T06:00:00.000Z',
      references: { sponsorshipId: 's1' },
    });
    expect(decided.events[0]).toMatchObject({
      type: 'SponsorshipEndedEarly',
      data: { refundedGemsMinor: '750000', spentGemsMinor: '250000' },
    });
    const after = state([...sponsored, ...decided.events]);
    expect(after.status).toBe('ended');
    expect(
      decideEndSponsorshipEarly({ sponsorshipId: 's1', transactionId: 'tx2', now: '2026-11-27T07:00:00.000Z' }, after),
    ).toEqual({ events: [], money: null });
  });

  it('given a sponsorship past its end or spent, leaves it to the expiry job', () => {
    expect(
      decideEndSponsorshipEarly(
        { sponsorshipId: 's1', transactionId: 'tx', now: '2026-11-28T00:00:00.000Z' },
        state(sponsored),
      ),
    ).toEqual({ events: [], money: null });
    const spent = state([
      ...sponsored,
      {
        type: 'SponsorshipSpent',
        data: { sponsorshipId: 's1', contentId: 'c1', transactionId: 't1', at: '2026-11-28T00:00:01.000Z' },
      },
    ]);
    expect(
      decideEndSponsorshipEarly({ sponsorshipId: 's1', transactionId: 'tx', now: '2026-11-27T06:00:00.000Z' }, spent),
    ).toEqual({ events: [], money: null });
  });
});
