import { Button, ErrorBoundary, PageSpinner } from '@app/platform';
import { Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyOnceArrived } from '../app/arrived-chunks';
import { arrivedRemoteRoutes } from './arrived-remotes';
import { type RemoteName, remoteOwnership } from './remote-ownership';
import { isRemoteUnavailable } from './remote-unavailable';

/**
 * Renders one remote's route subtree inside its own error boundary: a remote that is down or that
 * throws shows a fallback with Try again here, and nowhere else.
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  // The registry (and its manifest schema) loads with the first remote route, not with the landing page.
  const RemoteRoutes = useMemo(
    () =>
      // Arrived already (the first page started it, or an earlier visit): rendered at once, without a spinner.
      lazyOnceArrived(
        () => (attempt === 0 ? arrivedRemoteRoutes.get(remote) : undefined),
        () => import('./remotes-registry').then((registry) => registry.loadRemoteRoutes(remote)),
      ),
    [remote, attempt],
  );
  const label = remoteOwnership[remote].label;
  return (
    <ErrorBoundary
      resetKeys={[attempt, location.pathname]}
      fallback={({ error }) => (
        <RemoteFallback label={label} error={error} onRetry={() => setAttempt((current) => current + 1)} />
      )}
    >
      <Suspense fallback={<PageSpinner label={`Loading ${label}`} />}>
        <RemoteRoutes />
      </Suspense>
    </ErrorBoundary>
  );
}

function RemoteFallback({ label, error, onRetry }: { label: string; error: Error; onRetry(): void }) {
  const unavailable = isRemoteUnavailable(error);
  return (
    <section
      className="ui-error-box ui-error-box--page"
      role="alert"
      aria-labelledby="remote-fallback-title"
      data-testid="remote-fallback"
    >
      <h1 id="remote-fallback-title" className="ui-error-box__title">
        {unavailable ? `${label} is unavailable right now` : 'Something went wrong'}
      </h1>
      <p className="ui-error-box__message">
        {unavailable ? `This part of the app could not be loaded. The rest of the app still works.` : error.message}
      </p>
      <div className="ui-row">
        <Button onClick={onRetry}>Try again</Button>
        <a className="ui-button ui-button--secondary ui-button--medium" href="/dashboard">
          Back to Home
        </a>
      </div>
    </section>
  );
}
