import type { Holding } from '@app/contracts/invest';
import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import InvestRoutes from './routes';

/** A holding as spec 2 names its fields (the @app/contracts/invest schema). */
function holding(overrides: Partial<Holding>): Holding {
  return {
    content_id: 'c1',
    content_title: 'Content',
    content_thumbnail: null,
    creator_id: 'u1',
    creator_name: 'Ada',
    creator_avatar: null,
    platform: 'instagram',
    owned_shares: 1,
    available_to_sell: 1,
    avg_cost: 1,
    current_price: 1,
    market_value: 1,
    unrealized_gain: 0,
    day_change_pct: 0,
    week_change_pct: 0,
    month_change_pct: 0,
    last_trade_at: null,
    is_listed: false,
    listing_id: null,
    visibility: 'public',
    ...overrides,
  };
}

describe('mf_invest routes', () => {
  it('lists holdings with 4-decimal share prices and 2-decimal values', async () => {
    answerApiCalls({
      'GET /api/portfolio/holdings': { body: { holdings: [holding({ content_id: 'h1', content_title: 'Sunset timelapse', owned_shares: 12, current_price: 1.2346, market_value: 14.8147 })] } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('link', { name: 'Sunset timelapse' })).toHaveAttribute('href', '/holding/h1');
    expect(screen.getByText('1.2346 per share')).toBeInTheDocument();
    expect(screen.getByText('$14.81')).toBeInTheDocument();
  });

  it('shows an empty portfolio honestly', async () => {
    answerApiCalls({ 'GET /api/portfolio/holdings': { body: { holdings: [] } } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('heading', { name: 'You hold no shares yet' })).toBeInTheDocument();
  });

  it("shows 'Failed to load data' with Try again when the server fails", async () => {
    answerApiCalls({ 'GET /api/portfolio/holdings': { status: 500, body: { error: 'Projection lagging', code: 'PROJECTION_LAG' } } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Projection lagging');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
