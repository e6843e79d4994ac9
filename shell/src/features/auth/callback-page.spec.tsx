import { SessionContext } from '@app/platform';
import { AppProviders, ArrivalToast } from '@app/platform/app';
import { createSession, createUser } from '@app/platform/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import CallbackPage from './callback-page';

/** The API's Google callback lands here; the query says what became of a referral link's code. */
function renderCallback(query: string) {
  window.history.pushState({}, '', `/auth/callback${query}`);
  return render(
    <SessionContext.Provider value={createSession(null, { acceptToken: async () => createUser() })}>
      <MemoryRouter initialEntries={[`/auth/callback${query}`]}>
        <Routes>
          <Route path="/auth/callback" element={<CallbackPage />} />
          <Route
            path="/dashboard"
            element={
              <AppProviders>
                <ArrivalToast />
                <p>dashboard page</p>
              </AppProviders>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('sign-in callback', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.history.pushState({}, '', '/'));

  it('shows the referral points a Google sign-up earned, and forgets the pending code', async () => {
    window.sessionStorage.setItem('pendingReferralCode', 'ABC123');
    renderCallback('?referral=applied&referral_code=ABC123&referred_reward=250');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome! Referral applied: +250 points')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('pendingReferralCode')).toBeNull();
  });

  it('says why a code was not applied and keeps it for the Referral Program', async () => {
    window.sessionStorage.setItem('pendingReferralCode', 'ZZZZ00');
    renderCallback(
      `?referral=refused&referral_code=ZZZZ00&referral_error=${encodeURIComponent('Invalid referral code')}`,
    );
    expect(await screen.findByText('Referral code ZZZZ00 was not applied')).toBeInTheDocument();
    expect(screen.getByText(/Invalid referral code/)).toBeInTheDocument();
    expect(window.sessionStorage.getItem('pendingReferralCode')).toBe('ZZZZ00');
  });

  it('lands without a toast when no code came along', async () => {
    renderCallback('');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.queryByText(/Referral/)).not.toBeInTheDocument();
  });
});
