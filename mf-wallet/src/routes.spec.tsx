import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import WalletRoutes from './routes';

describe('mf_wallet routes', () => {
  it('opens the Growth Hub at /growth-hub (its own chunk, loaded on demand)', async () => {
    answerApiCalls({});
    renderWithPlatform(<WalletRoutes />, { route: '/growth-hub' });
    expect(await screen.findByRole('heading', { name: 'Growth Hub' })).toBeInTheDocument();
  });
});
