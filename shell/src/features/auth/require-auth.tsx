import { PageSpinner, useSession } from '@app/platform';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberReturnPath } from './return-path';

/**
 * The access rule of spec 1 §2: a spinner while the session is pending; signed-out visitors go to
 * /auth, and the page they asked for is remembered so sign-in brings them back.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, expired } = useSession();
  const location = useLocation();
  if (status === 'pending') return <PageSpinner label="Checking your session" />;
  if (status === 'anonymous') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    rememberReturnPath(from);
    // An ended session says so on the auth screen (spec: /auth?expired=1).
    return <Navigate to={expired ? '/auth?expired=1' : '/auth'} replace state={{ from }} />;
  }
  return <>{children}</>;
}
