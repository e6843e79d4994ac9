import { Spinner, useSession } from '@app/platform';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { takeReturnPath } from './return-path';

/** Reads a token handed over in the query or fragment (providers differ), if any. */
function tokenFromUrl(): string {
  const query = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return query.get('token') ?? query.get('access_token') ?? fragment.get('token') ?? fragment.get('access_token') ?? '';
}

/** /auth/callback and friends: 'Finishing sign-in…', then /dashboard with a session, else /auth. */
export default function CallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session
      .acceptToken(tokenFromUrl())
      .catch(() => null)
      .then((user) => navigate(user ? takeReturnPath() : '/auth', { replace: true }));
  }, [navigate, session]);

  return (
    <section className="ui-centered-page" aria-labelledby="callback-title">
      <h1 id="callback-title">Finishing sign-in…</h1>
      <Spinner label="Finishing sign-in" />
    </section>
  );
}
