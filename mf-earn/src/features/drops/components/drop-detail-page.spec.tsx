import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { DropDetailPage } from './drop-detail-page';
import { createApplication, createDrop, fakeDropsApi, masterKey } from './test-api';

const renderDetail = (id: string, user = createUser({ id: 'user-1', keys_balance: '1', points_balance: '5' })) =>
  renderWithPlatform(
    <Routes>
      <Route path="/task/:id" element={<DropDetailPage />} />
      <Route path="/earn" element={<p>earn list</p>} />
    </Routes>,
    { route: `/task/${id}`, user },
  );

const paid = createDrop({
  kind: 'paid',
  is_paid_drop: true,
  is_proof_drop: false,
  key_cost: 3,
  gem_reward_base: 50,
  gem_pool_total: 100,
  gem_pool_remaining: 100,
  max_participants: 5,
  current_participants: 2,
});

describe('Drop detail page', () => {
  it.each([
    [{ status: 404, body: { error: 'Drop not found', code: 'DROP_NOT_FOUND' } }, 'Drop Not Found'],
    [{ status: 500, body: { error: 'boom', code: 'INTERNAL_ERROR' } }, 'Server Error'],
    [{ status: 403, body: { error: 'Not for you', code: 'FORBIDDEN' } }, 'Error Loading Drop'],
    ['network-error' as const, 'Connection Error'],
  ])('maps a load failure to its screen (%#)', async (answer, title) => {
    fakeDropsApi({ [`GET /api/drops/${paid.id}`]: answer });
    renderDetail(paid.id);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Earn' })).toHaveAttribute('href', '/earn');
    if (title === 'Error Loading Drop') expect(screen.getByText('Not for you')).toBeInTheDocument();
  });

  it('says Invalid Drop ID for an id that is neither a UUID nor a number, without calling the server', async () => {
    const calls = fakeDropsApi({});
    renderDetail('not-a-drop');
    expect(await screen.findByRole('heading', { name: 'Invalid Drop ID' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows every panel of a paid drop and disables Apply until the Master Key is activated', async () => {
    fakeDropsApi({
      [`GET /api/drops/${paid.id}`]: {
        body: { ...paid, title: 'Review headphones', requirements: '18+', deliverables: 'One review' },
      },
      'GET /api/users/master-key-status': { body: masterKey(false) },
      'GET /api/users/drop-applications': { body: [] },
    });
    renderDetail(paid.id);
    expect(await screen.findByRole('heading', { name: 'Review headphones', level: 1 })).toBeInTheDocument();
    for (const title of [
      'Description',
      'Requirements',
      'Deliverables',
      'Master Key',
      'Your Balance',
      'Details',
      'Posted By',
      'Pro Tips',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const facts = screen.getByRole('complementary', { name: 'Drop facts' });
    expect(within(facts).getByText('Pool remaining')).toBeInTheDocument();
    expect(within(facts).getByText('2 / 5')).toBeInTheDocument();
    expect(within(facts).getByText('Reward per key (ROI)')).toBeInTheDocument();
    expect(within(facts).getByText('16.6 gems per key')).toBeInTheDocument(); // 50 / 3, floored to one decimal
    expect(await screen.findByText('Master Key must be activated for today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Now' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("says how many keys are missing once the Master Key is active, then applies with the user's message", async () => {
    const calls = fakeDropsApi({
      [`GET /api/drops/${paid.id}`]: { body: paid },
      'GET /api/users/master-key-status': { body: masterKey(true) },
      'GET /api/users/drop-applications': { body: [] },
      [`POST /api/drops/${paid.id}/apply`]: { status: 201, body: createApplication({ drop_id: paid.id }) },
    });
    const { unmount } = renderDetail(paid.id);
    expect(await screen.findByText('Need 2 more keys')).toBeInTheDocument();
    unmount();

    renderDetail(paid.id, createUser({ id: 'user-1', keys_balance: '5' }));
    const apply = await screen.findByRole('button', { name: 'Apply Now' });
    await screen.findByText(/Activated for today/);
    await userEvent.click(apply);
    expect(await screen.findByText('Application message is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Application message'), 'I review audio gear');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST /api/drops/${paid.id}/apply`)?.body).toEqual({
        application_message: 'I review audio gear',
      }),
    );
    // The list of my applications still answers [] (its read model behind the apply): the answer itself shows.
    expect(await screen.findByRole('heading', { name: 'Your Application' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('shows Not Available for a drop that is not active, and the demo banner', async () => {
    const closed = createDrop({ status: 'completed', title: 'Demo clip' });
    fakeDropsApi({
      [`GET /api/drops/${closed.id}`]: { body: closed },
      'GET /api/users/master-key-status': { body: masterKey(true) },
      'GET /api/users/drop-applications': { body: [] },
    });
    renderDetail(closed.id);
    expect(await screen.findByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('awards no real gems');
    expect(screen.queryByText('Pool remaining')).not.toBeInTheDocument();
  });

  it('lets an approved applicant Submit Your Work, checking the data and the URL', async () => {
    const application = createApplication({ drop_id: paid.id, status: 'approved' });
    const calls = fakeDropsApi({
      [`GET /api/drops/${paid.id}`]: { body: paid },
      'GET /api/users/master-key-status': { body: masterKey(true) },
      'GET /api/users/drop-applications': { body: [application] },
      [`POST /api/drop-applications/${application.id}/submit`]: { body: { ...application, status: 'submitted' } },
    });
    renderDetail(paid.id);
    expect(await screen.findByText('Submission Required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Work' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    expect(within(dialog).getByText('Please provide your submission data')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Submission URL'), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    expect(within(dialog).getByText('Please provide a valid URL')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Submission URL'));
    await userEvent.type(within(dialog).getByLabelText('Submission URL'), 'https://example.com/work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/submit'))?.body).toEqual({
        submission_type: 'url',
        submission_data: 'https://example.com/work',
        submission_notes: '',
      }),
    );
  });

  it('gives the creator Edit, Delete and the applications to review', async () => {
    const mine = { ...paid, creator_id: 'user-1' };
    const pending = createApplication({ drop_id: paid.id, applicant_name: 'Grace', status: 'pending' });
    const submitted = createApplication({
      drop_id: paid.id,
      applicant_name: 'Linus',
      status: 'submitted',
      submission_type: 'text',
      submission_data: 'my work',
    });
    const calls = fakeDropsApi({
      [`GET /api/drops/${paid.id}`]: { body: mine },
      'GET /api/users/master-key-status': { body: masterKey(true) },
      'GET /api/users/drop-applications': { body: [] },
      [`GET /api/drops/${paid.id}/applications`]: { body: [pending, submitted] },
      [`POST /api/drop-applications/${pending.id}/approve`]: { body: { ...pending, status: 'approved' } },
      [`POST /api/drop-applications/${submitted.id}/complete`]: { body: { ...submitted, status: 'paid' } },
      [`PUT /api/drops/${paid.id}`]: { body: { ...mine, title: 'Renamed' } },
    });
    renderDetail(paid.id);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();

    const grace = await screen.findByRole('listitem', { name: 'Application from Grace' });
    await userEvent.click(within(grace).getByRole('button', { name: 'Approve' }));
    const linus = screen.getByRole('listitem', { name: 'Application from Linus' });
    await userEvent.selectOptions(within(linus).getByLabelText('Review score'), '9');
    await userEvent.click(within(linus).getByRole('button', { name: 'Complete and Pay' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/complete'))?.body).toEqual({ review_score: 9 }),
    );
    expect(calls.some((call) => call.key === `POST /api/drop-applications/${pending.id}/approve`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Drop' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Drop' }));
    expect(within(dialog).getByText('Please check all required fields')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Drop' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `PUT /api/drops/${paid.id}`)?.body).toMatchObject({
        title: 'Renamed',
        key_cost: 3,
        gem_reward_base: 50,
      }),
    );
  });
});
