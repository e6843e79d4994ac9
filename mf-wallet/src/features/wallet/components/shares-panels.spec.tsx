import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharesPanels } from './shares-panels';

const holding = {
  content_id: 'h1',
  content_title: 'Sunset timelapse',
  content_thumbnail: null,
  creator_id: 'u1',
  creator_name: 'Ada',
  creator_avatar: null,
  platform: 'tiktok',
  owned_shares: 12,
  available_to_sell: 12,
  avg_cost: 1,
  current_price: 1.2346,
  market_value: 14.8152,
  unrealized_gain: 2.8152,
  day_change_pct: 0,
  week_change_pct: 0,
  month_change_pct: 0,
  last_trade_at: null,
  is_listed: false,
  listing_id: null,
  visibility: 'public',
};
const offer = (status: string) => ({
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
  status,
  message: null,
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
});

describe('wallet share panels', () => {
  it('lists holdings with View and List for sale, active listings, and accepts an incoming offer (then reloads)', async () => {
    let status = 'pending';
    const calls = answerApiCalls({
      'GET /api/portfolio/holdings': { body: { holdings: [holding] } },
      'GET /api/shares/listings': { body: { listings: [] } },
      'GET /api/shares/offers': (url) => ({
        body: { offers: url.searchParams.get('role') === 'seller' ? [offer(status)] : [] },
      }),
      'POST /api/shares/offers/o1/accept': () => {
        status = 'accepted';
        return { body: offer(status) };
      },
    });
    renderWithPlatform(<SharesPanels />);
    const holdings = await screen.findByRole('list', { name: 'Share holdings' });
    expect(within(holdings).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/portfolio/holdings/h1');
    expect(within(holdings).getByText('12 × $1.2346 = $14.82')).toBeInTheDocument();
    expect(await screen.findByText('No active listings.')).toBeInTheDocument();
    const incoming = await screen.findByRole('list', { name: 'Incoming offers' });
    // The seller sees who offered (and their message, when there is one).
    expect(within(incoming).getByText('from Bea')).toBeInTheDocument();
    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls).toContain('POST /api/shares/offers/o1/accept'));
    expect(await within(incoming).findByText('accepted')).toBeInTheDocument();
    await userEvent.click(within(holdings).getByRole('button', { name: 'List for sale' }));
    expect(await screen.findByRole('dialog', { name: 'List Shares for Resale' })).toBeInTheDocument();
  });

  it("shows the server's refusal of an accept", async () => {
    answerApiCalls({
      'GET /api/portfolio/holdings': { body: { holdings: [] } },
      'GET /api/shares/listings': { body: { listings: [] } },
      'GET /api/shares/offers': (url) => ({
        body: { offers: url.searchParams.get('role') === 'seller' ? [offer('pending')] : [] },
      }),
      'POST /api/shares/offers/o1/accept': {
        status: 409,
        body: { error: 'This offer is no longer pending', code: 'OFFER_NOT_PENDING' },
      },
    });
    renderWithPlatform(<SharesPanels />);
    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Incoming offers' })).getByRole('button', { name: 'Accept' }),
    );
    expect(await screen.findByText('This offer is no longer pending')).toBeInTheDocument();
  });
});
