import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import InvestRoutes from './routes';

describe('mf_invest routes', () => {
  it('lists holdings with 4-decimal share prices and 2-decimal values', async () => {
    answerApiCalls({
      'GET /api/portfolio/holdings': { body: { holdings: [{ id: 'h1', content_title: 'Sunset timelapse', shares: 12, current_price: '1.23456', current_value: '14.8147' }] } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('link', { name: 'Sunset timelapse' })).toHaveAttribute('href', '/holding/h1');
    expect(screen.getByText('1.2346 per share')).toBeInTheDocument();
    expect(screen.getByText('$14.81')).toBeInTheDocument();
  });

  it('shows an empty portfolio honestly', async () => {
    answerApiCalls({ 'GET /api/portfolio/holdings': { body: [] } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('heading', { name: 'You hold no shares yet' })).toBeInTheDocument();
  });

  it("shows 'Failed to load data' with Try again when the server fails", async () => {
    answerApiCalls({ 'GET /api/portfolio/holdings': { status: 500, body: { error: 'Projection lagging', code: 'PROJECTION_LAG' } } });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Projection lagging');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
