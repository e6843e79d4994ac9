import { renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeDropsApi } from '../../drops/components/test-api';
import { CreateContentPage } from './create-content-page';
import { createContent, tipAnswer } from './test-content';

const renderCreate = () =>
  renderWithPlatform(
    <Routes>
      <Route path="/create" element={<CreateContentPage />} />
      <Route path="/content/:id" element={<p>the new content page</p>} />
    </Routes>,
    { route: '/create' },
  );

const created = createContent({ id: 'new-content-1' });

describe('Create content page', () => {
  it("checks the form with the contract's messages before calling the server", async () => {
    const calls = fakeDropsApi({});
    renderCreate();
    const form = screen.getByRole('form', { name: 'Share existing content' });
    await userEvent.type(within(form).getByLabelText('Content URL'), 'not a url');
    await userEvent.clear(within(form).getByLabelText('Total shares'));
    await userEvent.type(within(form).getByLabelText('Total shares'), '5000');
    await userEvent.type(within(form).getByLabelText('Fund with gems (optional)'), '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Share Content' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(form).getByText('Total shares must be between 100 and 1000')).toBeInTheDocument();
    expect(within(form).getByText('Gem funding must be a whole number of at least 1')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('creates, funds with gems, toasts and opens the new content after 2 seconds', async () => {
    const calls = fakeDropsApi({
      'POST /api/content': { status: 201, body: { success: true, contentId: created.id, content: created } },
      [`POST /api/content/${created.id}/fund`]: { status: 201, body: { ...tipAnswer(created.id, 50), kind: 'fund' } },
    });
    renderCreate();
    const form = screen.getByRole('form', { name: 'Share existing content' });
    await userEvent.selectOptions(within(form).getByLabelText('Platform'), 'tiktok');
    await userEvent.type(within(form).getByLabelText('Title'), 'My dance');
    await userEvent.type(within(form).getByLabelText('Content URL'), 'https://tiktok.com/@me/video/1');
    await userEvent.type(within(form).getByLabelText('Fund with gems (optional)'), '50');
    expect(within(form).getByText('Share price: $0.0050')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Share Content' }));
    expect(await screen.findByText('Content created!')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/content')?.body).toMatchObject({
      platform: 'tiktok',
      title: 'My dance',
      platform_url: 'https://tiktok.com/@me/video/1',
      total_shares: 100,
      media_url: null,
    });
    expect(calls.find((call) => call.key === `POST /api/content/${created.id}/fund`)?.body).toEqual({
      amount: 50,
      currency_type: 'Gems',
    });
    expect(screen.queryByText('the new content page')).not.toBeInTheDocument();
    expect(await screen.findByText('the new content page', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows the server's field errors on the fields and a Content Creation Failed toast", async () => {
    fakeDropsApi({
      'POST /api/content': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION_FAILED',
          field_errors: [{ field: 'platform_url', message: 'Please enter a valid URL' }],
        },
      },
    });
    renderCreate();
    const form = screen.getByRole('form', { name: 'Share existing content' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Clip');
    await userEvent.type(within(form).getByLabelText('Content URL'), 'https://example.com/clip');
    await userEvent.click(within(form).getByRole('button', { name: 'Share Content' }));
    expect(await screen.findByText('Content Creation Failed')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.getByText(/Please check all form fields and try again/)).toBeInTheDocument();
  });

  it('Upload New Content uploads the image and publishes it as the content', async () => {
    const calls = fakeDropsApi({
      'POST /api/content/upload-image': {
        status: 201,
        body: {
          url: '/api/images/abc.png',
          imageUrl: '/api/images/abc.png',
          key: 'abc.png',
          content_type: 'image/png',
          size_bytes: 4,
          fallback: false,
          fallbackReason: null,
        },
      },
      'POST /api/content': { status: 201, body: { success: true, contentId: created.id, content: created } },
    });
    renderCreate();
    await userEvent.click(screen.getByRole('tab', { name: 'Upload New Content' }));
    const form = await screen.findByRole('form', { name: 'Upload new content' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Sunset');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload Content' }));
    expect(await within(form).findByText('Please select an image file.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.upload(
      within(form).getByLabelText('Image file'),
      new File(['\x89PNG'], 'sunset.png', { type: 'image/png' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Upload Content' }));
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toEqual(['POST /api/content/upload-image', 'POST /api/content']),
    );
    expect((calls[0].body as { image: string }).image).toMatch(/^data:image\/png;base64,/);
    expect(calls[1].body).toMatchObject({
      title: 'Sunset',
      media_url: '/api/images/abc.png',
      platform_url: 'http://localhost/api/images/abc.png',
    });
  });

  it('refuses a file that is not an image before uploading', async () => {
    const calls = fakeDropsApi({});
    renderCreate();
    await userEvent.click(screen.getByRole('tab', { name: 'Upload New Content' }));
    const form = await screen.findByRole('form', { name: 'Upload new content' });
    await userEvent.upload(
      within(form).getByLabelText('Image file'),
      new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(
      await within(form).findByText('Please upload a valid image file (JPG, PNG, GIF, WEBP).'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
