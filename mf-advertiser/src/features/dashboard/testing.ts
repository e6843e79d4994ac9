import type { AdvertiserDashboard, DashboardDrop, SuggestedContent } from '@app/contracts/advertisers';
import type { CouponView, CouponsResponse, RedemptionView } from '@app/contracts/incentives';
import type { PaymentProvidersResponse } from '@app/contracts/payments';
import type { AdvertiserPlanView, PlansResponse } from '@app/contracts/subscriptions';

/** Test data generators for the advertiser screens (the API's shapes, from the contracts). */
export function createDashboardDrop(overrides: Partial<DashboardDrop> = {}): DashboardDrop {
  return {
    id: 'drop-1',
    title: 'Clip our launch',
    drop_type: 'proof',
    is_proof_drop: true,
    is_paid_drop: false,
    status: 'active',
    current_participants: 2,
    max_participants: 10,
    total_applications: 3,
    gem_pool_total: '0',
    gems_paid: '0',
    impressions: 0,
    clicks: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function createDashboard(overrides: Partial<AdvertiserDashboard['data']> = {}): AdvertiserDashboard {
  const daily = Array.from({ length: 30 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 9, 29 + index)).toISOString().slice(0, 10),
    drops_created: 0,
    gems_spent: '0',
    impressions: index === 29 ? 40 : 0,
    clicks: index === 29 ? 3 : 0,
  }));
  return {
    status: 'success',
    data: {
      drops: [],
      analytics: {
        period_start: '2026-10-29T00:00:00.000Z',
        period_end: '2026-11-27T12:00:00.000Z',
        drops_created: 0,
        total_participants: 0,
        gems_spent: '0',
        impressions: 0,
        engagement_rate: 0,
      },
      user_tier: 'free',
      brand: {
        brand_name: null,
        brand_description: null,
        brand_website: null,
        brand_email: null,
        brand_phone: null,
        brand_logo_url: null,
        updated_at: null,
      },
      monthly_inventory: {
        period: 'month',
        period_start: '2026-11-01T00:00:00.000Z',
        period_end: '2026-12-01T00:00:00.000Z',
        moves_used: 0,
        moves_allowance: 50,
        proof_drops_used: 0,
        proof_drops_limit: 5,
        paid_drops_used: 0,
        paid_drops_limit: 0,
      },
      daily,
      ...overrides,
    },
  };
}

export function createSuggestion(overrides: Partial<SuggestedContent> = {}): SuggestedContent {
  return {
    id: 'content-1',
    title: 'Morning routine',
    description: null,
    platform: 'tiktok',
    platform_url: 'https://tiktok.test/1',
    is_trending: true,
    total_engagement: 64,
    engagement_rate: 12.5,
    roi_potential: 'high',
    suggested_package: { id: 'daily-featured', gems: 100, hours: 24, multiplier: 3 },
    ...overrides,
  };
}

type PlanTier = 'free' | 'premium' | 'super';

export function createPlan(
  tier: PlanTier,
  price: number,
  features: string[] = [`${tier} feature`],
): AdvertiserPlanView {
  return {
    id: tier,
    name: tier.charAt(0).toUpperCase() + tier.slice(1),
    tier,
    price,
    price_cents: price * 100,
    billingInterval: 'month',
    features,
  };
}

/** GET /advertisers/subscription/plans, by price ascending. */
export function createPlansResponse(currentTier: PlanTier = 'free', paidThrough: string | null = null): PlansResponse {
  return {
    status: 'success',
    message: 'Plans loaded',
    data: {
      plans: [
        createPlan('free', 0, ['50 moves a month']),
        createPlan('premium', 49, ['200 moves a week']),
        createPlan('super', 149, ['500 moves a week']),
      ],
      current_tier: currentTier,
      subscription: { tier: currentTier, paid_through: paidThrough, cancel_at_period_end: false },
    },
  };
}

export function createCoupon(overrides: Partial<CouponView> = {}): CouponView {
  return {
    id: 'coupon-1',
    title: 'Launch week',
    description: '',
    reward_type: 'coupon',
    value: 10,
    value_unit: 'percentage',
    quantity_total: 10,
    quantity_remaining: 8,
    start_date: '2026-11-20',
    end_date: '2026-12-20',
    status: 'active',
    assignments: [],
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function createRedemption(overrides: Partial<RedemptionView> = {}): RedemptionView {
  return {
    id: 'redemption-1',
    coupon_id: 'coupon-1',
    coupon_title: 'Launch week',
    user_name: 'ana',
    reward_value: 10,
    reward_unit: 'percentage',
    source: 'manual',
    redeemed_at: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

export function createCouponsResponse(coupons: CouponView[] = [], redemptions: RedemptionView[] = []): CouponsResponse {
  return { status: 'success', message: 'Coupons loaded', data: { coupons, redemptions } };
}

export function createProvidersResponse(
  overrides: Partial<PaymentProvidersResponse['data']> = {},
): PaymentProvidersResponse {
  return {
    status: 'success',
    data: {
      providers: [
        { provider: 'local', enabled: true, ready: true, publishableKey: null, mode: 'mock' },
        { provider: 'stripe', enabled: true, ready: false, publishableKey: 'pk_test_51Ab', mode: 'live' },
      ],
      defaultProvider: 'local',
      ...overrides,
    },
  };
}
