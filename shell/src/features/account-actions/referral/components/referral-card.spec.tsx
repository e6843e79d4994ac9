import { apiMe } from '@app/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { normaliseReferralCode, referralLink } from '../api/referral';
import { ReferralCard } from './referral-card';

describe('Referral Program', () => {
  it('upper-cases codes and keeps at most 6 characters', () => {
    expect(normaliseReferralCode('ab c12xyz')).toBe('ABC12X');
    expect(referralLink('ABC123', 'https://app.example')).toBe('https://app.example/auth?ref=ABC123');
  });

  it("requires a code: 'Please enter a referral code'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderAccount(<ReferralCard />, { user: { referral_code: 'ADA001', referred_by: null } });
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Please enter a referral code')).toBeInTheDocument();
    expect(screen.getByLabelText('Referral code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("applies a code, upper-cased, then shows 'Referral Applied' (even before the profile's referred_by catches up)", async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('POST /api/users/process-referral', { body: { success: true, referral_code: 'BOB123', referred_by: 'user-2', referred_reward: 250, referrer_reward: 500, transaction_id: 't', message: 'Referral applied' } })
      .on('GET /api/users/me', { body: apiMe({ referral_code: 'ADA001', referred_by: null, points_balance: 250 }) });
    renderAccount(<ReferralCard />, { user: { referral_code: 'ADA001', referred_by: null } });
    expect(screen.getByTestId('own-referral-code')).toHaveTextContent('ADA001');
    await user.type(screen.getByLabelText('Referral code'), 'bob123');
    expect(screen.getByLabelText('Referral code')).toHaveValue('BOB123');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Referral Applied')).toBeInTheDocument();
    expect(screen.getByText('Referral applied: +250 points')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/process-referral')[0].body).toEqual({ referral_code: 'BOB123' });
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument();
  });

  it("shows 'Referral Applied' without a form when the user was already referred", () => {
    installFakeApi();
    renderAccount(<ReferralCard />, { user: { referral_code: 'ADA001', referred_by: 'user-9' } });
    expect(screen.getByText('Referral Applied')).toBeInTheDocument();
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, or 'Failed to process referral'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('POST /api/users/process-referral', { status: 422, body: { error: 'You cannot use your own referral code', code: 'OWN_REFERRAL_CODE' } });
    renderAccount(<ReferralCard />, { user: { referral_code: 'ADA001', referred_by: null } });
    await user.type(screen.getByLabelText('Referral code'), 'ada001');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot use your own referral code');
    api.on('POST /api/users/process-referral', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to process referral'));
  });
});
