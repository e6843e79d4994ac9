import type { Holding, Listing, Offer } from '@app/contracts/market';
import { answerApiCalls, renderWithPlatform, answerApiCallsRecording } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvestRoutes from './routes';

/** A holding as spec 2 names its fields (the @app/contracts/market schema). */
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

const listing = (overrides: Partial<Listing> = {}): Listing => ({
  id: 'l1',
  content_id: 'h1',
  content_title: 'Sunset timelapse',
  content_thumbnail: null,
  owner_id: 'me',
  owner_name: 'Me',
  quantity: 5,
  remaining_quantity: 5,
  ask_price: 2,
  market_price: 1.2346,
  status: 'active',
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: null,
  ...overrides,
});

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  content_id: 'h1',
  content_title: 'Sunset timelapse',
  buyer_id: 'b1',
  buyer_name: 'Bea',
  seller_id: 'me',
  seller_name: 'Me',
  quantity: 4,
  bid_price: 0.5,
  total: 2,
  status: 'pending',
  message: 'Love it',
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
  ...overrides,
});

const quiet = {
  'GET /api/shares/listings': { body: { listings: [] } },
  'GET /api/shares/offers': { body: { offers: [] } },
  'GET /api/content': { body: { items: [], next_cursor: null } },
};

describe('mf_invest: the Investment Hub', () => {
  it('shows the Content Portfolio with 4-decimal prices, 2-decimal values, and List for resale or All shares listed', async () => {
    answerApiCalls({
      ...quiet,
      'GET /api/portfolio/holdings': {
        body: {
          holdings: [
            holding({
              content_id: 'h1',
              content_title: 'Sunset timelapse',
              owned_shares: 12,
              available_to_sell: 12,
              current_price: 1.2346,
              market_value: 14.8147,
            }),
            holding({
              content_id: 'h2',
              content_title: 'Street food',
              owned_shares: 3,
              available_to_sell: 0,
              is_listed: true,
            }),
          ],
        },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    const table = await screen.findByRole('table', { name: 'Holdings' });
    const sunset = within(table).getByRole('row', { name: /Sunset timelapse/ });
    expect(within(sunset).getByRole('link', { name: 'Sunset timelapse' })).toHaveAttribute('href', '/holding/h1');
    expect(within(sunset).getByText('$1.2346')).toBeInTheDocument();
    expect(within(sunset).getByText('$14.81')).toBeInTheDocument();
    expect(within(sunset).getByRole('button', { name: 'List for resale' })).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Street food/ })).getByText('All shares listed'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Forecasts' })).toBeInTheDocument();
  });

  it('lists shares for resale within what is available to sell', async () => {
    const calls = answerApiCalls({
      ...quiet,
      'GET /api/portfolio/holdings': {
        body: {
          holdings: [
            holding({
              content_id: 'h1',
              content_title: 'Sunset timelapse',
              owned_shares: 12,
              available_to_sell: 10,
              current_price: 1.5,
            }),
          ],
        },
      },
      'POST /api/shares/listings': { status: 201, body: listing({ quantity: 4, remaining_quantity: 4 }) },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    await userEvent.click(await screen.findByRole('button', { name: 'List for resale' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Shares for Resale' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'List Shares' }));
    expect(
      await within(dialog).findByText('You cannot list more shares than you have available to sell'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/shares/listings');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'List Shares' }));
    await waitFor(() => expect(calls).toContain('POST /api/shares/listings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows private holdings to their owner and flips a holding between public and private', async () => {
    let visibility: Holding['visibility'] = 'public';
    const calls = answerApiCallsRecording({
      ...quiet,
      'GET /api/portfolio/holdings': () => ({
        body: {
          holdings: [
            holding({ content_id: 'h1', content_title: 'Sunset timelapse', visibility }),
            holding({ content_id: 'h2', content_title: 'Street food', visibility: 'private' }),
          ],
        },
      }),
      'PUT /api/portfolio/holdings/h1/visibility': (_url, body) => {
        visibility = (body as { visibility: Holding['visibility'] }).visibility;
        return { body: { content_id: 'h1', visibility } };
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    const table = await screen.findByRole('table', { name: 'Holdings' });
    const street = within(table).getByRole('row', { name: /Street food/ });
    expect(within(street).getByText('Private')).toBeInTheDocument();
    expect(within(street).getByRole('button', { name: 'Make public' })).toBeInTheDocument();
    const sunset = within(table).getByRole('row', { name: /Sunset timelapse/ });
    await userEvent.click(within(sunset).getByRole('button', { name: 'Make private' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.key.startsWith('PUT')).map((call) => call.body)).toEqual([
        { visibility: 'private' },
      ]),
    );
    expect(await within(sunset).findByRole('button', { name: 'Make public' })).toBeInTheDocument();
  });

  it('shows an empty portfolio with Discover Opportunities', async () => {
    answerApiCalls({ ...quiet, 'GET /api/portfolio/holdings': { body: { holdings: [] } } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    expect(await screen.findByRole('heading', { name: 'You hold no shares yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover Opportunities' })).toHaveAttribute('href', '/earn');
  });

  it('accepts an incoming offer and shows outgoing ones with Cancel', async () => {
    let status: Offer['status'] = 'pending';
    const calls = answerApiCalls({
      ...quiet,
      'GET /api/shares/listings': { body: { listings: [listing()] } },
      'GET /api/portfolio/holdings': { body: { holdings: [] } },
      'GET /api/shares/offers': (url) => ({
        body: {
          offers:
            url.searchParams.get('role') === 'seller'
              ? [offer({ status })]
              : [offer({ id: 'o2', buyer_id: 'me', seller_name: 'Sam' })],
        },
      }),
      'POST /api/shares/offers/o1/accept': () => {
        status = 'accepted';
        return { body: offer({ status }) };
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    const incoming = await screen.findByRole('list', { name: 'Incoming offers' });
    expect(within(incoming).getByText('Love it')).toBeInTheDocument();
    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls).toContain('POST /api/shares/offers/o1/accept'));
    expect(await within(incoming).findByText('accepted')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'My listings' })).getByRole('button', { name: 'Cancel listing' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Outgoing' }));
    const outgoing = await screen.findByRole('list', { name: 'Outgoing offers' });
    expect(within(outgoing).getByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
  });

  it("shows 'Failed to load data' with Try again when the server fails", async () => {
    answerApiCalls({
      ...quiet,
      'GET /api/portfolio/holdings': { status: 500, body: { error: 'Projection lagging', code: 'PROJECTION_LAG' } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Projection lagging');
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it("says 'Holding not found.' for a 404 only, and shows history, trades and the marketplace otherwise", async () => {
    answerApiCalls({
      'GET /api/portfolio/holdings/h1': {
        body: {
          holding: holding({ content_id: 'h1', content_title: 'Sunset timelapse', current_price: 0.3333 }),
          content: { description: null, total_views: 0, engagement_rate: 0, earnings_to_date: 3 },
          performance: {
            history: [{ date: '2026-11-25', price: 0.3333, volume: 13 }],
            ledger: [{ id: 't1', type: 'buy', quantity: 3, price: 0.3333, timestamp: '2026-11-25T10:00:00.000Z' }],
          },
          marketplace: {
            listings: [{ id: 'l9', owner_id: 'someone-else', quantity: 2, status: 'active', ask_price: 0.5 }],
            offers: [],
          },
        },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/holding/h1' });
    const history = await screen.findByRole('table', { name: 'Price history' });
    expect(within(history).getByText('$0.3333')).toBeInTheDocument();
    const chart = screen.getByRole('table', { name: 'Daily closing price' });
    expect(
      within(within(chart).getByRole('rowheader', { name: '2026-11-25' }).closest('tr')!).getByRole('cell'),
    ).toHaveTextContent('$0.3333');
    expect(within(screen.getByRole('list', { name: 'Your trades' })).getByText('Bought')).toBeInTheDocument();
    const listings = screen.getByRole('list', { name: 'Listings' });
    expect(within(listings).getByRole('button', { name: 'Buy 2 for $1.00' })).toBeInTheDocument();
    await userEvent.click(within(listings).getByRole('button', { name: 'Make an Offer' }));
    expect(await screen.findByRole('dialog', { name: 'Make an Offer' })).toBeInTheDocument();
  });

  it("shows 'Holding not found.' for a missing holding", async () => {
    answerApiCalls({
      'GET /api/portfolio/holdings/zz': {
        status: 404,
        body: { error: 'Holding not found.', code: 'HOLDING_NOT_FOUND' },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/holding/zz' });
    expect(await screen.findByRole('heading', { name: 'Holding not found.' })).toBeInTheDocument();
  });
});
