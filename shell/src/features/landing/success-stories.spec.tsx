import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { LandingPage } from './landing-page';
import { SuccessStories, parseTopEarners } from './success-stories';

const earner = (overrides: Record<string, unknown> = {}) => ({
  rank: 1,
  username: 'ada',
  display_name: 'Ada Lovelace',
  avatar_url: null,
  points_earned: 1250.5,
  gems_earned: 40,
  ...overrides,
});

// The landing page's success stories are the month's real top earners (GET /api/leaderboard/top-earners), not a
// permanent empty state.
describe('landing page success stories', () => {
  it("tells the month's top earners' stories, each linking to their profile", async () => {
    answerApiCalls({
      'GET /api/leaderboard/top-earners': {
        body: {
          month: '2026-12',
          earners: [
            earner(),
            earner({ rank: 2, username: 'grace', display_name: null, points_earned: 0, gems_earned: 12.5 }),
          ],
        },
      },
    });
    renderWithPlatform(<SuccessStories />, { user: null });
    const list = await screen.findByRole('list', { name: 'Top earners of December 2026' });
    const first = within(list).getByRole('listitem', { name: 'Ada Lovelace, #1' });
    expect(
      within(first).getByText('Ada Lovelace earned 1,250.5 points and 40 gems in December 2026.'),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/users/ada');
    expect(within(list).getByText('grace earned 12.5 gems in December 2026.')).toBeInTheDocument();
  });

  it('invites the first earner of a month nobody has earned in yet, and retries after a failure', async () => {
    let fail = true;
    answerApiCalls({
      'GET /api/leaderboard/top-earners': () =>
        fail
          ? { status: 503, body: { error: 'Busy', code: 'UNAVAILABLE' } }
          : { body: { month: '2026-12', earners: [] } },
    });
    renderWithPlatform(<SuccessStories />, { user: null });
    expect(await screen.findByText(/Failed to load success stories/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nobody has earned rewards in December 2026 yet/)).toBeInTheDocument();
  });

  it('sits in the landing page under Success stories', async () => {
    answerApiCalls({
      'GET /api/stats/platform': { status: 503, body: { error: 'Busy', code: 'UNAVAILABLE' } },
      'GET /api/leaderboard/top-earners': { body: { month: '2026-12', earners: [earner()] } },
    });
    renderWithPlatform(<LandingPage />, { user: null });
    const section = screen.getByRole('region', { name: 'Success stories' });
    expect(await within(section).findByText(/Ada Lovelace earned/)).toBeInTheDocument();
    expect(within(section).queryByText(/No stories have been published yet/)).not.toBeInTheDocument();
  });

  it('refuses an answer of the wrong shape', () => {
    expect(() => parseTopEarners({ month: '2026-12', earners: [{ rank: 1 }] })).toThrow(
      'Unexpected response from GET /api/leaderboard/top-earners',
    );
  });
});
