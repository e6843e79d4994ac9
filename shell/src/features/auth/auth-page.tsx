import {
  Button,
  type DemoPersona,
  ErrorBox,
  type Session,
  demoPersonas,
  isApiError,
  normaliseReferralCode,
  pendingReferralCode,
  rememberReferralCode,
  arrivalState,
  useSession,
} from '@app/platform';
import type { SignInRequestSchema, SignUpRequestSchema } from '@app/contracts/identity';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type AuthField,
  FormOnFirstUse,
  type FormsModule,
  type HandOver,
  LiveFields,
  defaultValuesOf,
  useFormsOnFirstUse,
} from './form-on-first-use';
import { referralArrivalToast } from './referral-arrival';
import { takeReturnPath } from './return-path';

type Mode = 'signin' | 'signup';

// The schemas (and zod) load on the form's first validation, not with the page (issue 45). `webpackExports` names
// what this page takes, so the rest of the identity contracts (other routes) is left out of every chunk.
const identityContracts = () =>
  import(
    /* webpackExports: ["SignInRequestSchema", "SignUpRequestSchema", "googleSignInRoute"] */
    '@app/contracts/identity'
  );

const messages = {
  signIn: 'Unable to sign in. Please check your credentials.',
  signUp: 'Unable to create an account. Please try again.',
  demo: (persona: string) => `Failed to login as ${persona}. Please try again.`,
  provider: (provider: string) => `Unable to sign in with ${provider}. Please try again.`,
};

/**
 * Where Continue with Google starts the OpenID Connect code flow (`googleSignInRoute`; the API redirects back to
 * /auth/callback). A referral code rides along (`?ref=`) and the API keeps it through the round trip. The route comes
 * with the identity contracts, loaded on the click like the forms' schemas.
 */
export async function googleSignInPath(referralCode: string): Promise<string> {
  const { googleSignInRoute } = await identityContracts();
  return referralCode ? `${googleSignInRoute.path}?ref=${encodeURIComponent(referralCode)}` : googleSignInRoute.path;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The page's requests (a form's, a demo sign-in, Continue with Google): the one running (`busy`), the last failure,
 * and the navigation back to where the user came from once signed in.
 */
