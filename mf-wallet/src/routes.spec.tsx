import { ledgerKeys } from '@app/platform';
import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import WalletRoutes, { startFirstQueries } from './routes';

describe('mf_wallet routes', () => {
  it('opens the Growth Hub at /growth-hub (its own chunk, loaded on demand)', async () => {
    answerApiCalls({});
    renderWithPlatform(<WalletRoutes />, { route: '/growth-hub' });
    expect(await screen.findByRole('heading', { name: 'Growth Hub' })).toBeInTheDocument();
  });

  it('requests the balances as soon as the module loads on a wallet address, into the cache the page reads', async () => {
    const gems = { currency_type: 'gems', balance: 7, available_balance: 7, held_balance: 0 };
    const calls = answerApiCalls({ 'GET /api/users/wallets': { body: [gems] } });
    const queryClient = new QueryClient();
    startFirstQueries('/wallet', () => queryClient);
    // The call starts in a task of its own (the API client yields first), before the page renders.
    await waitFor(() => expect(calls).toEqual(['GET /api/users/wallets']));
    await waitFor(() => expect(queryClient.getQueryData(ledgerKeys.wallets())).toEqual([gems]));
  });

  it('requests nothing early on the Growth Hub or elsewhere', async () => {
    const calls = answerApiCalls({});
    const queryClient = new QueryClient();
    for (const path of ['/growth-hub', '/growth-hub/funding', '/wallets', '/'])
      startFirstQueries(path, () => queryClient);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
