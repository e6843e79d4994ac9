import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeDropsApi } from '../../drops/components/test-api';
import { ContentDetailPage } from './content-detail-page';
import { createComment, createContent, postedComment, socialAnswer, sponsorship, userStatus } from './test-content';

// What engagement pays, as the content page shows it: a posted comment's points, repost, the share's 10 × tier, and the
// daily cap said in words instead of "+0 points".
const content = createContent({ title: 'Street food tour' });
const base = `/api/content/${content.id}`;
type AnswerTable = Parameters<typeof fakeDropsApi>[0];

const loaded = (overrides: AnswerTable = {}): AnswerTable => ({
  [`GET ${base}`]: { body: content },
  [`GET ${base}/metrics`]: { body: content.metrics },
  [`GET ${base}/user-status`]: { body: userStatus(content.id) },
  [`GET ${base}/comments`]: { body: [] },
  [`GET ${base}/sponsorship`]: { body: sponsorship(content.id) },
  ...overrides,
});

const renderDetail = (tier = 'free') =>
  renderWithPlatform(
    <Routes>
      <Route path="/content/:id" element={<ContentDetailPage />} />
    </Routes>,
    { route: `/content/${content.id}`, user: createUser({ id: 'viewer-1', username: 'viewer', user_tier: tier }) },
  );

describe('Content engagement rewards', () => {
  it('says what a posted comment earned', async () => {
    const calls = fakeDropsApi(
      loaded({
        [`POST ${base}/comments`]: {
          status: 201,
          body: postedComment(createComment({ content_id: content.id, comment_text: 'Tasty' })),
        },
      }),
    );
    renderDetail();
    expect(await screen.findByText('Each comment earns +0.3 points.')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Add a comment'), 'Tasty');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment posted')).toBeInTheDocument();
    expect(screen.getByText('+0.3 points and 3 free shares')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${base}/comments`)?.body).toEqual({
      comment_text: 'Tasty',
      parent_comment_id: null,
    });
  });

  it('tells a commenter past the daily cap so, not "+0 points"', async () => {
    fakeDropsApi(
      loaded({
        [`POST ${base}/comments`]: {
          status: 201,
          body: postedComment(createComment({ content_id: content.id }), {
            points_earned: 0,
            engagement_shares_earned: 0,
            daily_points_remaining: 0,
            daily_limit_reached: true,
            message: 'Daily points limit reached; more tomorrow',
          }),
        },
      }),
    );
    renderDetail();
    await userEvent.type(await screen.findByLabelText('Add a comment'), 'Late');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Daily points limit reached; more tomorrow')).toBeInTheDocument();
    expect(screen.queryByText(/\+0 points/)).not.toBeInTheDocument();
  });

  it('reposts at 0.2 × tier and then shows Reposted', async () => {
    const calls = fakeDropsApi(
      loaded({
        'POST /api/users/social-action': {
          body: socialAnswer(content.id, {
            action_type: 'repost',
            points_earned: 0.4,
            multiplier: 2,
            engagement_shares_earned: 0,
          }),
        },
      }),
    );
    renderDetail('super');
    await userEvent.click(await screen.findByRole('button', { name: 'Repost (+0.4 pts)' }));
    expect(await screen.findByText('Reposted!')).toBeInTheDocument();
    expect(screen.getByText('+0.4 points')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reposted' })).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/users/social-action')?.body).toEqual({
      action_type: 'repost',
      reference_id: content.id,
      reference_type: 'content',
    });
  });

  it('previews and pays the share at 10 points × tier when the link is copied', async () => {
    const calls = fakeDropsApi(
      loaded({
        'POST /api/shares/create': { status: 201, body: { success: true, data: { id: 'l1', url: '/api/s/l1' } } },
        'POST /api/users/social-action': {
          body: socialAnswer(content.id, {
            action_type: 'share',
            points_earned: 15,
            multiplier: 1.5,
            engagement_shares_earned: 5,
          }),
        },
      }),
    );
    renderDetail('premium');
    await userEvent.click(await screen.findByRole('button', { name: 'Share (+15 pts)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Content' });
    expect(within(dialog).getByText(/\+15 points \(once per item\)/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Share link')).toHaveValue('http://localhost/api/s/l1'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('+15 points and 5 free shares')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/users/social-action')?.body).toEqual({
      action_type: 'share',
      reference_id: content.id,
      reference_type: 'content',
    });
  });

  it('shows Liked from the answer even while the user status (a projection) still trails the like', async () => {
    fakeDropsApi(loaded({ 'POST /api/users/social-action': { body: socialAnswer(content.id) } }));
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /^Like/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liked' })).toBeDisabled());
  });

  it('tells a liker past the daily cap so', async () => {
    fakeDropsApi(
      loaded({
        'POST /api/users/social-action': {
          body: socialAnswer(content.id, {
            points_earned: 0,
            daily_points_remaining: 0,
            daily_limit_reached: true,
            message: 'Daily points limit reached; more tomorrow',
          }),
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /^Like/ }));
    expect(await screen.findByText(/^Daily points limit reached; more tomorrow/)).toBeInTheDocument();
  });
});
