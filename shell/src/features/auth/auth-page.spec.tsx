import { ApiError, SessionContext } from '@app/platform';
import { createSession, createUser } from '@app/platform/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders, ArrivalToast } from '@app/platform/app';
import AuthPage, { googleSignInPath } from './auth-page';
import { RequireAuth } from './require-auth';

function renderAt(path: string, session = createSession(null)) {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
          <Route
            path="/wallet"
            element={
              <RequireAuth>
                <p>wallet page</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('auth screen and access rule', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('toggling between Sign In and Create Account clears fields and errors', async () => {
    const user = userEvent.setup();
    const session = createSession(null, {
      signIn: async () => {
        throw new ApiError({ message: 'Invalid credentials', status: 401, code: 'INVALID_CREDENTIALS' });
      },
    });
    renderAt('/auth', session);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('form', { name: 'Sign In' }).querySelector('button[type=submit]') as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to sign in. Please check your credentials.');
    await user.click(screen.getByRole('button', { name: 'Create Account', pressed: false }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("checks the form with the contract's schema and its messages before calling the server", async () => {
    const user = userEvent.setup();
    const signIn = jest.fn();
    const signUp = jest.fn();
    renderAt('/auth', createSession(null, { signIn, signUp }));
    await user.click(screen.getByRole('form', { name: 'Sign In' }).querySelector('button[type=submit]') as HTMLElement);
    expect(await screen.findAllByText('Please enter email and password')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Account', pressed: false }));
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(
      screen.getByRole('form', { name: 'Create Account' }).querySelector('button[type=submit]') as HTMLElement,
    );
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('shows the server field errors on sign-up', async () => {
    const user = userEvent.setup();
    const session = createSession(null, {
      signUp: async () => {
        throw new ApiError({
          message: 'Invalid input',
          status: 400,
          code: 'VALIDATION_FAILED',
          fieldErrors: [{ field: 'username', message: 'Username is taken' }],
        });
      },
    });
    renderAt('/auth', session);
    await user.click(screen.getByRole('button', { name: 'Create Account', pressed: false }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-password');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(
      screen.getByRole('form', { name: 'Create Account' }).querySelector('button[type=submit]') as HTMLElement,
    );
    expect(await screen.findByText('Username is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the persona when a demo login fails', async () => {
    const user = userEvent.setup();
    const session = createSession(null, {
      signInAsDemo: async () => {
        throw new ApiError({ message: 'Network error occurred', status: 0, code: 'NETWORK_ERROR' });
      },
    });
    renderAt('/auth', session);
    await user.click(screen.getByRole('button', { name: 'Demo Investor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login as investor. Please try again.');
  });

  it('sends a signed-out visitor from a protected page to /auth, and a signed-in one past /auth', async () => {
    renderAt('/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a spinner while the session is pending', () => {
    renderAt('/wallet', { ...createSession(null), status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
  });

  it('sends a signed-in user from /auth to /dashboard', async () => {
    renderAt('/auth', createSession(createUser()));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  describe('a referral link: /auth?ref=CODE', () => {
    const signedUp = (referral: unknown) => async () => ({ user: createUser(), referral }) as never;

    function renderLink(path: string, session: ReturnType<typeof createSession>) {
      return render(
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/auth" element={<AuthPage />} />
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

    async function fillSignUp(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText('Email'), 'bea@example.com');
      await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-password');
      await user.type(screen.getByLabelText('Username'), 'bea');
      await user.click(
        screen.getByRole('form', { name: 'Create Account' }).querySelector('button[type=submit]') as HTMLElement,
      );
    }

    it('opens Create Account with the code, keeps it for the tab and sends it with the sign-up; the toast shows the points', async () => {
      const user = userEvent.setup();
      const signUp = jest.fn(
        signedUp({
          applied: true,
          referral_code: 'ABC123',
          referred_by: 'user-9',
          referred_reward: 250,
          referrer_reward: 500,
        }),
      );
      renderLink('/auth?ref=abc123', createSession(null, { signUp }));
      expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
      expect(screen.getByText(/create your account to get 250 points/)).toHaveTextContent('Referral code ABC123');
      expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('ABC123');
      expect(window.sessionStorage.getItem('pendingReferralCode')).toBe('ABC123');
      await fillSignUp(user);
      expect(await screen.findByText('dashboard page')).toBeInTheDocument();
      expect(signUp).toHaveBeenCalledWith({
        email: 'bea@example.com',
        password: 'secret-password',
        username: 'bea',
        referral_code: 'ABC123',
      });
      expect(await screen.findByText('Welcome! Referral applied: +250 points')).toBeInTheDocument();
      expect(screen.getByText('Your friend got +500 points.')).toBeInTheDocument();
      // Applied: nothing left pending for the Referral Program dialog.
      expect(window.sessionStorage.getItem('pendingReferralCode')).toBeNull();
    });

    it('keeps the code through a detour (and for Google), and keeps it pending when it was not applied', async () => {
      const user = userEvent.setup();
      window.sessionStorage.setItem('pendingReferralCode', 'XYZ789');
      expect(await googleSignInPath('XYZ789')).toBe('/api/auth/google?ref=XYZ789');
      expect(await googleSignInPath('')).toBe('/api/auth/google');
      const signUp = jest.fn(
        signedUp({
          applied: false,
          referral_code: 'XYZ789',
          code: 'REFERRAL_NOT_APPLIED',
          error: 'The referral could not be applied.',
        }),
      );
      renderLink('/auth', createSession(null, { signUp }));
      await user.click(screen.getByRole('button', { name: 'Create Account', pressed: false }));
      expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('XYZ789');
      await fillSignUp(user);
      expect(await screen.findByText('Referral code XYZ789 was not applied')).toBeInTheDocument();
      expect(window.sessionStorage.getItem('pendingReferralCode')).toBe('XYZ789');
    });

    it("shows the server's refusal of an unknown code on the field", async () => {
      const user = userEvent.setup();
      const signUp = jest.fn(async () => {
        throw new ApiError({
          message: 'Invalid referral code',
          status: 404,
          code: 'REFERRAL_CODE_NOT_FOUND',
          fieldErrors: [{ field: 'referral_code', message: 'Invalid referral code' }],
        });
      });
      renderLink('/auth?ref=zzzz00', createSession(null, { signUp }));
      await fillSignUp(user);
      expect(await screen.findByText('Invalid referral code')).toBeInTheDocument();
      expect(screen.getByLabelText('Referral code (optional)')).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
