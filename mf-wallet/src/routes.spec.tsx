import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import WalletRoutes from './routes';

describe('mf_wallet routes', () => {
  it('shows the ledger wallets with holds and the transaction history', async () => {
    answerApiCalls({
      'GET /api/users/wallets': {
        body: [
          { currency_type: 'points', balance: 1500, available_balance: 1500, held_balance: 0 },
          { currency_type: 'gems', balance: 250.5, available_balance: 50.5, held_balance: 200 },
        ],
      },
      'GET /api/users/transactions': {
        body: { transactions: [{ id: 't1:keys', transaction_id: 't1', transaction_type: 'CONVERSION', description: 'Converted 500 points to 1 key', amount: 1, currency_type: 'keys', status: 'completed', created_at: '2026-01-01T10:00:00Z' }], limit: 20, offset: 0 },
      },
    });
    renderWithPlatform(<WalletRoutes />, { route: '/wallet', user: createUser({ points_balance: '1500' }) });
    const wallets = await screen.findByRole('list', { name: 'Wallets' });
    expect(within(wallets).getByText('250.5')).toBeInTheDocument();
    expect(within(wallets).getByText('200 on hold')).toBeInTheDocument();
    expect(await screen.findByText('Converted 500 points to 1 key')).toBeInTheDocument();
    expect(screen.getByText('+1 Keys')).toBeInTheDocument();
    expect(screen.getByText(/1,500 points are worth \$1\.50/)).toBeInTheDocument();
  });

  it('says plainly that the growth hub is not open yet', () => {
    answerApiCalls({});
    renderWithPlatform(<WalletRoutes />, { route: '/growth-hub' });
    expect(screen.getByRole('heading', { name: 'Growth Hub is not open yet' })).toBeInTheDocument();
  });
});
