import { Spinner, useSession } from '@app/platform';
import { useEffect, useRef } from 'react';
import { arrivalState } from '@app/platform';
import { REWARDS_RULES } from '@app/contracts/rewards';
import { useNavigate } from 'react-router';
import { referralArrivalToast } from './referral-arrival';
import { takeReturnPath } from './return-path';

/** Reads a token handed over in the query or fragment (providers differ), if any. */
function tokenFromUrl(): string {
  const query = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return query.get('token') ?? query.get('access_token') ?? fragment.get('token') ?? fragment.get('access_token') ?? '';
}

/** What the API's Google callback said about a referral link's code (`?referral=applied|refused&...`), if anything. */
function referralFromUrl() {
  const query = new URLSearchParams(window.location.search);
  const referralCode = query.get('referral_code') ?? '';
  if (query.get('referral') === 'applied') {
    // The referrer's share is the programme's constant; the callback names only the new user's.
    return {
      applied: true as const,
      referral_code: referralCode,
      referred_by: '',
      referred_reward: Number(query.get('referred_reward') ?? REWARDS_RULES.referredPoints),
      referrer_reward: REWARDS_RULES.referrerPoints,
    };
  }
  if (query.get('referral') === 'refused')
    return {
      applied: false as const,
      referral_code: referralCode,
      code: 'REFERRAL_NOT_APPLIED',
      error: query.get('referral_error') ?? '',
    };
  return null;
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
      .then((user) => {
        const arrival = user ? referralArrivalToast(referralFromUrl()) : undefined;
        return navigate(user ? takeReturnPath() : '/auth', {
          replace: true,
          ...(arrival ? { state: arrivalState(arrival) } : {}),
        });
      });
  }, [navigate, session]);

  return (
    <section className="ui-centered-page" aria-labelledby="callback-title">
      <h1 id="callback-title">Finishing sign-in…</h1>
      <Spinner label="Finishing sign-in" />
    </section>
  );
}