function useAuthRequests(stateFrom: unknown, referralCode: string) {
  const session = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const finish = (arrival?: ReturnType<typeof referralArrivalToast>) =>
    navigate(takeReturnPath(stateFrom), { replace: true, ...(arrival ? { state: arrivalState(arrival) } : {}) });

  // While a form's request runs, the page does not redirect on the session change: `finish` does, once.
  const runForm = async (request: () => Promise<unknown>) => {
    setFormError(null);
    setBusy('form');
    let outcome: unknown;
    try {
      outcome = await request();
    } catch (error) {
      setBusy(null);
      throw error;
    }
    // Still busy while leaving: clearing it here would render the signed-in redirect, whose navigation (without the
    // arrival toast) replaces this one.
    finish(
      referralArrivalToast(
        (outcome as { referral?: Parameters<typeof referralArrivalToast>[0] } | undefined)?.referral ?? null,
      ),
    );
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

  const google = async () => {
    setBusy('google');
    try {
      // The API runs the OpenID Connect code flow and redirects back to /auth/callback (cookie session).
      window.location.assign(await googleSignInPath(referralCode));
    } catch {
      setBusy(null);
      setFormError(messages.provider('Google'));
    }
  };

  return { formError, setFormError, busy, runForm, demo, google };
}

/** Why the user is here: an expired session, a friend's referral code, or a failed provider sign-in. */
function AuthNotices({
  expired,
  referralCode,
  providerError,
}: {
  expired: boolean;
  referralCode: string;
  providerError: string | null;
}) {
  return (
    <>
      {expired ? (
        <p className="auth-notice" role="status">
          Your session has expired. Please sign in again.
        </p>
      ) : null}
      {referralCode ? (
        <p className="auth-notice" role="status">
          Referral code <strong>{referralCode}</strong>: create your account to get 250 points (your friend gets 500).
        </p>
      ) : null}
      {providerError !== null ? <ErrorBox message={providerError} /> : null}
    </>
  );
}

function ModeToggle({ mode, onSwitch }: { mode: Mode; onSwitch(next: Mode): void }) {
  return (
    <div className="auth-toggle" role="group" aria-label="Choose sign in or create account">
      <button type="button" aria-pressed={mode === 'signin'} onClick={() => onSwitch('signin')}>
        Sign In
      </button>
      <button type="button" aria-pressed={mode === 'signup'} onClick={() => onSwitch('signup')}>
        Create Account
      </button>
    </div>
  );
}

/** The mode's form. Each is its own (keyed): what was typed in one is never handed to the other. */
function ModeForm({
  mode,
  forms,
  referralCode,
  session,
  run,
}: {
  mode: Mode;
  forms: ReturnType<typeof useFormsOnFirstUse>;
  referralCode: string;
  session: Session;
  run(request: () => Promise<unknown>): Promise<void>;
}) {
  return mode === 'signin' ? (
    <FormOnFirstUse
      key="signin"
      {...forms}
      label="Sign In"
      fields={signInFields}
      submitLabel="Sign In"
      fallbackError={messages.signIn}
    >
      {(module, handOver) => <SignInForm forms={module} handOver={handOver} session={session} run={run} />}
    </FormOnFirstUse>
  ) : (
    <FormOnFirstUse
      key="signup"
      {...forms}
      label="Create Account"
      fields={signUpFields(referralCode)}
      submitLabel="Create Account"
      fallbackError={messages.signUp}
    >
      {(module, handOver) => (
        <SignUpForm forms={module} handOver={handOver} session={session} run={run} referralCode={referralCode} />
      )}
    </FormOnFirstUse>
  );
}

/** Continue with Google, and one button per demo account (the others wait while one signs in). */
function OtherSignIns({
  busy,
  onGoogle,
  onDemo,
}: {
  busy: string | null;
  onGoogle(): void;
  onDemo(persona: DemoPersona): void;
}) {
  return (
    <>
      <Button variant="secondary" className="auth-wide" onClick={onGoogle} busy={busy === 'google'}>
        Continue with Google
      </Button>
      <h2 className="auth-demo-title">Try a demo account</h2>
      <div className="ui-row">
        {demoPersonas.map((persona) => (
          <Button
            key={persona}
            variant="secondary"
            busy={busy === persona}
            disabled={busy !== null && busy !== persona}
            onClick={() => onDemo(persona)}
          >
            Demo {capitalise(persona)}
          </Button>
        ))}
      </div>
    </>
  );
}

export default function AuthPage() {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A referral link (`/auth?ref=CODE`) is kept for this tab until applied: through Google's round trip, and for the
  // Referral Program dialog if the sign-up could not apply it. Someone arriving by a friend's link wants an account.
  const linkCode = normaliseReferralCode(searchParams.get('ref') ?? '');
  const referralCode = linkCode || pendingReferralCode() || '';
  const [mode, setMode] = useState<Mode>(linkCode ? 'signup' : 'signin');
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const { formError, setFormError, busy, runForm, demo, google } = useAuthRequests(stateFrom, referralCode);
  // react-hook-form loads on the first interaction with a form, or at once for Create Account (see form-on-first-use).
  const forms = useFormsOnFirstUse(mode === 'signup');

  useEffect(() => {
    if (linkCode) rememberReferralCode(linkCode);
  }, [linkCode]);

  if (session.status === 'authenticated' && !busy) return <Navigate to={takeReturnPath(stateFrom)} replace />;

  const switchMode = (next: Mode) => {
    // Toggling clears fields and errors (spec 1 §2): each mode's form is its own, mounted afresh.
    setMode(next);
    setFormError(null);
  };

  const title = mode === 'signin' ? 'Sign In' : 'Create Account';
  return (
    <div className="auth-page">
      <section className="ui-card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <AuthNotices
          expired={searchParams.get('expired') === '1'}
          referralCode={referralCode}
          // A failed provider sign-in comes back as /auth?error=<message> from the API's callback.
          providerError={searchParams.get('error') && !formError ? searchParams.get('error') : null}
        />
        <ModeToggle mode={mode} onSwitch={switchMode} />
        {formError ? <ErrorBox message={formError} /> : null}
        <ModeForm mode={mode} forms={forms} referralCode={referralCode} session={session} run={runForm} />
        <div className="auth-divider">
          <span>or</span>
        </div>
        <OtherSignIns busy={busy} onGoogle={() => void google()} onDemo={(persona) => void demo(persona)} />
        <p>
          <Link to="/">Back to Home</Link>
        </p>
      </section>
    </div>
  );
}

/** Sign-in failures never echo the server (spec 1 §8): the one message, or the network's. */
function describeSignInError(error: unknown): string {
  return isApiError(error) && error.isNetworkError ? error.message : messages.signIn;
}

/** Sign-up failures show the server's reason when it gave one. */
function describeSignUpError(error: unknown): string {
  if (!isApiError(error) || error.code === 'UNKNOWN_ERROR') return messages.signUp;
  return error.message;
}

const signInFields: readonly AuthField[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', required: true },
];

function signUpFields(referralCode: string): readonly AuthField[] {
  return [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', required: true },
    { name: 'username', label: 'Username', autoComplete: 'username', required: true },
    { name: 'display_name', label: 'Display name (optional)', autoComplete: 'name' },
    {
      name: 'referral_code',
      label: 'Referral code (optional)',
      autoComplete: 'off',
      maxLength: 6,
      defaultValue: referralCode,
      onInput: (event) => {
        event.currentTarget.value = normaliseReferralCode(event.currentTarget.value);
      },
    },
  ];
}

interface FormProps {
  forms: FormsModule;
  handOver: HandOver | null;
  session: Session;
  run(request: () => Promise<unknown>): Promise<void>;
}

function SignInForm({ forms, handOver, session, run }: FormProps) {
  const { Form, FormError, SubmitButton, useZodForm } = forms;
  const form = useZodForm<typeof SignInRequestSchema>(
    () => identityContracts().then((contracts) => contracts.SignInRequestSchema),
    {
      defaultValues: defaultValuesOf(signInFields, handOver) as { email: string; password: string },
    },
  );
  return (
    <Form
      form={form}
      aria-label="Sign In"
      className=""
      fallbackError={messages.signIn}
      describeError={describeSignInError}
      onSubmit={(values) => run(() => session.signIn(values.email, values.password))}
    >
      <FormError />
      <LiveFields forms={forms} fields={signInFields} handOver={handOver} />
      <SubmitButton size="large" className="auth-submit">
        Sign In
      </SubmitButton>
    </Form>
  );
}

function SignUpForm({ forms, handOver, session, run, referralCode }: FormProps & { referralCode: string }) {
  const { Form, FormError, SubmitButton, useZodForm } = forms;
  const fields = signUpFields(referralCode);
  // The contract's own schema: the screen shows the messages the API would answer with.
  const form = useZodForm<typeof SignUpRequestSchema>(
    () => identityContracts().then((contracts) => contracts.SignUpRequestSchema),
    {
      defaultValues: defaultValuesOf(fields, handOver) as {
        email: string;
        password: string;
        username: string;
        display_name: string;
        referral_code: string;
      },
    },
  );
  return (
    <Form
      form={form}
      aria-label="Create Account"
      className=""
      fallbackError={messages.signUp}
      describeError={describeSignUpError}
      onSubmit={(values) =>
        run(() =>
          session.signUp({
            email: values.email,
            password: values.password,
            username: values.username,
            ...(values.display_name ? { display_name: values.display_name } : {}),
            ...(values.referral_code ? { referral_code: values.referral_code } : {}),
          }),
        )
      }
    >
      <FormError />
      <LiveFields forms={forms} fields={fields} handOver={handOver} />
      <SubmitButton size="large" className="auth-submit">
        Create Account
      </SubmitButton>
    </Form>
  );
}
