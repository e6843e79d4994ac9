import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeDropsApi } from '../../drops/components/test-api';
import { ContentDetailPage } from './content-detail-page';
import {
  createComment,
  createContent,
  postedComment,
  socialAnswer,
  sponsorship,
  tipAnswer,
  userStatus,
} from './test-content';

const content = createContent({ title: 'Compilers explained' });
const base = `/api/content/${content.id}`;

const renderDetail = (user = createUser({ id: 'viewer-1', username: 'viewer', gems_balance: '30' })) =>
  renderWithPlatform(
    <Routes>
      <Route path="/content/:id" element={<ContentDetailPage />} />
      <Route path="/dashboard" element={<p>home feed</p>} />
    </Routes>,
    { route: `/content/${content.id}`, user },
  );

type AnswerTable = Parameters<typeof fakeDropsApi>[0];

const loaded = (overrides: AnswerTable = {}): AnswerTable => ({
  [`GET ${base}`]: { body: content },
  [`GET ${base}/metrics`]: { body: content.metrics },
  [`GET ${base}/user-status`]: { body: userStatus(content.id) },
  [`GET ${base}/comments`]: { body: [] },
  [`GET ${base}/sponsorship`]: { body: sponsorship(content.id) },
  'GET /api/shares/listings': { body: { listings: [], next_cursor: null } },
  ...overrides,
});

