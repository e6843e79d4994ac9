import { Button, ButtonLink, type DemoPersona, ErrorBox, SkeletonList, demoPersonas, useSession } from '@app/platform';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlatformStatistics } from './platform-statistics';
import { SuccessStories } from './success-stories';

const platforms = ['Instagram', 'TikTok', 'YouTube', 'Twitter', 'LinkedIn', 'Facebook'];
const claims = [
  { title: 'Zero fees', text: 'Earning, converting and cashing out carry no platform fee.' },
  {
    title: 'Start in 60 seconds',
    text: 'Create an account or try a demo persona and complete your first drop right away.',
  },
  { title: 'Withdrawals', text: 'Turn gems into money once you reach the 200-gem minimum.' },
];
const steps = [
  { title: 'Join', text: 'Sign up, or explore with a demo creator, investor or advertiser account.' },
  { title: 'Earn', text: 'Complete drops and engage with content to collect points, keys and gems.' },
  { title: 'Grow', text: 'Invest in content shares, make predictions and climb the leaderboard.' },
];

/**
 * The logo's diamond, drawn rather than typed: the ◆ character is in no font the page asks for, so the browser
 * searched the system's fonts for a fallback while laying out the first screen (about 170 ms in a mobile trace).
 */
function LogoMark() {
  return (
    <svg aria-hidden="true" width="0.8em" height="0.8em" viewBox="0 0 10 10">
      <path d="M5 0 10 5 5 10 0 5z" fill="currentColor" />
    </svg>
  );
}

function LandingNav({ signedIn, onSignOut }: { signedIn: boolean; onSignOut(): void }) {
  return (
    <header className="landing__nav">
      <Link to="/" className="logo" aria-label="Rewards home">
        <LogoMark /> Rewards
      </Link>
      <nav aria-label="Sections" className="landing__anchors">
        <a href="#features">Features</a>
        <a href="#how-it-works">How it works</a>
        <a href="#success-stories">Success stories</a>
      </nav>
      <div className="ui-row">
        {signedIn ? (
          <>
            <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
            <Button variant="ghost" onClick={onSignOut}>
              Log out (development)
            </Button>
          </>
        ) : (
          <>
            <ButtonLink to="/auth" variant="ghost">
              Sign In
            </ButtonLink>
            <ButtonLink to="/auth">Start Earning</ButtonLink>
          </>
        )}
      </div>
    </header>
  );
}

/** Sign in as a demo persona and go to the dashboard; a failure is shown under the buttons. */
function DemoAccounts() {
  const session = useSession();
  const navigate = useNavigate();
  const [demoError, setDemoError] = useState<string | null>(null);
  const [busyPersona, setBusyPersona] = useState<DemoPersona | null>(null);

  const demo = async (persona: DemoPersona) => {
    setDemoError(null);
    setBusyPersona(persona);
    try {
      await session.signInAsDemo(persona);
      navigate('/dashboard');
    } catch {
      setDemoError(`Failed to login as ${persona}. Please try again.`);
    } finally {
      setBusyPersona(null);
    }
  };

  return (
    <>
      <p className="landing__demo-title">Or look around with a demo account:</p>
      <div className="ui-row">
        {demoPersonas.map((persona) => (
          <Button key={persona} variant="secondary" busy={busyPersona === persona} onClick={() => void demo(persona)}>
            Demo {persona.charAt(0).toUpperCase() + persona.slice(1)}
          </Button>
        ))}
      </div>
      {demoError ? <ErrorBox message={demoError} /> : null}
    </>
  );
}

/** The pitch, and the way in: the dashboard when signed in, else sign-up or a demo account. */
function Hero({ signedIn, authRequired }: { signedIn: boolean; authRequired: boolean }) {
  return (
    <section className="landing__hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Earn rewards for the things you already do online</h1>
      <p>
        Complete tasks, back the content you believe in, predict what goes viral and get paid in points, keys, gems and
        gold.
      </p>
      {authRequired ? (
        <p role="status" className="auth-notice">
          Please sign in to continue.
        </p>
      ) : null}
      {signedIn ? (
        <ButtonLink to="/dashboard" size="large">
          Go to Dashboard
        </ButtonLink>
      ) : (
        <div className="landing__demo">
          <ButtonLink to="/auth" size="large">
            Start Earning
          </ButtonLink>
          <DemoAccounts />
        </div>
      )}
      <ul className="landing__platforms" aria-label="Supported platforms">
        {platforms.map((platform) => (
          <li key={platform}>{platform}</li>
        ))}
      </ul>
    </section>
  );
}

export function LandingPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const signedIn = session.status === 'authenticated';
  return (
    <div className="landing">
      <LandingNav signedIn={signedIn} onSignOut={() => void session.signOut()} />
      <main id="main">
        <Hero signedIn={signedIn} authRequired={searchParams.get('error') === 'auth_required'} />

        <section className="landing__section" aria-labelledby="statistics-title">
          <h2 id="statistics-title">Live platform statistics</h2>
          <PlatformStatistics />
        </section>

        <section id="features" className="landing__section" aria-labelledby="features-title">
          <h2 id="features-title">Features</h2>
          <FeatureCards />
        </section>

        <section className="landing__section landing__claims" aria-label="Why join">
          {claims.map((claim) => (
            <div key={claim.title} className="ui-card">
              <h3>{claim.title}</h3>
              <p>{claim.text}</p>
            </div>
          ))}
        </section>

        <section id="how-it-works" className="landing__section" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="landing__steps">
            {steps.map((step) => (
              <li key={step.title} className="ui-card">
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="success-stories" className="landing__section" aria-labelledby="stories-title">
          <h2 id="stories-title">Success stories</h2>
          <SuccessStories />
        </section>

        <section className="landing__section landing__advertisers" aria-labelledby="advertisers-title">
          <h2 id="advertisers-title">For brands</h2>
          <p>Create marketing drops, fund campaigns and reach creators who already love your product.</p>
          <ButtonLink to={signedIn ? '/advertiser/onboarding' : '/auth'} variant="secondary">
            Become an advertiser
          </ButtonLink>
        </section>
      </main>
      <footer className="landing__footer">
        <p>© Rewards platform</p>
      </footer>
    </div>
  );
}

type FeatureCard = { title: string; text: string };
type FeatureCardsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cards: FeatureCard[] };

/**
 * The feature cards load with the skeleton / 'Failed to load data: {message}' / list states the spec
 * describes; their copy ships as a separate chunk, so a failed chunk download is the error case.
 */
function FeatureCards() {
  const [state, setState] = useState<FeatureCardsState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    import('./feature-cards').then(
      (module) => setState({ status: 'ready', cards: module.featureCards }),
      (error: unknown) =>
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  useEffect(load, [load]);
  if (state.status === 'loading') return <SkeletonList rows={4} label="Loading features" />;
  if (state.status === 'error') return <ErrorBox message={`Failed to load data: ${state.message}`} onRetry={load} />;
  return (
    <ul className="landing__features">
      {state.cards.map((card) => (
        <li key={card.title} className="ui-card">
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
