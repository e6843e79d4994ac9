import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { LandingPage } from './landing-page';
import { PlatformStatistics, STATISTICS_REFRESH_MS, parsePlatformStats } from './platform-statistics';

const stats = (overrides: Record<string, unknown> = {}) => ({
  members: 1234,
  active_drops: 7,
  drop_applications_completed: 89,
  points_paid_out: '1000.5',
  gems_paid_out: '12.25',
  keys_converted: '3',
  as_of: '2026-11-21T20:00:00.000Z',
  ...overrides,
});

const figure = (label: string) => within(screen.getByText(label).closest('div') as HTMLElement).getByRole('definition');

describe('landing page live statistics', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a skeleton, then the figures from GET /api/stats/platform', async () => {
    const calls = answerApiCalls({ 'GET /api/stats/platform': { body: stats() } });
    render(<PlatformStatistics />);
    expect(screen.getByRole('status', { name: 'Loading platform statistics' })).toBeInTheDocument();
    expect(await screen.findByText('Members')).toBeInTheDocument();
    expect(figure('Members')).toHaveTextContent('1,234');
    expect(figure('Active drops')).toHaveTextContent('7');
    expect(figure('Drops completed')).toHaveTextContent('89');
    expect(figure('Points rewarded')).toHaveTextContent('1,000.5');
    expect(figure('Gems rewarded')).toHaveTextContent('12.25');
    expect(figure('Keys converted')).toHaveTextContent('3');
    expect(calls).toEqual(['GET /api/stats/platform']);
  });

  it('refreshes every 10 seconds', async () => {
    jest.useFakeTimers();
    let members = 10;
    const calls = answerApiCalls({ 'GET /api/stats/platform': () => ({ body: stats({ members }) }) });
    render(<PlatformStatistics />);
    await act(async () => undefined);
    expect(figure('Members')).toHaveTextContent('10');
    members = 11;
    await act(async () => {
      jest.advanceTimersByTime(STATISTICS_REFRESH_MS - 1);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(calls).toHaveLength(2);
    expect(figure('Members')).toHaveTextContent('11');
  });

  it("shows 'Failed to load data: {message}' with Try again, which loads again", async () => {
    const user = userEvent.setup();
    let failing = true;
    answerApiCalls({
      'GET /api/stats/platform': () =>
        failing ? { status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } } : { body: stats() },
    });
    render(<PlatformStatistics />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Service unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Members')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the last figures when a refresh fails, and says so', async () => {
    jest.useFakeTimers();
    let failing = false;
    answerApiCalls({
      'GET /api/stats/platform': () =>
        failing ? { status: 500, body: { error: 'Boom', code: 'INTERNAL' } } : { body: stats() },
    });
    render(<PlatformStatistics />);
    await act(async () => undefined);
    failing = true;
    await act(async () => {
      jest.advanceTimersByTime(STATISTICS_REFRESH_MS);
    });
    expect(figure('Members')).toHaveTextContent('1,234');
    expect(screen.getByRole('status')).toHaveTextContent('Could not refresh: Boom. Showing the last figures.');
    failing = false;
    await act(async () => {
      jest.advanceTimersByTime(STATISTICS_REFRESH_MS);
    });
    expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument();
  });

  it('refuses a malformed answer', async () => {
    answerApiCalls({ 'GET /api/stats/platform': { body: stats({ points_paid_out: 1000.5 }) } });
    render(<PlatformStatistics />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load data: Unexpected response from GET /api/stats/platform',
    );
    expect(() => parsePlatformStats(null)).toThrow();
    expect(parsePlatformStats(stats())).toEqual(stats());
  });

  it('is on the landing page for signed-out visitors', async () => {
    answerApiCalls({ 'GET /api/stats/platform': { body: stats() } });
    renderWithPlatform(<LandingPage />, { user: null });
    expect(screen.getByRole('heading', { name: 'Live platform statistics' })).toBeInTheDocument();
    expect(await screen.findByText('Members')).toBeInTheDocument();
    expect(figure('Members')).toHaveTextContent('1,234');
  });
});
