import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/session-context';
import { demoPersonas } from '../session/user';
import { Button } from '../ui/button';
import { ErrorBox, PageSpinner } from '../ui/feedback';
import { useState } from 'react';

export interface StandaloneFrameProps {
  /** The remote's name, shown so the team knows it is not looking at the composed app. */
  remoteName: string;
  links: { to: string; label: string }[];
  children: ReactNode;
}

/**
 * The thin frame a remote runs in on its own (`npm run dev` in the remote): a demo sign-in, links to
 * the remote's routes and the routes themselves. The composed app uses the shell's header instead.
 */
export function StandaloneFrame({ remoteName, links, children }: StandaloneFrameProps) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="standalone">
      <header className="standalone__header">
        <strong>{remoteName}</strong> <span className="standalone__note">standalone</span>
        <nav aria-label="Remote routes" className="standalone__nav">
          {links.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
        {session.user ? (
          <span>
            {session.user.display_name ?? session.user.username}{' '}
            <Button variant="ghost" size="small" onClick={() => void session.signOut()}>
              Sign Out
            </Button>
          </span>
        ) : null}
      </header>
      <main className="standalone__main">
        {session.status === 'pending' ? (
          <PageSpinner />
        ) : session.user ? (
          children
        ) : (
          <section aria-label="Sign in">
            <h1>Sign in to try {remoteName}</h1>
            {error ? <ErrorBox message={error} /> : null}
            <div className="ui-row">
              {demoPersonas.map((persona) => (
                <Button
                  key={persona}
                  variant="secondary"
                  onClick={() =>
                    session
                      .signInAsDemo(persona)
                      .catch(() => setError(`Failed to login as ${persona}. Please try again.`))
                  }
                >
                  Demo {persona}
                </Button>
              ))}
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
