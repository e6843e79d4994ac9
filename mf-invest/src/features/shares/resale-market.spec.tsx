import type { Holding, Listing } from '@app/contracts/market';
import { answerApiCallsRecording, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvestRoutes from '../../routes';

const aListing = (overrides: Partial<Listing> = {}): Listing => ({
  id: 'l1',
  content_id: 'c1',
  content_title: 'Sunset timelapse',
  content_thumbnail: null,
  owner_id: 'sam',
  owner_name: 'Sam',
  quantity: 10,
  remaining_quantity: 8,
  ask_price: 0.05,
  market_price: 0.04,
  status: 'active',
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: null,
  ...overrides,
});

const aHolding = (overrides: Partial<Holding> = {}): Holding => ({
  content_id: 'c1',
  content_title: 'Sunset timelapse',
  content_thumbnail: null,
  creator_id: 'ada',
  creator_name: 'Ada',
  creator_avatar: null,
  platform: 'youtube',
  owned_shares: 20,
  available_to_sell: 12,
  avg_cost: 0.01,
  current_price: 0.04,
  market_value: 0.8,
  unrealized_gain: 0.6,
  day_change_pct: 0,
  week_change_pct: 0,
  month_change_pct: 0,
  last_trade_at: null,
  is_listed: true,
  listing_id: 'l1',
  visibility: 'public',
  ...overrides,
});

const holdingDetail = (holding: Holding) => ({
  holding,
  content: { description: null, total_views: 0, engagement_rate: 0, earnings_to_date: 0 },
  performance: { history: [], ledger: [] },
  marketplace: { listings: [], offers: [] },
});

const quiet = {
  'GET /api/portfolio/holdings': { body: { holdings: [] } },
  'GET /api/shares/offers': { body: { offers: [] } },
  'GET /api/content': { body: { items: [], next_cursor: null } },
};

/** Everyone's listings (`GET /api/shares/listings` without owner=true), two pages; mine (owner=true) are none. */
function listingsAnswer(url: URL) {
  if (url.searchParams.get('owner') === 'true') return { body: { listings: [], next_cursor: null } };
  if (url.searchParams.get('cursor') === 'page-2')
    return {
      body: {
        listings: [
          aListing({ id: 'l3', content_id: 'c3', content_title: 'Old reel', owner_id: 'kim', owner_name: 'Kim' }),
        ],
        next_cursor: null,
      },
    };
  return {
    body: {
      listings: [aListing(), aListing({ id: 'l2', owner_id: 'user-1', owner_name: 'Me', content_title: 'My reel' })],
      next_cursor: 'page-2',
    },
  };
}

describe('mf_invest: the resale market in Content Shares', () => {
  it("lists everyone's open listings page by page, and buys part of one at the ask", async () => {
    const calls = answerApiCallsRecording({
      ...quiet,
      'GET /api/shares/listings': listingsAnswer,
      'POST /api/shares/listings/l1/buy': (_url, body) => {
        const quantity = (body as { quantity: number }).quantity;
        return {
          body: {
            success: true,
            transaction_id: 't1',
            content_id: 'c1',
            quantity,
            price: 0.05,
            total: quantity * 0.05,
            fee: 0,
            seller_proceeds: quantity * 0.05,
          },
        };
      },
    });
    renderWithPlatform(<InvestRoutes />, {
      route: '/invest/portfolio',
      user: createUser({ id: 'user-1', usd_balance: '10' }),
    });
    const market = await screen.findByRole('table', { name: 'Listings for resale' });
    const sams = within(market).getByRole('row', { name: /Sunset timelapse/ });
    expect(within(sams).getByRole('link', { name: 'Sam' })).toHaveAttribute('href', '/users/id/sam');
    expect(within(sams).getByText('$0.0500')).toBeInTheDocument();
    expect(within(sams).getByText('8')).toBeInTheDocument();
    expect(within(within(market).getByRole('row', { name: /My reel/ })).getByText('Your listing')).toBeInTheDocument();
    expect(within(market).queryByText('Old reel')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more listings' }));
    expect(await within(market).findByRole('link', { name: 'Old reel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more listings' })).not.toBeInTheDocument();

    await userEvent.click(within(sams).getByRole('button', { name: 'Buy Sunset timelapse from Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy from Listing' });
    const count = within(dialog).getByLabelText('Number of shares');
    expect(count).toHaveValue(8);
    await userEvent.clear(count);
    await userEvent.type(count, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Shares' }));
    expect(await within(dialog).findByText('Only 8 shares are listed')).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    expect(within(dialog).getByText('$0.15')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Shares' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const bought = calls.filter((call) => call.key === 'POST /api/shares/listings/l1/buy');
    expect(bought.map((call) => call.body)).toEqual([{ quantity: 3 }]);
    expect(bought[0]!.headers['Idempotency-Key']).toMatch(/.+/);
    expect(await screen.findByText('Bought 3 shares for $0.15')).toBeInTheDocument();
  });

  it('refuses more than the USD balance affords at the ask, without calling the server', async () => {
    const calls = answerApiCallsRecording({ ...quiet, 'GET /api/shares/listings': listingsAnswer });
    renderWithPlatform(<InvestRoutes />, {
      route: '/invest/portfolio',
      user: createUser({ id: 'user-1', usd_balance: '0.1' }),
    });
    const market = await screen.findByRole('table', { name: 'Listings for resale' });
    await userEvent.click(within(market).getByRole('button', { name: 'Buy Sunset timelapse from Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy from Listing' });
    // $0.10 buys 2 at $0.05: that is the default.
    const count = within(dialog).getByLabelText('Number of shares');
    expect(count).toHaveValue(2);
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Shares' }));
    expect(await within(dialog).findByText('Insufficient balance to purchase 3 shares')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('makes the seller an offer on their unlisted shares, read from their public holding', async () => {
    const calls = answerApiCallsRecording({
      ...quiet,
      'GET /api/shares/listings': listingsAnswer,
      'GET /api/portfolio/holdings/c1': (url) =>
        url.searchParams.get('userId') === 'sam'
          ? { body: holdingDetail(aHolding()) }
          : { status: 404, body: { error: 'Holding not found.', code: 'HOLDING_NOT_FOUND' } },
      'POST /api/shares/offers': (_url, body) => ({
        status: 201,
        body: {
          id: 'o1',
          content_id: 'c1',
          content_title: 'Sunset timelapse',
          buyer_id: 'user-1',
          buyer_name: 'Me',
          seller_id: 'sam',
          seller_name: 'Sam',
          quantity: 5,
          bid_price: 0.03,
          total: 0.15,
          status: 'pending',
          message: (body as { message: string }).message,
          created_at: '2026-12-01T10:00:00.000Z',
          expires_at: '2026-12-08T10:00:00.000Z',
        },
      }),
    });
    renderWithPlatform(<InvestRoutes />, {
      route: '/invest/portfolio',
      user: createUser({ id: 'user-1', usd_balance: '10' }),
    });
    const market = await screen.findByRole('table', { name: 'Listings for resale' });
    await userEvent.click(within(market).getByRole('button', { name: 'Make an offer to Sam for Sunset timelapse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an Offer' });
    // 25 % of Sam's 12 unlisted shares, rounded up; the price starts at the market price.
    const quantity = await within(dialog).findByLabelText('Quantity');
    expect(quantity).toHaveValue(3);
    expect(within(dialog).getByLabelText('Offer price per share (USD)')).toHaveValue(0.04);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('The seller does not have that many shares available')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    const price = within(dialog).getByLabelText('Offer price per share (USD)');
    await userEvent.clear(price);
    await userEvent.type(price, '0.03');
    await userEvent.type(within(dialog).getByLabelText('Message (optional)'), 'Five, please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((call) => call.key === 'POST /api/shares/offers');
    expect(sent.map((call) => call.body)).toEqual([
      { content_id: 'c1', seller_id: 'sam', quantity: 5, bid_price: 0.03, message: 'Five, please' },
    ]);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/.+/);
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
  });

  it('says so when the seller has every share in listings, and when nothing is listed', async () => {
    answerApiCallsRecording({
      ...quiet,
      'GET /api/shares/listings': listingsAnswer,
      'GET /api/portfolio/holdings/c1': { body: holdingDetail(aHolding({ owned_shares: 8, available_to_sell: 0 })) },
    });
    const { unmount } = renderWithPlatform(<InvestRoutes />, {
      route: '/invest/portfolio',
      user: createUser({ id: 'user-1' }),
    });
    const market = await screen.findByRole('table', { name: 'Listings for resale' });
    await userEvent.click(within(market).getByRole('button', { name: 'Make an offer to Sam for Sunset timelapse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an Offer' });
    expect(await within(dialog).findByText(/Sam has every share of Sunset timelapse in listings/)).toBeInTheDocument();
    unmount();

    answerApiCallsRecording({ ...quiet, 'GET /api/shares/listings': { body: { listings: [], next_cursor: null } } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio', user: createUser({ id: 'user-1' }) });
    expect(await screen.findByRole('heading', { name: 'No shares listed for resale' })).toBeInTheDocument();
  });
});
