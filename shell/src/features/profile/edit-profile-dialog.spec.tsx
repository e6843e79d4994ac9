import { installFakeApi } from '../../testing/fake-api';
import { apiUser, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { EditProfileDialog } from './edit-profile-dialog';

const renderDialog = (refresh = jest.fn(async () => undefined)) =>
  renderWithPlatform(
    <Routes>
      <Route path="/profile/:username" element={<EditProfileDialog open onOpenChange={() => undefined} />} />
    </Routes>,
    { route: '/profile/ada', user: createUser({ bio: 'Hi', social_links: { twitter: 'ada' } }), session: { refresh } },
  );

describe('Edit Profile dialog', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("checks username, bio and website with the spec's messages, without calling the server", async () => {
    const api = installFakeApi();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByText('2/500')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Username'));
    await userEvent.type(within(dialog).getByLabelText('Username'), 'a-');
    await userEvent.type(within(dialog).getByLabelText('Website URL'), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'bc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    expect(
      await within(dialog).findByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('saves the profile with social links as a JSON map (empty handles dropped) and refreshes the session', async () => {
    const refresh = jest.fn(async () => undefined);
    const api = installFakeApi().on('PUT /api/users/profile', (call) => ({
      body: apiUser({ ...(call.body as object), social_links: {} }),
    }));
    renderDialog(refresh);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText('Bio'));
    await userEvent.type(within(dialog).getByLabelText('Bio'), 'Compilers and poetry');
    await userEvent.type(within(dialog).getByLabelText('Instagram'), '  ada.ig ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const body = api.callsTo('PUT /api/users/profile')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'ada', display_name: 'Ada Lovelace', bio: 'Compilers and poetry' });
    expect(JSON.parse(body.social_links as string)).toEqual({ instagram: 'ada.ig', twitter: 'ada' });
  });

  it('sends social_links as an empty string when every handle is empty, and shows the server refusal on the field', async () => {
    const api = installFakeApi().on('PUT /api/users/profile', {
      status: 409,
      body: {
        error: 'Username is already taken',
        code: 'USERNAME_TAKEN',
        field_errors: [{ field: 'username', message: 'Username is already taken' }],
      },
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText('Twitter'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    expect(await within(dialog).findByText('Username is already taken')).toBeInTheDocument();
    expect((api.callsTo('PUT /api/users/profile')[0].body as { social_links: unknown }).social_links).toBe('');
  });

  it('refuses non-images and images over 5MB, and uploads an avatar into the avatar URL', async () => {
    installFakeApi();
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 201,
      json: async () => ({
        url: '/api/images/avatar1.png',
        key: 'avatar1.png',
        content_type: 'image/png',
        size_bytes: 3,
      }),
    }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const avatar = within(dialog).getByLabelText('Avatar image');
    await userEvent.upload(avatar, new File(['text'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await within(dialog).findByText('Please select an image file.')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await userEvent.upload(avatar, big);
    expect(await within(dialog).findByText('Image size must be less than 5MB.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.upload(avatar, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Avatar URL')).toHaveValue('/api/images/avatar1.png'));
    expect(fetchMock).toHaveBeenCalledWith('/api/images/upload', expect.objectContaining({ method: 'POST' }));
  });
});
