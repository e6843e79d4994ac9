import { onAccountDialogRequest } from '@app/platform';
import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WalletRoutes from '../../../routes';

const wallet = (currency_type: string, balance: number, held_balance = 0) => ({
  currency_type,
  balance,
  available_balance: balance - held_balance,
  held_balance,
});

function transaction(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `t${index}:gems`,
    transaction_id: `t${index}`,
    transaction_type: 'task_payment',
    description: `Drop reward ${index}`,
    amount: 5,
    currency_type: 'gems',
    status: 'completed',
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

const day = (
  date: string,
  balances: Partial<Record<'points' | 'keys' | 'gems' | 'gold' | 'usd' | 'moves', number>> = {},
) => ({ date, points: 0, keys: 0, gems: 0, gold: 0, usd: 0, moves: 0, ...balances });
const noHistory = { body: { days: 30, points: [day('2026-10-26'), day('2026-11-25')] } };
const noTransactions = { body: { transactions: [], limit: 20, offset: 0, total: 0 } };

jest.setTimeout(20_000);

describe('the wallet page', () => {
  it('shows the four balance cards with holds, and the gems Withdraw disabled under 200 available gems', async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('points', 1500), wallet('gems', 250.5, 200), wallet('keys', 3)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet', user: createUser({ points_balance: '1500' }) });
    const gems = await screen.findByRole('region', { name: 'Gems balance' });
    expect(within(gems).getByText('250.5')).toBeInTheDocument();
    expect(within(gems).getByText('200 on hold')).toBeInTheDocument();
    expect(within(gems).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(within(gems).getByRole('button', { name: 'Buy More' })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: 'Points balance' })).getByText('worth $1.50')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Gold balance' })).getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'USD balance' })).not.toBeInTheDocument();
  });

  it('renders the wallet views only once the balances are in, so nothing below the cards jumps when they arrive', async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('points', 10)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    expect(screen.getByRole('status', { name: 'Loading balances' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Wallet views' })).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'Points balance' });
    expect(screen.getByRole('tablist', { name: 'Wallet views' })).toBeInTheDocument();
  });

  it('shows the USD card only with a USD balance above 0, and enables Withdraw from 200 available gems', async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('gems', 200), wallet('usd', 12.5)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(usd).getByText('$12.50')).toBeInTheDocument();
    expect(within(usd).getByRole('button', { name: 'Payment Methods' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Gems balance' })).getByRole('button', { name: 'Withdraw' }),
    ).toBeEnabled();
  });

  it('offers Add funds at a $0 balance (no USD card): it opens the top-up that returns to the wallet', async () => {
    const user = userEvent.setup();
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('gems', 0), wallet('usd', 0)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await screen.findByRole('region', { name: 'Gems balance' });
    expect(screen.queryByRole('region', { name: 'USD balance' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount in US dollars' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it("the USD card's Withdraw opens the USD withdrawal wizard with the server's USD terms", async () => {
    const user = userEvent.setup();
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('gems', 0), wallet('usd', 42, 2)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/withdrawal/methods': { body: [] },
      'GET /api/withdrawal/usd-terms': { body: { currency_type: 'usd', min_amount: 10, fee_percentage: 1 } },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    await user.click(within(usd).getByRole('button', { name: 'Withdraw USD' }));
    expect(await screen.findByRole('textbox', { name: 'USD to withdraw' })).toHaveValue('10');
    expect(screen.getByRole('dialog', { name: 'Withdraw USD' })).toHaveTextContent('$40.00 available');
  });

  it('shows a withdrawal once: its hold row, labelled pending, then processed or failed', async () => {
    const user = userEvent.setup();
    const row = (id: string, status: string, description: string) =>
      transaction(0, {
        id: `hold:${id}`,
        transaction_id: `hold:${id}`,
        amount: -200,
        transaction_type: 'withdrawal',
        description,
        status,
      });
    answerApiCalls({
      'GET /api/users/wallets': { body: [] },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': {
        body: {
          transactions: [
            row('w3', 'pending', 'Withdrawal C'),
            row('w2', 'completed', 'Withdrawal B'),
            row('w1', 'released', 'Withdrawal A'),
          ],
          limit: 20,
          offset: 0,
          total: 3,
        },
      },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await user.click(await screen.findByRole('tab', { name: 'Transactions' }));
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const status = (description: string) => within(within(list).getByText(description).closest('li') as HTMLElement);
    expect(status('Withdrawal C').getByText('pending')).toBeInTheDocument();
    expect(status('Withdrawal B').getByText('processed')).toBeInTheDocument();
    expect(status('Withdrawal A').getByText('failed')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows the user's real staking figures in the Overview's Staking Rewards block", async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('gems', 50)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/growth/staking': {
        body: [
          {
            id: 's1',
            channel_id: 'c',
            channel_name: 'Steady',
            amount: 120,
            multiplier: 1.1,
            staked_at: '2026-11-01T00:00:00.000Z',
            lock_until: '2026-12-01T00:00:00.000Z',
            earned_so_far: 1.5,
            projected_total_reward: 12,
            daily_reward: 0.4,
            status: 'active',
          },
        ],
      },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    const figures = await screen.findByLabelText('Staking figures');
    expect(within(figures).getByText('120 gems')).toBeInTheDocument();
    expect(within(figures).getByText('1.5 gems')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage stakes' })).toHaveAttribute('href', '/growth-hub');
  });

  it("opens the shell's account modals from the cards", async () => {
    const user = userEvent.setup();
    const requested: string[] = [];
    const stop = onAccountDialogRequest((dialog) => requested.push(dialog));
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('points', 10)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await user.click(await screen.findByRole('button', { name: 'Convert to Keys' }));
    await user.click(screen.getByRole('button', { name: 'Master Key Status' }));
    await user.click(screen.getByRole('button', { name: 'Gold Shop' }));
    await user.click(screen.getByRole('button', { name: 'Achievements' }));
    expect(requested).toEqual(['convert', 'master-key', 'gold-shop', 'achievements']);
    stop();
  });

  it('hides the account modal buttons when no shell can open them (standalone)', async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [wallet('points', 10)] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': noHistory,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await screen.findByRole('region', { name: 'Points balance' });
    expect(screen.queryByRole('button', { name: 'Convert to Keys' })).not.toBeInTheDocument();
  });

  it("charts the weighted wallet value (keys ×10, gems ×5, gold ×2) from the ledger's daily balances, linking to the Growth Hub", async () => {
    const asked: string[] = [];
    answerApiCalls({
      'GET /api/users/wallets': { body: [] },
      'GET /api/users/transactions': noTransactions,
      'GET /api/users/me/balance-history': (url) => {
        asked.push(url.search);
        // Empty on the first day, then 100 points, 2 keys, 10 gems and 5 gold: 100 + 20 + 50 + 10 = 180 (USD left out).
        return {
          body: {
            days: 30,
            points: [
              day('2026-10-26'),
              day('2026-11-10', { points: 50 }),
              day('2026-11-25', { points: 100, keys: 2, gems: 10, gold: 5, usd: 99 }),
            ],
          },
        };
      },
    });
    // The day labels are built without a date formatter per label (350 ms of the first page at 4x CPU).
    const toLocaleDateString = jest.spyOn(Date.prototype, 'toLocaleDateString');
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    const analytics = await screen.findByRole('region', { name: 'Wallet analytics' });
    expect(
      await within(analytics).findByRole('figure', { name: 'Wallet value over the last 30 days' }),
    ).toBeInTheDocument();
    expect(within(analytics).getByText('Oct 26')).toBeInTheDocument();
    expect(within(analytics).getByText('Nov 10')).toBeInTheDocument();
    expect(toLocaleDateString).not.toHaveBeenCalled();
    toLocaleDateString.mockRestore();
    expect(asked).toEqual(['?days=30']);
    expect(within(analytics).getAllByText('180').length).toBeGreaterThan(0);
    expect(within(analytics).getByText('+180')).toBeInTheDocument();
    expect(within(analytics).getByRole('cell', { name: '50' })).toBeInTheDocument();
    expect(within(analytics).getByRole('link', { name: 'Open Growth Hub' })).toHaveAttribute('href', '/growth-hub');
    // UTC days in the app's English, in the chart's data table too.
    expect(within(analytics).getByRole('rowheader', { name: 'Nov 10' })).toBeInTheDocument();
  });

  it('lists transactions with type, signed amount and status, filters by currency and type on the server, and pages', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    answerApiCalls({
      'GET /api/users/wallets': { body: [] },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': (url) => {
        queries.push(url.search);
        const offset = Number(url.searchParams.get('offset'));
        const rows =
          offset === 0
            ? [
                transaction(1, {
                  amount: -200,
                  transaction_type: 'withdrawal',
                  description: 'Withdrawal to PayPal',
                  status: 'pending',
                }),
                ...Array.from({ length: 19 }, (_, index) => transaction(index + 2)),
              ]
            : [transaction(99, { description: 'The oldest one' })];
        return { body: { transactions: rows, limit: 20, offset, total: 21 } };
      },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await user.click(await screen.findByRole('tab', { name: 'Transactions' }));
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const withdrawal = within(list).getByText('Withdrawal to PayPal').closest('li') as HTMLElement;
    expect(within(withdrawal).getByText('−200 Gems')).toBeInTheDocument();
    expect(within(withdrawal).getByText('pending')).toBeInTheDocument();
    expect(within(withdrawal).getByText(/^Withdrawal ·/)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2 · 21 transactions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Older/ }));
    expect(await screen.findByText('The oldest one')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('offset=20');
    expect(screen.getByRole('button', { name: /Older/ })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Currency'), 'gems');
    await user.selectOptions(screen.getByLabelText('Type'), 'withdrawal');
    await waitFor(() => expect(new URLSearchParams(queries.at(-1)).get('type')).toBe('withdrawal'));
    const filtered = new URLSearchParams(queries.at(-1));
    expect(filtered.get('currency')).toBe('gems');
    expect(filtered.get('offset')).toBe('0');
  });

  it("says 'No transactions yet' for an empty history", async () => {
    const user = userEvent.setup();
    answerApiCalls({
      'GET /api/users/wallets': { body: [] },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': noTransactions,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    await user.click(await screen.findByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByRole('region', { name: 'No transactions yet' })).toBeInTheDocument();
  });

  it("offers 'Force Re-Login' when the wallet's authentication fails", async () => {
    const user = userEvent.setup();
    const signOut = jest.fn(async () => undefined);
    answerApiCalls({
      'GET /api/users/wallets': { status: 401, body: { error: 'Authentication required', code: 'UNAUTHORIZED' } },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': noTransactions,
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet', session: { signOut } });
    expect(
      await screen.findByText('Authentication failed. Please try the "Force Re-Login" button or refresh the page.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Force Re-Login' }));
    expect(signOut).toHaveBeenCalledWith({ expired: true });
  });

  it('opens the dialog its address names over the wallet: /withdraw, /payment-methods, /gem-store, and ?checkout= on the way back', async () => {
    const table = {
      'GET /api/users/wallets': { body: [wallet('gems', 300)] },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': noTransactions,
      'GET /api/withdrawal/requests': { body: { withdrawals: [] } },
      'GET /api/withdrawal/methods': { body: [] },
      'GET /api/users/payment-preferences': { body: [] },
      'GET /api/payments/gem-packages': { body: { packages: [] } },
      'GET /api/payments/checkout-sessions/cs_9': {
        body: {
          id: 'cs_9',
          kind: 'gems',
          provider: 'local',
          package_id: 'starter',
          price: 11,
          status: 'paid',
          credit_currency: 'gems',
          credit_amount: 10,
          credited: true,
          transaction_id: 't',
          failure_reason: null,
          created_at: '2026-11-25T09:00:00Z',
          paid_at: '2026-11-25T09:01:00Z',
          expires_at: '2026-11-25T09:30:00Z',
        },
      },
    };
    for (const [route, title] of [
      ['/withdraw', 'Withdraw Gems'],
      ['/payment-methods', 'Payment Preferences'],
      ['/gem-store', 'Gem Store'],
      ['/gem-store?currency=usd', 'Add Funds'],
      ['/wallet?checkout=cs_9', 'Payment'],
    ] as const) {
      answerApiCalls(table);
      const view = renderWithPlatform(<WalletRoutes />, { route });
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Wallet', hidden: true })).toBeInTheDocument();
      view.unmount();
    }
    expect(
      await (async () => {
        answerApiCalls(table);
        renderWithPlatform(<WalletRoutes />, { route: '/wallet?checkout=cs_9' });
        return screen.findByText('10 gems');
      })(),
    ).toBeInTheDocument();
  });

  it('lists the withdrawals with their status on the Overview', async () => {
    answerApiCalls({
      'GET /api/users/wallets': { body: [] },
      'GET /api/users/me/balance-history': noHistory,
      'GET /api/users/transactions': noTransactions,
      'GET /api/withdrawal/methods': { body: [] },
      'GET /api/withdrawal/requests': {
        body: {
          withdrawals: [
            {
              id: 'w1',
              amount: 200,
              fee: 5,
              fee_percentage: 2.5,
              net_amount: 195,
              currency_type: 'gems',
              payment_method: 'paypal',
              payment_details: {},
              status: 'processed',
              failure_reason: null,
              payout_reference: 'p1',
              created_at: '2026-11-25T09:00:00Z',
              processed_at: '2026-11-25T09:00:05Z',
            },
          ],
        },
      },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet' });
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    expect(within(list).getByText(/200 gems to paypal/)).toBeInTheDocument();
    expect(within(list).getByText('processed')).toBeInTheDocument();
  });
});
