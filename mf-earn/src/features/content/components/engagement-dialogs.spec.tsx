import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeDropsApi } from '../../drops/components/test-api';
import { ContentDetailPage } from './content-detail-page';
import { createContent, sponsorship, tipAnswer, userStatus } from './test-content';

const content = createContent({
  title: 'Street food tour',
  platform: 'tiktok',
  platform_url: 'https://tiktok.com/@me/video/9',
});
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

const renderDetail = (
  user: ReturnType<typeof createUser> | null = createUser({
    id: 'viewer-1',
    username: 'viewer',
    user_tier: 'super',
    gems_balance: '30',
  }),
) =>
  renderWithPlatform(
    <Routes>
      <Route path="/content/:id" element={<ContentDetailPage />} />
    </Routes>,
    { route: `/content/${content.id}`, user },
  );

describe('Content engagement dialogs', () => {
  it('makes a share link as the dialog opens, regenerates it on demand, and says when it cannot', async () => {
    let made = 0;
    const calls = fakeDropsApi(
      loaded({
        'POST /api/shares/create': () => {
          made += 1;
          return made === 2
            ? { status: 503, body: { error: 'busy', code: 'UNAVAILABLE' } }
            : { status: 201, body: { success: true, data: { id: `l${made}`, url: `/api/s/l${made}` } } };
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /^Share/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Content' });
    await waitFor(() => expect(within(dialog).getByLabelText('Share link')).toHaveValue('http://localhost/api/s/l1'));
    expect(calls.find((call) => call.key === 'POST /api/shares/create')?.body).toEqual({
      target_url: `http://localhost/content/${content.id}`,
      content_id: content.id,
      campaign_id: null,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await within(dialog).findByText('Unable to generate link. Try again shortly.')).toBeInTheDocument();
  });

  it('records an external move with a proof URL, previewing the tier reward, and requires some proof', async () => {
    const calls = fakeDropsApi(
      loaded({
        'POST /api/users/external-move': {
          status: 201,
          body: {
            success: true,
            move_id: 'm1',
            move_type: 'share',
            content_id: content.id,
            points_earned: 200,
            keys_earned: 10,
            multiplier: 2,
            proof_url: 'https://x.test/p',
            moves_remaining_today: 9,
          },
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'External Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'External Move' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Move'), 'share');
    expect(within(dialog).getByText('Earns 200 points and 10 keys at your tier.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await within(dialog).findByText('Please provide proof URL or upload a screenshot')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/users/external-move')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Proof URL'), 'https://x.test/p');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await screen.findByText('+200 points and 10 keys')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/users/external-move')?.body).toEqual({
      move_type: 'share',
      content_id: content.id,
      content_platform: 'tiktok',
      content_url: content.platform_url,
      proof_url: 'https://x.test/p',
      proof_type: 'url',
    });
  });

  it('sends a screenshot proof as an image data URL', async () => {
    const calls = fakeDropsApi(
      loaded({
        'POST /api/users/external-move': {
          status: 409,
          body: { error: 'You have already recorded this move for this content', code: 'MOVE_ALREADY_RECORDED' },
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'External Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'External Move' });
    await userEvent.upload(
      within(dialog).getByLabelText('Or a screenshot'),
      new File(['jpg'], 'proof.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await within(dialog).findByText('You have already recorded this move for this content')).toBeInTheDocument();
    const body = calls.find((call) => call.key === 'POST /api/users/external-move')?.body as {
      proof_url: string;
      proof_type: string;
    };
    expect(body.proof_type).toBe('image');
    expect(body.proof_url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('funds in points as whole numbers, sending the amount as typed', async () => {
    const calls = fakeDropsApi(
      loaded({
        [`POST ${base}/fund`]: {
          status: 201,
          body: { ...tipAnswer(content.id, 1500), kind: 'fund', currency_type: 'Points', new_share_price: 0.015 },
        },
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Tip or Fund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip or Fund Content' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Fund' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Points' }));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fund Content' }));
    expect(await within(dialog).findByText('Enter an amount above 0')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fund Content' }));
    expect(await screen.findByText('New share price $0.0150')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${base}/fund`)?.body).toEqual({
      amount: '1500',
      currency_type: 'Points',
    });
    expect(calls.find((call) => call.key === `POST ${base}/fund`)?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('offers the owner Fund only (a creator cannot tip their own content)', async () => {
    const calls = fakeDropsApi(
      loaded({
        [`POST ${base}/fund`]: {
          status: 201,
          body: { ...tipAnswer(content.id, 2), kind: 'fund', currency_type: 'USD' },
        },
      }),
    );
    renderDetail(createUser({ id: content.creator_id, username: 'grace' }));
    expect(await screen.findByText('YOUR CONTENT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tip Creator' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip or Fund Content' });
    expect(within(dialog).queryByRole('radio', { name: 'Tip' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '2.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fund Content' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${base}/fund`)?.body).toEqual({
        amount: '2.50',
        currency_type: 'USD',
      }),
    );
  });

  it('shows the live stacked sponsorship', async () => {
    fakeDropsApi(
      loaded({
        [`GET ${base}/sponsorship`]: {
          body: sponsorship(content.id, {
            is_sponsored: true,
            sponsor_count: 2,
            total_boost_multiplier: 3.5,
            sponsor_names: ['Acme', 'Globex'],
          }),
        },
      }),
    );
    renderDetail();
    expect(await screen.findByText(/Boosted 3.5x by 2 sponsors: Acme, Globex/)).toBeInTheDocument();
  });

  it('lets a visitor read the content and comments but asks them to sign in to take part', async () => {
    const calls = fakeDropsApi(loaded());
    renderDetail(null);
    expect(await screen.findByRole('heading', { name: 'Street food tour', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Sign in to join the conversation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.key === `GET ${base}/user-status`)).toBe(false);
  });
});
