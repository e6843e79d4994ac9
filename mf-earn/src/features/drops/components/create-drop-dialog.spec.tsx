import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { DROP_MESSAGES } from '@app/contracts/drops';
import { CreateDropDialog } from './create-drop-dialog';
import { createDrop, fakeDropsApi } from './test-api';

const renderDialog = (kind: 'proof' | 'paid' | 'move' = 'proof') =>
  renderWithPlatform(
    <Routes>
      <Route path="/earn" element={<CreateDropDialog open initialKind={kind} onOpenChange={() => undefined} />} />
      <Route path="/task/:id" element={<p>detail of the new drop</p>} />
    </Routes>,
    { route: '/earn', user: createUser({ user_type: 'advertiser' }) },
  );

describe('Create Drop dialog', () => {
  it('requires a title and a description and a valid paid key cost before calling the server', async () => {
    const calls = fakeDropsApi({});
    renderDialog('paid');
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    await userEvent.clear(within(dialog).getByLabelText('Key cost'));
    await userEvent.type(within(dialog).getByLabelText('Key cost'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Key cost must be at least 1')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('needs an image URL in link mode', async () => {
    fakeDropsApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Clip');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Clip it');
    await userEvent.click(within(dialog).getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    expect(await within(dialog).findByText('Please provide a valid image URL')).toBeInTheDocument();
  });

  it('posts a paid drop with its kind flags and costs, then opens it', async () => {
    const created = createDrop({ kind: 'paid' });
    const calls = fakeDropsApi({ 'POST /api/drops': { status: 201, body: created } });
    renderDialog('paid');
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Review');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Write a review');
    await userEvent.type(within(dialog).getByLabelText('Gem pool'), '200');
    await userEvent.type(within(dialog).getByLabelText('Max participants'), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    expect(await screen.findByText('detail of the new drop')).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/drops')!;
    expect(post.body).toMatchObject({
      title: 'Review',
      kind: 'paid',
      is_paid_drop: true,
      is_proof_drop: false,
      key_cost: 1,
      gem_reward_base: 50,
      gem_pool_total: 200,
      max_participants: 4,
    });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  // Typing every field takes a few seconds under jsdom on a busy machine.
  it('asks a move drop with unlimited participants for its key pool, shows the escrow, and posts the pool', async () => {
    const created = createDrop({ kind: 'move' });
    const calls = fakeDropsApi({ 'POST /api/drops': { status: 201, body: created } });
    renderDialog('move');
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Repost');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Repost our post');
    await userEvent.clear(within(dialog).getByLabelText('Keys reward'));
    await userEvent.type(within(dialog).getByLabelText('Keys reward'), '3');
    // The escrow is said before submitting: reward × seats, or the pool that unlimited seats need.
    await userEvent.type(within(dialog).getByLabelText('Max participants'), '4');
    expect(
      within(dialog).getByText(/Blank: 12 keys \(keys reward × max participants\) move from your keys into the drop/),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Max participants'));
    expect(within(dialog).getByText(/Required with unlimited participants/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    expect(await within(dialog).findByText(DROP_MESSAGES.keyPoolRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Key pool'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    expect(await screen.findByText('detail of the new drop')).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/drops')!;
    expect(post.body).toMatchObject({ kind: 'move', key_reward_amount: 3, key_pool_total: 30, max_participants: null });
  }, 20_000);

  it("shows the server's refusal", async () => {
    fakeDropsApi({
      'POST /api/drops': {
        status: 422,
        body: { error: 'Insufficient gems to fund the drop pool', code: 'INSUFFICIENT_GEMS' },
      },
    });
    renderDialog('paid');
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Review');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Write a review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Insufficient gems to fund the drop pool')).toBeInTheDocument(),
    );
  });

  describe('image', () => {
    const originalFetch = globalThis.fetch;
    afterEach(() => {
      globalThis.fetch = originalFetch;
    });

    const fillRequired = async (dialog: HTMLElement) => {
      await userEvent.type(within(dialog).getByLabelText('Title'), 'Clip');
      await userEvent.type(within(dialog).getByLabelText('Description'), 'Clip it');
    };

    it('uploads the chosen file (POST /api/upload/image) and sends its URL as preview_image', async () => {
      const calls = fakeDropsApi({
        'POST /api/upload/image': {
          status: 201,
          body: { url: '/api/images/abc.png', key: 'abc.png', content_type: 'image/png', size_bytes: 1024 },
        },
        'POST /api/drops': { status: 201, body: createDrop() },
      });
      renderDialog();
      const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
      await fillRequired(dialog);
      const file = new File(['png'], 'clip.png', { type: 'image/png' });
      await userEvent.upload(within(dialog).getByLabelText('Image file'), file);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
      expect(await screen.findByText('detail of the new drop')).toBeInTheDocument();
      const upload = calls.find((call) => call.key === 'POST /api/upload/image');
      expect((upload?.body as FormData).get('image')).toBe(file);
      expect(upload?.headers.Authorization).toBe('Bearer test-token');
      expect(calls.find((call) => call.key === 'POST /api/drops')?.body).toMatchObject({
        preview_image: '/api/images/abc.png',
        kind: 'proof',
      });
    });

    it("says 'Failed to upload image. Please try again.' when the upload fails, and creates nothing", async () => {
      const calls = fakeDropsApi({ 'POST /api/upload/image': { status: 503, body: { error: 'down' } } });
      renderDialog();
      const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
      await fillRequired(dialog);
      await userEvent.upload(
        within(dialog).getByLabelText('Image file'),
        new File(['png'], 'clip.png', { type: 'image/png' }),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
      expect(await within(dialog).findByText('Failed to upload image. Please try again.')).toBeInTheDocument();
      expect(calls.map((call) => call.key)).not.toContain('POST /api/drops');
    });

    it('checks an image URL with a HEAD request and refuses one that does not answer', async () => {
      globalThis.fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch;
      fakeDropsApi({});
      renderDialog();
      const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
      await fillRequired(dialog);
      await userEvent.click(within(dialog).getByLabelText('Image URL', { selector: 'input[type=radio]' }));
      await userEvent.type(
        within(dialog).getByLabelText('Image URL', { selector: 'input[type=url]' }),
        'https://images.example.com/nothing.png',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Drop' }));
      expect(await within(dialog).findByText('Please provide a valid image URL')).toBeInTheDocument();
      expect(globalThis.fetch).toHaveBeenCalledWith(
        'https://images.example.com/nothing.png',
        expect.objectContaining({ method: 'HEAD' }),
      );
    });
  });
});
