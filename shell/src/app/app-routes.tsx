import { ErrorBoundary, NotFoundPage, PageSpinner, telemetry } from '@app/platform';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { remoteForPath } from '../federation/remote-ownership';
import { RemoteRoute } from '../federation/remote-route';
import { RequireAuth } from '../features/auth/require-auth';
import { applyPageMeta } from './page-meta';
import {
  PROFILE_PAGE_PATHS,
  appLayoutChunk,
  dashboardPageChunk,
  leaderboardPageChunk,
  profilePageChunk,
} from './route-chunks';

// Every page is split out, so a first page downloads only what it shows; index.html starts the chunks of `/` and
// `/auth` with main.js (their names are in webpack.config.js). The signed-in frame (header, menus, query cache,
// dialogs) is its own chunk: the public pages need none of it.
const LandingPage = lazy(() =>
  import(/* webpackChunkName: "route-landing" */ '../features/landing/landing-page').then((page) => ({
    default: page.LandingPage,
  })),
);
const AppLayoutChunk = appLayoutChunk.component();
const AuthPage = lazy(() => import(/* webpackChunkName: "route-auth" */ '../features/auth/auth-page'));
const CallbackPage = lazy(() => import('../features/auth/callback-page'));
const DashboardPage = dashboardPageChunk.component();
const LeaderboardPage = leaderboardPageChunk.component();
const ProfileRedirect = lazy(() => import('../features/profile/profile-redirect'));
const ProfilePage = profilePageChunk.component();
const ErrorPage = lazy(() => import('../features/errors/error-page'));
const TestContentPage = lazy(() => import('../features/test-content/test-content-page'));
const AdminPage = lazy(() => import('../features/admin/components/admin-page'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppLayoutChunk>{children}</AppLayoutChunk>
    </Suspense>
  );
}

function PublicPage({ children }: { children: ReactNode }) {
  return (
    <main className="public-page" id="main">
      <Page>{children}</Page>
    </main>
  );
}

/** A page of the signed-in frame: an error in it shows in place of the page, and clears on the next path. */
function SignedInPage({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKeys={[location.pathname]}>
      <Page>{children}</Page>
    </ErrorBoundary>
  );
}

function NotFoundMain() {
  return (
    <main id="main">
      <NotFoundPage />
    </main>
  );
}

/** Paths no host route matched: a remote's subtree (behind the access rule) or Page Not Found. */
function RemoteOrNotFound() {
  const location = useLocation();
  const remote = remoteForPath(location.pathname);
  if (!remote) return <NotFoundMain />;
  return (
    <RequireAuth>
      <AppLayout>
        <RemoteRoute remote={remote} />
      </AppLayout>
    </RequireAuth>
  );
}

/**
 * The pages inside the signed-in frame. `<Routes>` reads only `<Route>`s and fragments among its children, so this is
 * a function returning a fragment (called inside the layout route), not a component.
 */
function signedInFrameRoutes(): ReactNode {
  return (
    <>
      <Route
        path="/dashboard"
        element={
          <SignedInPage>
            <DashboardPage />
          </SignedInPage>
        }
      />
      <Route path="/home" element={<Navigate to="/dashboard" replace />} />
      {/* Spec 3 §5: 'Get More Moves' and a campaign's 'Add Funds' lead to /account/billing: an advertiser's
          billing is moves and plans. */}
      <Route path="/account/billing" element={<Navigate to="/plans/moves" replace />} />
      <Route
        path="/leaderboard"
        element={
          <SignedInPage>
            <LeaderboardPage />
          </SignedInPage>
        }
      />
      <Route
        path="/profile"
        element={
          <Page>
            <ProfileRedirect />
          </Page>
        }
      />
      {PROFILE_PAGE_PATHS.map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <SignedInPage>
              <ProfilePage />
            </SignedInPage>
          }
        />
      ))}
      <Route
        path="/admin"
        element={
          <SignedInPage>
            <AdminPage />
          </SignedInPage>
        }
      />
    </>
  );
}

export function AppRoutes() {
  const location = useLocation();
  // Each route is a page view: impressions count again, and the page itself is recorded (spec 3 §7). The landing page
  // shows no tracked content and nothing reads an anonymous visit, so `/` does not load the tracker (a separate chunk).
  useEffect(() => {
    applyPageMeta(location.pathname);
    if (location.pathname !== '/') telemetry().pageView(location.pathname);
  }, [location.pathname]);
  return (
    <Routes>
      <Route
        path="/"
        element={
          <Page>
            <LandingPage />
          </Page>
        }
      />
      <Route
        path="/auth"
        element={
          <PublicPage>
            <AuthPage />
          </PublicPage>
        }
      />
      {['/auth/callback', '/auth/v1/callback', '/oauth/callback'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <PublicPage>
              <CallbackPage />
            </PublicPage>
          }
        />
      ))}
      <Route
        path="/test-content/:id"
        element={
          <PublicPage>
            <TestContentPage />
          </PublicPage>
        }
      />
      <Route path="/not-found" element={<NotFoundMain />} />
      <Route
        path="/error"
        element={
          <PublicPage>
            <ErrorPage />
          </PublicPage>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        {signedInFrameRoutes()}
      </Route>
      <Route path="*" element={<RemoteOrNotFound />} />
    </Routes>
  );
}
