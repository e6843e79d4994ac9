import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import WalletRoutes from './routes';

describe('mf_wallet routes', () => {
  it('says plainly that the growth hub is not open yet', () => {
    answerApiCalls({});
    renderWithPlatform(<WalletRoutes />, { route: '/growth-hub' });
    expect(screen.getByRole('heading', { name: 'Growth Hub is not open yet' })).toBeInTheDocument();
  });
});
