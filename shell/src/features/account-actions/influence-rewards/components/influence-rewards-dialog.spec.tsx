import { apiMe } from '@app/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { monthlyInfluencePoints } from '../api/influence-rewards';
import InfluenceRewardsDialog, { validateInfluenceDraft } from './influence-rewards-dialog';

const complete = {
  full_name: 'Ada Lovelace',
  platform: 'instagram' as const,
  platform_username: 'ada',
  phone_number: '+44 20 7946 0000',
  email: 'ada@example.com',
  follower_count: '5000',
};

async function fillForm(user: ReturnType<typeof userEvent.setup>, followers: string) {
  await user.type(await screen.findByLabelText('Platform username'), 'ada');
  await user.type(screen.getByLabelText('Phone number'), '+44 20 7946 0000');
  await user.type(screen.getByLabelText('Follower count'), followers);
}

describe('Influence Rewards', () => {
  it('pays floor(followers × 0.01) a month', () => {
    expect(monthlyInfluencePoints(5_000)).toBe(50);
    expect(monthlyInfluencePoints(10_000)).toBe(100);
    expect(monthlyInfluencePoints(50_000)).toBe(500);
    expect(monthlyInfluencePoints(1_299)).toBe(12);
    // Bounded: 1,000,000 followers and up give 10,000.
    expect(monthlyInfluencePoints(50_000_000)).toBe(10_000);
  });

  it('requires every field and at least 500 followers', () => {
    expect(validateInfluenceDraft({ ...complete, phone_number: ' ' })).toEqual({
      error: 'Please fill in all required fields',
    });
    expect(validateInfluenceDraft({ ...complete, follower_count: '' })).toEqual({
      error: 'Please fill in all required fields',
    });
    expect(validateInfluenceDraft({ ...complete, follower_count: '499' })).toEqual({
      error: 'Minimum 500 followers required for influence rewards',
    });
    expect(validateInfluenceDraft({ ...complete, follower_count: '2000000000' })).toEqual({
      error: 'Follower count must be at most 100,000,000',
    });
    expect(validateInfluenceDraft(complete)).toEqual({ registration: { ...complete, follower_count: 5000 } });
  });

  it('shows a refusal from the form without calling the server', async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderAccount(<InfluenceRewardsDialog open onOpenChange={() => undefined} />, {
      user: { display_name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await fillForm(user, '300');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Minimum 500 followers required for influence rewards')).toBeInTheDocument();
    expect(screen.getByLabelText('Follower count')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/users/register-influence-rewards')).toHaveLength(0);
  });

  it("shows this month's claim as the server has it when the dialog opens: pending review, or rejected with the reason", async () => {
    const status = (overrides: Record<string, unknown>) => ({
      is_registered_this_month: true,
      platform_username: 'ada',
      follower_count: 12000,
      points_calculated: 120,
      current_month: '2026-11',
      is_verified: false,
      verification_status: 'pending_verification',
      verified_follower_count: null,
      verified_at: null,
      rejection_reason: null,
      claimed_this_month: false,
      can_claim: false,
      ...overrides,
    });
    const api = installFakeApi().on('GET /api/users/influence-rewards-status', { body: status({}) });
    const view = renderAccount(<InfluenceRewardsDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('status', { name: "This month's claim" })).toHaveTextContent(
      'Pending review Your 2026-11 claim for @ada (12,000 followers declared) awaits verification by an administrator.',
    );
    view.unmount();
    api.on('GET /api/users/influence-rewards-status', {
      body: status({ verification_status: 'rejected', rejection_reason: 'The account shows 40 followers' }),
    });
    renderAccount(<InfluenceRewardsDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('status', { name: "This month's claim" })).toHaveTextContent(
      'Rejected Your 2026-11 claim for @ada (12,000 followers declared) was not verified: The account shows 40 followers. You can register again.',
    );
  });

  it('registers a claim that awaits verification: no claim button until the follower count is verified', async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('POST /api/users/register-influence-rewards', {
      body: {
        success: true,
        platform_username: 'ada',
        follower_count: 12000,
        points_calculated: 120,
        current_month: '2026-11',
        is_verified: false,
        verification_status: 'pending_verification',
        message: 'Registered',
      },
    });
    const closed = jest.fn();
    renderAccount(<InfluenceRewardsDialog open onOpenChange={closed} />, {
      user: { display_name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await fillForm(user, '12000');
    expect(screen.getByLabelText('Follower count')).toHaveAccessibleDescription(
      'About 120 points a month once verified',
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pending review: your follower count awaits verification',
    );
    expect(screen.getByText('Points once verified (estimate)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(closed).toHaveBeenCalledWith(false);
    expect(api.callsTo('POST /api/users/claim-influence-points')).toHaveLength(0);
  });

  it('registers (step 1), shows the verified result (step 2), claims and closes', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('POST /api/users/register-influence-rewards', {
        body: {
          success: true,
          platform_username: 'ada',
          follower_count: 12000,
          points_calculated: 120,
          current_month: '2026-11',
          is_verified: true,
          verification_status: 'verified',
          message: 'Verified',
        },
      })
      .on('POST /api/users/claim-influence-points', {
        body: {
          success: true,
          points_awarded: 120,
          month: '2026-11',
          transaction_id: 't',
          points_balance: 120,
          message: 'Influence points claimed',
        },
      })
      .on('GET /api/users/me', { body: apiMe({ points_balance: 120 }) });
    const closed = jest.fn();
    const { refreshes } = renderAccount(<InfluenceRewardsDialog open onOpenChange={closed} />, {
      user: { display_name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await fillForm(user, '12000');
    expect(screen.getByLabelText('Follower count')).toHaveAccessibleDescription(
      'About 120 points a month once verified',
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Claim 120 points' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/register-influence-rewards')[0].body).toEqual({
      full_name: 'Ada Lovelace',
      platform: 'instagram',
      platform_username: 'ada',
      phone_number: '+44 20 7946 0000',
      email: 'ada@example.com',
      follower_count: 12000,
    });
    expect(screen.getByText('2026-11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim 120 points' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    expect(refreshes.count).toBe(1);
  });

  it("shows 'Registration failed' and 'Failed to claim points' when the server gives no reason", async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('POST /api/users/register-influence-rewards', { status: 500 });
    renderAccount(<InfluenceRewardsDialog open onOpenChange={() => undefined} />, {
      user: { display_name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await fillForm(user, '600');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    api.on('POST /api/users/register-influence-rewards', {
      body: {
        success: true,
        platform_username: 'ada',
        follower_count: 600,
        points_calculated: 6,
        current_month: '2026-11',
        is_verified: true,
        verification_status: 'verified',
        message: 'Verified',
      },
    });
    api.on('POST /api/users/claim-influence-points', { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(await screen.findByRole('button', { name: 'Claim 6 points' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to claim points'));
  });
});
