import '@app/platform/styles.css';
import { SessionProvider } from '@app/platform';
import { AppProviders, StandaloneFrame } from '@app/platform/app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import InvestRoutes, { standaloneLinks } from './routes';

// mf_invest on its own (npm run dev -w @app/mf-invest): the same routes the shell mounts, in a thin frame.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <AppProviders>
          <StandaloneFrame remoteName="mf_invest" links={standaloneLinks}>
            <Routes>
              <Route path="/" element={<Navigate to="/invest" replace />} />
              <Route path="*" element={<InvestRoutes />} />
            </Routes>
          </StandaloneFrame>
        </AppProviders>
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
