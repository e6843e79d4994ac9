import { createUser, renderWithPlatform, answerApiCallsRecording } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvestRoutes from '../../routes';
import { aContent } from '../../testing/forecast-fixtures';

const quiet = {
  'GET /api/portfolio/holdings': { body: { holdings: [] } },
  'GET /api/shares/listings': { body: { listings: [] } },
  'GET /api/shares/offers': { body: { offers: [] } },
};

describe('mf_invest: Back new content (buy shares in the Investment Hub)', () => {
  it("lists other people's content with shares for sale and buys shares at the server's price", async () => {
    let available = 80;
    const calls = answerApiCallsRecording({
      ...quiet,
      'GET /api/content': () => ({
        body: {
          items: [
            aContent({
              id: 'c1',
              title: 'Sunset timelapse',
              creator_id: 'u9',
              share_price: 0.0125,
              available_shares: available,
            }),
            aContent({ id: 'c2', title: 'My own reel', creator_id: 'user-1' }),
            aContent({ id: 'c3', title: 'Sold out', creator_id: 'u9', available_shares: 0 }),
          ],
          next_cursor: null,
        },
      }),
      'POST /api/content/buy-shares': (_url, body) => {
        const count = (body as { shares_count: number }).shares_count;
        available -= count;
        return {
          body: {
            success: true,
            transaction_id: 't1',
            content_id: 'c1',
            shares_count: count,
            share_price: 0.0125,
            total_cost: count * 0.0125,
            available_shares: available,
            owned_shares: count,
          },
        };
      },
    });
    renderWithPlatform(<InvestRoutes />, {
      route: '/invest/portfolio',
      user: createUser({ id: 'user-1', usd_balance: '10' }),
    });
    const list = await screen.findByRole('list', { name: 'Shares for sale' });
    expect(within(list).queryByText('My own reel')).not.toBeInTheDocument();
    expect(within(list).queryByText('Sold out')).not.toBeInTheDocument();
    expect(within(list).getByText('$0.0125 a share, 80 available')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Buy shares in Sunset timelapse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Shares' });
    const count = within(dialog).getByLabelText('Number of shares');
    await userEvent.clear(count);
    await userEvent.type(count, '4');
    expect(within(dialog).getByText('$0.05')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Shares' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const bought = calls.filter((call) => call.key === 'POST /api/content/buy-shares');
    expect(bought.map((call) => call.body)).toEqual([{ content_id: 'c1', shares_count: 4 }]);
    expect(bought[0].headers['Idempotency-Key']).toMatch(/.+/);
    expect(await screen.findByText('Bought 4 shares')).toBeInTheDocument();
    expect(await within(list).findByText('$0.0125 a share, 76 available')).toBeInTheDocument();
  });

  it('says when nothing is for sale', async () => {
    answerApiCallsRecording({
      ...quiet,
      'GET /api/content': { body: { items: [aContent({ id: 'c2', creator_id: 'user-1' })], next_cursor: null } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/portfolio', user: createUser({ id: 'user-1' }) });
    expect(await screen.findByRole('heading', { name: 'No shares for sale right now' })).toBeInTheDocument();
  });
});
