import type { AdvertiserEvent } from '@app/contracts/advertisers';
import type { ContentView } from '@app/contracts/content';
import type { DropView } from '@app/contracts/drops';
import {
  decideBrandProfile,
  evolveBrandProfile,
  initialBrandProfile,
  type BrandProfileCommand,
} from '../../src/modules/advertisers/domain/brand-profile';
import { engagementRate, summarizeDashboard } from '../../src/modules/advertisers/domain/dashboard';
import { suggestContent } from '../../src/modules/advertisers/domain/suggested-content';
import { DeciderSpecification } from '../support/decider-specification';

const brand = DeciderSpecification.for({
  decide: decideBrandProfile,
  evolve: evolveBrandProfile,
  initialState: () => initialBrandProfile('u1'),
});

const save = (overrides: Partial<BrandProfileCommand['data']> = {}): BrandProfileCommand => ({
  type: 'SaveBrandProfile',
  data: {
    callerType: 'advertiser',
    brandName: 'Acme',
    brandDescription: null,
    brandWebsite: 'https://acme.test',
    brandEmail: null,
    brandPhone: null,
    brandLogoUrl: null,
    now: '2026-11-27T10:00:00.000Z',
    ...overrides,
  },
});

const saved = (overrides: Record<string, unknown> = {}): AdvertiserEvent => ({
  type: 'BrandProfileUpdated',
  data: {
    userId: 'u1',
    brandName: 'Acme',
    brandDescription: null,
    brandWebsite: 'https://acme.test',
    brandEmail: null,
    brandPhone: null,
    brandLogoUrl: null,
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  },
});

describe('brand profile decider', () => {
  it('records the whole profile on the first save', () => {
    brand.given([]).when(save()).then([saved()]);
  });

  it('records nothing when the save changes nothing (a double click leaves one event)', () => {
    brand
      .given([saved()])
      .when(save({ now: '2026-11-27T11:00:00.000Z' }))
      .then([]);
  });

  it('records a change with the new fields', () => {
    brand
      .given([saved()])
      .when(save({ brandName: 'Acme Labs', now: '2026-11-27T11:00:00.000Z' }))
      .then([saved({ brandName: 'Acme Labs', updatedAt: '2026-11-27T11:00:00.000Z' })]);
  });

  it('refuses anyone but an advertiser, and a blank name', () => {
    brand
      .given([])
      .when(save({ callerType: 'creator' }))
      .thenRefused('CALLER_MUST_BE_ADVERTISER');
    brand
      .given([])
      .when(save({ brandName: '   ' }))
      .thenRefused('BRAND_NAME_MUST_NOT_BE_BLANK');
  });
});

const drop = (overrides: Partial<DropView>): DropView =>
  ({
    id: 'd',
    title: 'Drop',
    kind: 'proof',
    status: 'active',
    current_participants: 0,
    max_participants: null,
    total_applications: 0,
    gem_pool_total: 0,
    gems_paid: 0,
    created_at: '2026-11-27T09:00:00.000Z',
    ...overrides,
  }) as DropView;

