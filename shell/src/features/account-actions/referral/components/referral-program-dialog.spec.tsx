import { apiMe } from '@app/platform/testing';
import { rememberReferralCode } from '@app/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { ProfileAccountPanel } from '../../profile-account-panel';
import { normaliseReferralCode, referralLink } from '../api/referral';
import ReferralProgramDialog from './referral-program-dialog';

const renderDialog = (user: Record<string, unknown>) =>
  renderAccount(<ReferralProgramDialog open onOpenChange={() => undefined} />, { user });

describe('Referral Program dialog', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('upper-cases codes and keeps at most 6 characters', () => {
    expect(normaliseReferralCode('ab c12xyz')).toBe('ABC12X');
    expect(referralLink('ABC123', 'https://app.example')).toBe('https://app.example/auth?ref=ABC123');
  });

  it('opens from the own profile and shows the code and the link to share', async () => {
    const user = userEvent.setup();
    installFakeApi();
    renderAccount(<ProfileAccountPanel />, { user: { referral_code: 'ADA001', referred_by: null } });
    await user.click(screen.getByRole('button', { name: 'Open Referral Program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Referral Program' });
    expect(dialog).toHaveTextContent('Your code: ADA001');
    expect(screen.getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/auth?ref=ADA001`);
  });

  it("requires a code: 'Please enter a referral code'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderDialog({ referral_code: 'ADA001', referred_by: null });
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Please enter a referral code')).toBeInTheDocument();
    expect(screen.getByLabelText('Referral code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("offers the referral link's code that sign-up could not apply, and forgets it once applied", async () => {
    const user = userEvent.setup();
    rememberReferralCode('bob123');
    const api = installFakeApi()
      .on('POST /api/users/process-referral', {
        body: {
          success: true,
          referral_code: 'BOB123',
          referred_by: 'user-2',
          referred_reward: 250,
          referrer_reward: 500,
          transaction_id: 't',
          message: 'Referral applied',
        },
      })
      .on('GET /api/users/me', { body: apiMe({ referral_code: 'ADA001', referred_by: null, points_balance: 250 }) });
    renderDialog({ referral_code: 'ADA001', referred_by: null });
    expect(screen.getByLabelText('Referral code')).toHaveValue('BOB123');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Referral Applied')).toBeInTheDocument();
    expect(await screen.findByText('Referral applied: +250 points')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/process-referral')[0].body).toEqual({ referral_code: 'BOB123' });
    expect(window.sessionStorage.getItem('pendingReferralCode')).toBeNull();
  });

  it('applies a typed code, upper-cased', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('POST /api/users/process-referral', {
        body: {
          success: true,
          referral_code: 'BOB123',
          referred_by: 'user-2',
          referred_reward: 250,
          referrer_reward: 500,
          transaction_id: 't',
          message: 'Referral applied',
        },
      })
      .on('GET /api/users/me', { body: apiMe({ referral_code: 'ADA001', referred_by: null, points_balance: 250 }) });
    renderDialog({ referral_code: 'ADA001', referred_by: null });
    await user.type(screen.getByLabelText('Referral code'), 'bob123');
    expect(screen.getByLabelText('Referral code')).toHaveValue('BOB123');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Referral Applied')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/process-referral')[0].body).toEqual({ referral_code: 'BOB123' });
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument();
  });

  it("shows 'Referral Applied' without a form when the user was already referred", () => {
    installFakeApi();
    renderDialog({ referral_code: 'ADA001', referred_by: 'user-9' });
    expect(screen.getByText('Referral Applied')).toBeInTheDocument();
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument();
  });

  it("shows the server's refusal (a loop), or 'Failed to process referral'", async () => {
    const user = userEvent.setup();
    const loop = "This code's owner was referred by you, directly or through friends: referrals cannot go in a circle";
    const api = installFakeApi().on('POST /api/users/process-referral', {
      status: 422,
      body: { error: loop, code: 'REFERRAL_LOOP' },
    });
    renderDialog({ referral_code: 'ADA001', referred_by: null });
    await user.type(screen.getByLabelText('Referral code'), 'bob123');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(loop);
    api.on('POST /api/users/process-referral', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to process referral'));
  });
});