describe('Content detail page', () => {
  it("says 'Content not found' only for a 404, and offers a retry for other failures", async () => {
    fakeDropsApi({ [`GET ${base}`]: { status: 404, body: { error: 'Content not found', code: 'CONTENT_NOT_FOUND' } } });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Content not found' })).toBeInTheDocument();
    unmount();

    fakeDropsApi({ [`GET ${base}`]: { status: 500, body: { error: 'database down', code: 'INTERNAL_ERROR' } } });
    renderDetail();
    expect(await screen.findByText('database down')).toBeInTheDocument();
    expect(screen.queryByText('Content not found')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the content, its metrics and shares, and opens Buy Shares for a visitor who does not own it (refused beyond the balance)', async () => {
    fakeDropsApi(loaded());
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Compilers explained', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('YOUR CONTENT')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('Content metrics')).getByText('12')).toBeInTheDocument();
    const buy = screen.getByRole('button', { name: 'Buy Shares' });
    expect(buy).toBeEnabled();
    expect(buy).toHaveAccessibleDescription(/paid in USD to the creator/);
    expect(screen.getByText('$0.0100')).toBeInTheDocument();
    await userEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Shares' });
    const count = within(dialog).getByLabelText('Number of shares');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Shares' }));
    expect(await within(dialog).findByText('Insufficient balance to purchase 3 shares')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    // Not an advertiser: no Sponsor button.
    expect(screen.queryByRole('button', { name: 'Sponsor' })).not.toBeInTheDocument();
  });

  it('likes once: sends the social action, then shows Liked disabled from the refreshed user status', async () => {
    let liked = false;
    const calls = fakeDropsApi(
      loaded({
        [`GET ${base}/user-status`]: () => ({ body: userStatus(content.id, { has_liked: liked }) }),
        'POST /api/users/social-action': () => {
          liked = true;
          return { body: socialAnswer(content.id) };
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /^Like \(\+0\.1 pts\)/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liked' })).toBeDisabled());
    expect(calls.find((call) => call.key === 'POST /api/users/social-action')?.body).toEqual({
      action_type: 'like',
      reference_id: content.id,
      reference_type: 'content',
    });
  });

  it("shows the server's refusal of a second like", async () => {
    fakeDropsApi(
      loaded({
        'POST /api/users/social-action': {
          status: 409,
          body: { error: 'You have already liked this content!', code: 'ALREADY_LIKED' },
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /^Like/ }));
    expect(await screen.findByText('You have already liked this content!')).toBeInTheDocument();
  });

  it('gives the owner YOUR CONTENT, Edit and Delete; delete asks first, then goes home', async () => {
    const calls = fakeDropsApi(
      loaded({ [`DELETE ${base}`]: { body: { success: true, id: content.id, outcome: 'deleted' } } }),
    );
    renderDetail(createUser({ id: 'creator-1', username: 'grace' }));
    expect(await screen.findByText('YOUR CONTENT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tip Creator' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this content?' });
    expect(calls.some((call) => call.key === `DELETE ${base}`)).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('home feed')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === `DELETE ${base}`)).toHaveLength(1);
  });

  it("edits the owner's content with the contract's checks and the server's field errors", async () => {
    const calls = fakeDropsApi(
      loaded({
        [`PUT ${base}`]: {
          status: 400,
          body: {
            error: 'Please check all required fields',
            code: 'VALIDATION_FAILED',
            field_errors: [
              { field: 'total_shares', message: 'Total shares cannot be less than the 30 shares set aside or held' },
            ],
          },
        },
      }),
    );
    renderDetail(createUser({ id: 'creator-1', username: 'grace' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `PUT ${base}`)).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Compilers, again');
    await userEvent.clear(within(dialog).getByLabelText('Total shares'));
    await userEvent.type(within(dialog).getByLabelText('Total shares'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('Total shares cannot be less than the 30 shares set aside or held'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PUT ${base}`)?.body).toMatchObject({
      title: 'Compilers, again',
      total_shares: 10,
    });
  });

  it('posts comments and replies, pins them as the owner, and deletes after a confirmation', async () => {
    const comment = createComment({
      content_id: content.id,
      comment_text: 'First!',
      replies: [
        createComment({
          content_id: content.id,
          comment_text: 'Second',
          user_username: 'ada',
          user_display_name: 'Ada',
        }),
      ],
    });
    const calls = fakeDropsApi(
      loaded({
        [`GET ${base}/comments`]: { body: [comment] },
        [`POST ${base}/comments`]: (body) => ({
          status: 201,
          body: postedComment(
            createComment({ content_id: content.id, comment_text: (body as { comment_text: string }).comment_text }),
            null,
          ),
        }),
        [`POST /api/content/comments/${comment.id}/pin`]: { body: { success: true } },
        [`DELETE /api/content/comments/${comment.id}`]: { body: { success: true, id: comment.id } },
      }),
    );
    renderDetail(createUser({ id: 'creator-1', username: 'grace' }));
    const thread = await screen.findByRole('article', { name: 'Comment by Linus' });
    expect(screen.getByRole('article', { name: 'Comment by Ada' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment cannot be empty')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Thanks all');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${base}/comments`)?.body).toEqual({
        comment_text: 'Thanks all',
        parent_comment_id: null,
      }),
    );

    await userEvent.click(within(thread).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(thread).getByLabelText('Reply to Linus'), 'Agreed');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Reply to Linus form' })).getByRole('button', { name: 'Reply' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.key === `POST ${base}/comments`).map((call) => call.body)).toContainEqual({
        comment_text: 'Agreed',
        parent_comment_id: comment.id,
      }),
    );

    await userEvent.click(within(thread).getByRole('button', { name: 'Pin' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `POST /api/content/comments/${comment.id}/pin`)).toBe(true),
    );

    await userEvent.click(within(thread).getAllByRole('button', { name: 'Delete' })[0]);
    const confirm = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `DELETE /api/content/comments/${comment.id}`)).toBe(true),
    );
  });

  it('lets an advertiser sponsor with an affordable package only, sending its gems, multiplier and hours', async () => {
    const calls = fakeDropsApi(
      loaded({
        [`POST ${base}/sponsor`]: {
          status: 201,
          body: {
            success: true,
            message: 'Content sponsored successfully! It will receive 2x visibility boost for 6 hours.',
            sponsorship: {
              id: 's1',
              content_id: content.id,
              package_id: 'popular-boost',
              package_name: 'Popular Boost',
              gems_allocated: 50,
              boost_multiplier: 2,
              duration_hours: 6,
              starts_at: '2026-11-21T10:00:00.000Z',
              ends_at: '2026-11-21T16:00:00.000Z',
              status: 'live',
            },
          },
        },
      }),
    );
    renderDetail(createUser({ id: 'brand-1', username: 'acme', user_type: 'advertiser', gems_balance: '60' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor Content' });
    expect(within(dialog).getByRole('radio', { name: /Daily Featured/ })).toBeDisabled();
    expect(within(dialog).getAllByText('Insufficient gems')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Popular Boost/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sponsor' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${base}/sponsor`)?.body).toEqual({
        package_id: 'popular-boost',
        gems_allocated: 50,
        boost_multiplier: 2,
        duration_hours: 6,
      }),
    );
    expect(
      await screen.findByText('Content sponsored successfully! It will receive 2x visibility boost for 6 hours.'),
    ).toBeInTheDocument();
  });

  it('refuses a tip beyond the gem balance without calling the server, and sends a valid one', async () => {
    const calls = fakeDropsApi(loaded({ 'POST /api/content/tip': { status: 201, body: tipAnswer(content.id, 25) } }));
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Tip Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Creator' });
    await userEvent.click(within(dialog).getByRole('button', { name: '50' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Tip' }));
    expect(await within(dialog).findByText('Insufficient gems')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/content/tip')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '25' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Tip' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/content/tip')?.body).toEqual({
        content_id: content.id,
        tip_amount: 25,
      }),
    );
  });
  it("shows this item's resale listings with Buy and Make an Offer (bounded by the listing when the seller's holding is private)", async () => {
    const listing = {
      id: 'l1',
      content_id: content.id,
      content_title: content.title,
      content_thumbnail: null,
      owner_id: 'sam',
      owner_name: 'Sam',
      quantity: 6,
      remaining_quantity: 6,
      ask_price: 0.02,
      market_price: 0.01,
      status: 'active',
      created_at: '2026-12-01T10:00:00.000Z',
      expires_at: null,
    };
    const calls = fakeDropsApi(
      loaded({
        'GET /api/shares/listings': { body: { listings: [listing], next_cursor: null } },
        [`GET /api/portfolio/holdings/${content.id}`]: {
          status: 404,
          body: { error: 'Holding not found.', code: 'HOLDING_NOT_FOUND' },
        },
      }),
    );
    renderDetail(createUser({ id: 'viewer-1', username: 'viewer', usd_balance: '5' }));
    const table = await screen.findByRole('table', { name: `Resale listings of ${content.title}` });
    expect(calls.find((call) => call.key === 'GET /api/shares/listings')).toBeDefined();
    const row = within(table).getByRole('row', { name: /Sam/ });
    expect(within(row).getByText('$0.0200')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `Buy ${content.title} from Sam` }));
    expect(await screen.findByRole('dialog', { name: 'Buy from Listing' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(row).getByRole('button', { name: `Make an offer to Sam for ${content.title}` }));
    const offer = await screen.findByRole('dialog', { name: 'Make an Offer' });
    // Private holding: 25 % of the listed 6, rounded up.
    expect(await within(offer).findByLabelText('Quantity')).toHaveValue(2);
  });
});
