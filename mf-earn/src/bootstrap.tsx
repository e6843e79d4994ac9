import '@app/platform/styles.css';
import { SessionProvider } from '@app/platform';
import { AppProviders, StandaloneFrame } from '@app/platform/app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import EarnRoutes, { standaloneLinks } from './routes';

// mf_earn on its own (npm run dev -w @app/mf-earn): the same routes the shell mounts, in a thin frame.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <AppProviders>
          <StandaloneFrame remoteName="mf_earn" links={standaloneLinks}>
            <Routes>
              <Route path="/" element={<Navigate to="/earn" replace />} />
              <Route path="*" element={<EarnRoutes />} />
            </Routes>
          </StandaloneFrame>
        </AppProviders>
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