describe('summarizeDashboard', () => {
  // Friday 27 November 2026: the free tier's period is November, the paid tiers' the week from Monday the 23rd.
  const now = new Date('2026-11-27T12:00:00.000Z');

  it('sums the last 30 days (gems exactly, in minor units) and counts the inventory of the current period only', () => {
    const data = summarizeDashboard({
      now,
      tier: 'premium',
      movesUsed: 12,
      drops: [
        drop({
          id: 'paid-this-week',
          kind: 'paid',
          gem_pool_total: 0.1,
          total_applications: 3,
          created_at: '2026-11-23T00:00:00.000Z',
        }),
        drop({
          id: 'paid-last-week',
          kind: 'paid',
          gem_pool_total: 0.2,
          total_applications: 2,
          created_at: '2026-11-22T23:59:59.999Z',
        }),
        drop({ id: 'proof-this-week', kind: 'proof', total_applications: 1, created_at: '2026-11-27T08:00:00.000Z' }),
        drop({
          id: 'old',
          kind: 'paid',
          gem_pool_total: 100,
          total_applications: 9,
          created_at: '2026-10-01T00:00:00.000Z',
        }),
      ],
      telemetry: [
        { dropId: 'paid-this-week', eventType: 'impression', day: '2026-11-25', count: 300 },
        { dropId: 'paid-this-week', eventType: 'click', day: '2026-11-25', count: 7 },
        { dropId: 'proof-this-week', eventType: 'view', day: '2026-11-25', count: 50 },
        { dropId: 'old', eventType: 'impression', day: '2026-10-01', count: 1000 },
      ],
    });
    expect(data.analytics).toEqual({
      period_start: '2026-10-29T00:00:00.000Z',
      period_end: '2026-11-27T12:00:00.000Z',
      drops_created: 3,
      total_participants: 6,
      // 0.1 + 0.2 as floats is 0.30000000000000004; in minor units it is exact.
      gems_spent: '0.3',
      impressions: 300,
      engagement_rate: 2.33,
    });
    expect(data.monthly_inventory).toMatchObject({
      period: 'week',
      period_start: '2026-11-23T00:00:00.000Z',
      moves_used: 12,
      moves_allowance: 200,
      proof_drops_used: 1,
      paid_drops_used: 1,
      paid_drops_limit: 8,
    });
    expect(data.daily).toHaveLength(30);
    expect(data.daily.at(-1)).toEqual({
      day: '2026-11-27',
      drops_created: 1,
      gems_spent: '0',
      impressions: 0,
      clicks: 0,
    });
    expect(data.daily.find((day) => day.day === '2026-11-25')).toMatchObject({ impressions: 300, clicks: 7 });
    expect(data.drops.map((row) => row.id)).toEqual(['proof-this-week', 'paid-this-week', 'paid-last-week', 'old']);
    expect(data.drops[1]).toMatchObject({
      drop_type: 'paid',
      is_paid_drop: true,
      gem_pool_total: '0.1',
      impressions: 300,
      clicks: 7,
    });
  });

  it('counts the free tier by calendar month and lists the newest 10 drops only', () => {
    const drops = Array.from({ length: 12 }, (_, index) =>
      drop({ id: `p${index}`, created_at: new Date(Date.UTC(2026, 10, 1 + index)).toISOString() }),
    );
    const data = summarizeDashboard({
      now,
      tier: 'free',
      movesUsed: 0,
      drops: [...drops, drop({ id: 'october', created_at: '2026-10-31T23:59:59.000Z' })],
      telemetry: [],
    });
    expect(data.monthly_inventory).toMatchObject({
      period: 'month',
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
      proof_drops_used: 12,
      proof_drops_limit: 5,
      paid_drops_limit: 0,
    });
    expect(data.drops).toHaveLength(10);
    expect(data.drops[0].id).toBe('p11');
    expect(data.analytics.engagement_rate).toBe(0);
  });

  it('gives 0 engagement without impressions and rounds to 2 decimals', () => {
    expect(engagementRate(5, 0)).toBe(0);
    expect(engagementRate(1, 3)).toBe(33.33);
  });
});

const content = (id: string, engagement: number, overrides: Partial<ContentView> = {}): ContentView =>
  ({
    id,
    title: `Item ${id}`,
    description: null,
    platform: 'tiktok',
    platform_url: `https://tiktok.test/${id}`,
    creator_id: 'creator',
    is_sponsored: false,
    status: 'active',
    metrics: { total_engagement: engagement, views: 0 },
    ...overrides,
  }) as ContentView;

describe('suggestContent', () => {
  it('ranks by engagement, leaves out own and sponsored items, and fits a package to the potential', () => {
    const suggestions = suggestContent(
      [
        content('a', 5),
        content('b', 60),
        content('own', 500, { creator_id: 'me' }),
        content('sponsored', 400, { is_sponsored: true }),
        content('c', 12, { metrics: { total_engagement: 12, views: 100 } as ContentView['metrics'] }),
        content('none', 0),
        ...['d', 'e', 'f', 'g'].map((id) => content(id, 3)),
      ],
      new Map([['c', 20]]),
      'me',
    );
    expect(suggestions.map((item) => item.id)).toEqual(['b', 'c', 'a', 'd', 'e', 'f']);
    expect(suggestions[0]).toMatchObject({
      is_trending: true,
      roi_potential: 'high',
      suggested_package: { id: 'daily-featured', gems: 100 },
    });
    expect(suggestions[1]).toMatchObject({
      engagement_rate: 10,
      roi_potential: 'medium',
      suggested_package: { id: 'popular-boost' },
    });
    expect(suggestions[2]).toMatchObject({
      is_trending: false,
      roi_potential: 'low',
      suggested_package: { id: 'quick-boost', gems: 25 },
    });
  });
});
