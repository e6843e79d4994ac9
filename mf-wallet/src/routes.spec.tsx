import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import WalletRoutes from './routes';

describe('mf_wallet routes', () => {
  it('opens the Growth Hub at /growth-hub', () => {
    answerApiCalls({});
    renderWithPlatform(<WalletRoutes />, { route: '/growth-hub' });
    expect(screen.getByRole('heading', { name: 'Growth Hub' })).toBeInTheDocument();
  });
});
