import { Button, type DemoPersona, ErrorBox, PasswordField, TextField, demoPersonas, isApiError, useSession } from '@app/platform';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { takeReturnPath } from './return-path';

type Mode = 'signin' | 'signup';

const emptyFields = { email: '', password: '', username: '', displayName: '' };

const messages = {
  signIn: 'Unable to sign in. Please check your credentials.',
  signUp: 'Unable to create an account. Please try again.',
  demo: (persona: string) => `Failed to login as ${persona}. Please try again.`,
  provider: (provider: string) => `Unable to sign in with ${provider}. Please try again.`,
};

/** Where Continue with Google starts the OpenID Connect code flow (the API redirects back to /auth/callback). */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default function AuthPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signin');
  const [fields, setFields] = useState(emptyFields);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const stateFrom = (location.state as { from?: unknown } | null)?.from;

  if (session.status === 'authenticated' && !busy) return <Navigate to={takeReturnPath(stateFrom)} replace />;

  const finish = () => navigate(takeReturnPath(stateFrom), { replace: true });

  const switchMode = (next: Mode) => {
    // Toggling clears fields and errors (spec 1 §2).
    setMode(next);
    setFields(emptyFields);
    setFieldErrors({});
    setFormError(null);
  };

  const update = (name: keyof typeof emptyFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    setBusy('form');
    try {
      if (mode === 'signin') await session.signIn(fields.email.trim(), fields.password);
      else
        await session.signUp({
          email: fields.email.trim(),
          password: fields.password,
          username: fields.username.trim(),
          ...(fields.displayName.trim() ? { display_name: fields.displayName.trim() } : {}),
        });
      finish();
    } catch (error) {
      if (isApiError(error)) {
        setFieldErrors(Object.fromEntries(error.fieldErrors.map((fieldError) => [fieldError.field, fieldError.message])));
        if (error.isNetworkError) setFormError(error.message);
        else if (mode === 'signin') setFormError(messages.signIn);
        else setFormError(error.code === 'UNKNOWN_ERROR' ? messages.signUp : error.message);
      } else {
        setFormError(mode === 'signin' ? messages.signIn : messages.signUp);
      }
    } finally {
      setBusy(null);
    }
  };

  const demo = async (persona: DemoPersona) => {
    setFormError(null);
    setBusy(persona);
    try {
      await session.signInAsDemo(persona);
      finish();
    } catch {
      setFormError(messages.demo(persona));
    } finally {
      setBusy(null);
    }
  };

  const google = () => {
    setBusy('google');
    try {
      // The API runs the OpenID Connect code flow and redirects back to /auth/callback (cookie session).
      window.location.assign(GOOGLE_SIGN_IN_PATH);
    } catch {
      setBusy(null);
      setFormError(messages.provider('Google'));
    }
  };

  const title = mode === 'signin' ? 'Sign In' : 'Create Account';
  return (
    <div className="auth-page">
      <section className="ui-card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {searchParams.get('expired') === '1' ? <p className="auth-notice" role="status">Your session has expired. Please sign in again.</p> : null}
        {/* A failed provider sign-in comes back as /auth?error=<message> from the API's callback. */}
        {searchParams.get('error') && !formError ? <ErrorBox message={searchParams.get('error') ?? messages.provider('Google')} /> : null}
        <div className="auth-toggle" role="group" aria-label="Choose sign in or create account">
          <button type="button" aria-pressed={mode === 'signin'} onClick={() => switchMode('signin')}>
            Sign In
          </button>
          <button type="button" aria-pressed={mode === 'signup'} onClick={() => switchMode('signup')}>
            Create Account
          </button>
        </div>
        {formError ? <ErrorBox message={formError} /> : null}
        <form onSubmit={submit} noValidate aria-label={title}>
          <TextField label="Email" type="email" autoComplete="email" required value={fields.email} onChange={update('email')} error={fieldErrors.email} />
          <PasswordField
            label="Password"
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            required
            value={fields.password}
            onChange={update('password')}
            error={fieldErrors.password}
          />
          {mode === 'signup' ? (
            <>
              <TextField label="Username" autoComplete="username" required value={fields.username} onChange={update('username')} error={fieldErrors.username} />
              <TextField
                label="Display name (optional)"
                autoComplete="name"
                value={fields.displayName}
                onChange={update('displayName')}
                error={fieldErrors.display_name}
              />
            </>
          ) : null}
          <Button type="submit" size="large" className="auth-submit" busy={busy === 'form'}>
            {title}
          </Button>
        </form>
        <div className="auth-divider">
          <span>or</span>
        </div>
        <Button variant="secondary" className="auth-wide" onClick={google} busy={busy === 'google'}>
          Continue with Google
        </Button>
        <h2 className="auth-demo-title">Try a demo account</h2>
        <div className="ui-row">
          {demoPersonas.map((persona) => (
            <Button key={persona} variant="secondary" busy={busy === persona} disabled={busy !== null && busy !== persona} onClick={() => void demo(persona)}>
              Demo {capitalise(persona)}
            </Button>
          ))}
        </div>
        <p>
          <Link to="/">Back to Home</Link>
        </p>
      </section>
    </div>
  );
}
