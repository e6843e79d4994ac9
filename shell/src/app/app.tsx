import { DefaultErrorFallback, ErrorBoundary, SessionProvider } from '@app/platform';
import type { ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppRoutes } from './app-routes';

function SessionWithNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // A 401 on the profile fetch ends the session: the spec sends the user to /auth?expired=1.
  return <SessionProvider onExpired={() => navigate('/auth?expired=1', { replace: true })}>{children}</SessionProvider>;
}

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary fallback={(props) => <DefaultErrorFallback {...props} />}>
        <SessionWithNavigation>
          <AppRoutes />
        </SessionWithNavigation>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
