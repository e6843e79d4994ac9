import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AppProviders } from '../providers';
import { SessionProvider } from '../session/session-provider';
import { StandaloneFrame, type StandaloneFrameProps } from './standalone-frame';

export interface StandaloneAppProps {
  /** The remote's federation name (`mf_earn`), shown in the frame. */
  remoteName: string;
  /** Where `/` sends the visitor: the remote's first page (`/earn`). */
  homePath: string;
  links: StandaloneFrameProps['links'];
  /** The remote's route subtree, the same component the shell mounts. */
  routes: ComponentType;
}

/** A remote's whole standalone app: session, query cache and the thin frame around its routes. */
export function StandaloneApp({ remoteName, homePath, links, routes: RemoteRoutes }: StandaloneAppProps) {
  return (
    <BrowserRouter>
      <SessionProvider>
        <AppProviders>
          <StandaloneFrame remoteName={remoteName} links={links}>
            <Routes>
              <Route path="/" element={<Navigate to={homePath} replace />} />
              <Route path="*" element={<RemoteRoutes />} />
            </Routes>
          </StandaloneFrame>
        </AppProviders>
      </SessionProvider>
    </BrowserRouter>
  );
}

/** Mounts a remote on its own (`npm run dev` in the remote) into the page's #root. */
export function renderStandalone(props: StandaloneAppProps): Root {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // As the shell's bootstrap: a transition lets the first render yield to the browser instead of blocking it.
  startTransition(() => {
    root.render(
      <StrictMode>
        <StandaloneApp {...props} />
      </StrictMode>,
    );
  });
  return root;
}
