import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import AdminPage from '../../components/admin-page';

jest.setTimeout(20_000);

const asAdmin = { user: { is_admin: true }, route: '/admin?section=approvals', path: '/admin' };

const instagram = (overrides: Record<string, unknown> = {}) => ({
  user_id: 'u-insta',
  instagram_username: 'ada.codes',
  registered_at: '2026-11-22T10:00:00.000Z',
  verified_at: null,
  rejected_at: null,
  rejection_reason: null,
  ...overrides,
});
const influence = (overrides: Record<string, unknown> = {}) => ({
  user_id: 'u-infl',
  month: '2026-11',
  platform: 'tiktok',
  platform_username: 'bob',
  follower_count: 12_000,
  registered_at: '2026-11-24T10:00:00.000Z',
  verified_follower_count: null,
  verified_by: null,
  verified_at: null,
  rejected_at: null,
  rejection_reason: null,
  ...overrides,
});
const shieldClaim = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  subscription_id: 's1',
  user_id: 'u-shield',
  incident_type: 'platformBan',
  occurred_at: '2026-11-19T10:00:00.000Z',
  description: 'My account was banned without reason',
  evidence_url: 'https://example.com/ban-notice',
  payout_amount: 4500,
  status: 'pending',
  filed_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  decision_reason: null,
  ...overrides,
});
const forecast = (overrides: Record<string, unknown> = {}) => ({
  id: 'f1',
  content_id: null,
  platform: 'tiktok',
  content_url: 'https://www.tiktok.com/@someone/video/42',
  content_title: null,
  content_platform: null,
  forecast_type: 'views',
  target_value: 1000,
  current_value: null,
  odds: 2,
  expires_at: '2026-11-23T10:00:00.000Z',
  status: 'expired',
  pool_size: 10,
  creator_id: 'u-fc',
  creator_name: 'Fay',
  creator_avatar: null,
  creator_side: 'over',
  creator_initial_amount: 10,
  total_over_amount: 10,
  total_under_amount: 0,
  over_count: 1,
  under_count: 0,
  participant_count: 1,
  resolved_value: null,
  winning_side: null,
  resolved_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

/** A fake server holding one pending request of each kind; a decision takes the item off its list. */
function givenQueue(): FakeApi {
  const lists = {
    instagram: [instagram()],
    influence: [influence()],
    forecasts: [forecast()],
    shield: [shieldClaim()],
  };
  return installFakeApi()
    .on('GET /api/admin/instagram-verifications', () => ({ body: lists.instagram }))
    .on('GET /api/admin/influence-verifications', () => ({ body: lists.influence }))
    .on('GET /api/admin/social-forecasts/pending-observations', () => ({ body: { forecasts: lists.forecasts } }))
    .on('GET /api/admin/growth/shield/claims', () => ({ body: lists.shield }))
    .on('POST /api/admin/users/u-insta/verify-instagram', () => {
      lists.instagram = [];
      return {
        body: {
          instagram_username: 'ada.codes',
          is_verified: true,
          registered_at: null,
          verified_at: null,
          last_claimed_month: null,
          can_claim: true,
          monthly_points: 500,
          verification_word: 'VERIFY',
          verification_account: '@app',
          verification_status: 'verified',
          rejection_reason: null,
        },
      };
    })
    .on('POST /api/admin/users/u-infl/reject-influence', () => {
      lists.influence = [];
      return {
        body: {
          is_registered_this_month: true,
          platform_username: 'bob',
          follower_count: 12_000,
          points_calculated: 120,
          current_month: '2026-11',
          is_verified: false,
          verification_status: 'rejected',
          verified_follower_count: null,
          verified_at: null,
          rejection_reason: 'Only 40 followers',
          claimed_this_month: false,
          can_claim: false,
        },
      };
    })
    .on('POST /api/admin/growth/shield/claims/c1/decision', () => {
      lists.shield = [];
      return {
        body: {
          success: true,
          claim: shieldClaim({ status: 'rejected', decision_reason: 'No ban found' }),
          transaction_id: null,
        },
      };
    })
    .on('POST /api/admin/social-forecasts/f1/observations', () => {
      lists.forecasts = [];
      return { body: forecast({ current_value: 1500 }) };
    });
}

describe('/admin Approvals: every request waiting for an administrator, in one queue', () => {
  it('lists the four kinds together, oldest first, each with its evidence', async () => {
    givenQueue();
    renderAccount(<AdminPage />, asAdmin);
    const list = await screen.findByRole('list', { name: 'Requests waiting for a decision, oldest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    // Shield filed 20th, Instagram registered 22nd, forecast expired 23rd, influence registered 24th.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Shield claim: platformBan claim c1',
      'Instagram verification: @ada.codes',
      'Forecast observation: views of https://www.tiktok.com/@someone/video/42',
      'Influence followers: bob on tiktok',
    ]);
    const claim = within(list).getByRole('listitem', { name: 'Shield claim: platformBan claim c1' });
    expect(within(claim).getByRole('link', { name: 'https://example.com/ban-notice' })).toBeInTheDocument();
    expect(claim).toHaveTextContent('My account was banned without reason');
    const account = within(list).getByRole('listitem', { name: 'Instagram verification: @ada.codes' });
    expect(within(account).getByRole('link', { name: 'https://www.instagram.com/ada.codes/' })).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'Influence followers: bob on tiktok' })).toHaveTextContent(
      'Declared followers12,000',
    );
  });

  it('approves with a reason through the module’s own route, with an Idempotency-Key, and the item leaves the queue', async () => {
    const user = userEvent.setup();
    const api = givenQueue();
    renderAccount(<AdminPage />, asAdmin);
    const row = await screen.findByRole('listitem', { name: 'Instagram verification: @ada.codes' });
    await user.type(within(row).getByLabelText('Reason'), 'Message received');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Instagram verification: @ada.codes' })).not.toBeInTheDocument(),
    );
    const [call] = api.callsTo('POST /api/admin/users/u-insta/verify-instagram');
    expect(call.body).toEqual({ instagram_username: 'ada.codes', reason: 'Message received' });
    expect(call.headers['Idempotency-Key']).toMatch(/\S{8,}/);
  });

  it('rejects only with a reason, each decision with its own Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = givenQueue();
    renderAccount(<AdminPage />, asAdmin);
    const influenceRow = await screen.findByRole('listitem', { name: 'Influence followers: bob on tiktok' });
    await user.click(within(influenceRow).getByRole('button', { name: 'Reject' }));
    expect(within(influenceRow).getByText('Enter a reason: the user is told why')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u-infl/reject-influence')).toHaveLength(0);
    await user.type(within(influenceRow).getByLabelText('Reason'), 'Only 40 followers');
    await user.click(within(influenceRow).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/users/u-infl/reject-influence')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/users/u-infl/reject-influence')[0].body).toEqual({
      platform_username: 'bob',
      reason: 'Only 40 followers',
    });

    const claimRow = screen.getByRole('listitem', { name: 'Shield claim: platformBan claim c1' });
    await user.type(within(claimRow).getByLabelText('Reason'), 'No ban found');
    await user.click(within(claimRow).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/growth/shield/claims/c1/decision')).toHaveLength(1));
    const [decision] = api.callsTo('POST /api/admin/growth/shield/claims/c1/decision');
    expect(decision.body).toEqual({ decision: 'reject', reason: 'No ban found' });
    expect(decision.headers['Idempotency-Key']).toBeTruthy();
    expect(decision.headers['Idempotency-Key']).not.toBe(
      api.callsTo('POST /api/admin/users/u-infl/reject-influence')[0].headers['Idempotency-Key'],
    );
  });

  it('records a forecast observation as its approval (no reject); the value is required', async () => {
    const user = userEvent.setup();
    const api = givenQueue();
    renderAccount(<AdminPage />, asAdmin);
    const row = await screen.findByRole('listitem', {
      name: 'Forecast observation: views of https://www.tiktok.com/@someone/video/42',
    });
    expect(within(row).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(within(row).getByText('Enter the observed value')).toBeInTheDocument();
    await user.type(within(row).getByLabelText('Observed value'), '1500');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/social-forecasts/f1/observations')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/social-forecasts/f1/observations')[0]).toMatchObject({
      body: { value: 1500 },
      headers: { 'Idempotency-Key': expect.any(String) },
    });
  });

  it('takes a decided item off the queue even while its work list (a projection) still shows it', async () => {
    const user = userEvent.setup();
    const stale = {
      instagram_username: 'ada.codes',
      is_verified: true,
      registered_at: null,
      verified_at: null,
      last_claimed_month: null,
      can_claim: true,
      monthly_points: 500,
      verification_word: 'VERIFY',
      verification_account: '@app',
      verification_status: 'verified',
      rejection_reason: null,
    };
    const api = givenQueue().on('POST /api/admin/users/u-insta/verify-instagram', { body: stale });
    renderAccount(<AdminPage />, asAdmin);
    const row = await screen.findByRole('listitem', { name: 'Instagram verification: @ada.codes' });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Instagram verification: @ada.codes' })).not.toBeInTheDocument(),
    );
    // The list was asked again and still named it; the queue keeps it out.
    await waitFor(() => expect(api.callsTo('GET /api/admin/instagram-verifications').length).toBeGreaterThan(1));
    expect(screen.queryByRole('listitem', { name: 'Instagram verification: @ada.codes' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the item", async () => {
    const user = userEvent.setup();
    givenQueue().on('POST /api/admin/users/u-insta/verify-instagram', {
      status: 409,
      body: { error: 'The registered Instagram username is a different one now', code: 'INSTAGRAM_USERNAME_CHANGED' },
    });
    renderAccount(<AdminPage />, asAdmin);
    const row = await screen.findByRole('listitem', { name: 'Instagram verification: @ada.codes' });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(
      await within(row).findByText('The registered Instagram username is a different one now'),
    ).toBeInTheDocument();
  });
});
