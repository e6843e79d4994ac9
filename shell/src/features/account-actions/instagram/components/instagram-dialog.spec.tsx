import { apiMe } from '@app/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import InstagramDialog from './instagram-dialog';

function status(overrides: Record<string, unknown> = {}) {
  return {
    instagram_username: null,
    is_verified: false,
    registered_at: null,
    verified_at: null,
    last_claimed_month: null,
    can_claim: false,
    monthly_points: 500,
    verification_word: 'VERIFY',
    verification_account: '@rewardsapp',
    verification_status: 'not_registered',
    rejection_reason: null,
    ...overrides,
  };
}

describe('Instagram Verification', () => {
  it("requires a username: 'Please enter your Instagram username'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('GET /api/users/instagram-status', { body: status() });
    renderAccount(<InstagramDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Instagram username')).toHaveAccessibleDescription(
      'Please enter your Instagram username',
    );
    expect(api.callsTo('POST /api/users/register-instagram')).toHaveLength(0);
  });

  it('registers in step 1, shows the verification word in step 2, and a different username returns to step 1', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/instagram-status', { body: status() })
      .on('POST /api/users/register-instagram', {
        body: {
          ...status({
            instagram_username: 'ada.codes',
            registered_at: new Date().toISOString(),
            verification_status: 'pending_review',
          }),
          success: true,
          message: 'Registered',
        },
      });
    renderAccount(<InstagramDialog open onOpenChange={() => undefined} />);
    await user.type(await screen.findByLabelText('Instagram username'), '@ada.codes');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Step 2 of 2: prove the account is yours.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/register-instagram')[0].body).toEqual({ instagram_username: 'ada.codes' });
    expect(screen.getByText('VERIFY')).toBeInTheDocument();
    expect(screen.getByText('@rewardsapp')).toBeInTheDocument();
    expect(screen.getByText('Pending review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim points' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Use a different username' }));
    expect(screen.getByLabelText('Instagram username')).toHaveValue('');
  });

  it("shows 'Registration failed' when the server gives no reason", async () => {
    const user = userEvent.setup();
    installFakeApi()
      .on('GET /api/users/instagram-status', { body: status() })
      .on('POST /api/users/register-instagram', { status: 500 });
    renderAccount(<InstagramDialog open onOpenChange={() => undefined} />);
    await user.type(await screen.findByLabelText('Instagram username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('claims once verified, then closes', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/instagram-status', {
        body: status({
          instagram_username: 'ada',
          is_verified: true,
          can_claim: true,
          monthly_points: 750,
          verification_status: 'verified',
        }),
      })
      .on('POST /api/users/claim-instagram-points', {
        body: {
          success: true,
          points_awarded: 750,
          month: '2026-11',
          transaction_id: 't',
          points_balance: 750,
          message: 'Instagram points claimed',
        },
      })
      .on('GET /api/users/me', { body: apiMe({ points_balance: 750 }) });
    const closed = jest.fn();
    const { refreshes } = renderAccount(<InstagramDialog open onOpenChange={closed} />, {
      user: { user_tier: 'premium' },
    });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(/Then claim 750 points/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim points' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    expect(api.callsTo('POST /api/users/claim-instagram-points')[0].headers['Idempotency-Key']).toBeTruthy();
    expect(refreshes.count).toBe(1);
  });

  it("shows the server's refusal of a claim, or 'Failed to claim points'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/instagram-status', {
        body: status({
          instagram_username: 'ada',
          is_verified: true,
          can_claim: true,
          verification_status: 'verified',
        }),
      })
      .on('POST /api/users/claim-instagram-points', {
        status: 409,
        body: { error: 'Instagram points already claimed this month', code: 'ALREADY_CLAIMED' },
      });
    renderAccount(<InstagramDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Claim points' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Instagram points already claimed this month');
    api.on('POST /api/users/claim-instagram-points', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Claim points' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to claim points'));
  });

  it("shows a rejection and the administrator's reason; claiming stays closed", async () => {
    installFakeApi().on('GET /api/users/instagram-status', {
      body: status({
        instagram_username: 'ada',
        registered_at: new Date().toISOString(),
        verification_status: 'rejected',
        rejection_reason: 'No message arrived',
      }),
    });
    renderAccount(<InstagramDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'An administrator could not verify this account: No message arrived.',
    );
    expect(screen.getByRole('button', { name: 'Claim points' })).toBeDisabled();
  });
});
