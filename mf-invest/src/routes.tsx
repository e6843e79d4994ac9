import { NotFoundPage, PageSpinner } from '@app/platform';
import { type ReactNode, Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { InvestPage } from './features/portfolio/invest-page';

// The holding and prediction screens are their own chunks: /invest does not load their forms and dialogs (issue 45).
const HoldingDetailPage = lazy(() =>
  import('./features/shares/holding-detail').then((module) => ({ default: module.HoldingDetailPage })),
);
const PredictionPage = lazy(() =>
  import('./features/forecasts/prediction-page').then((module) => ({ default: module.PredictionPage })),
);

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** The routes mf_invest owns, matched from the root (the shell mounts this under /invest, /holding, ...). */
export default function InvestRoutes() {
  return (
    <Routes>
      <Route path="invest/*" element={<InvestPage />} />
      <Route
        path="portfolio/holdings/:id"
        element={
          <Page>
            <HoldingDetailPage />
          </Page>
        }
      />
      <Route
        path="holding/:id"
        element={
          <Page>
            <HoldingDetailPage />
          </Page>
        }
      />
      <Route
        path="prediction/:id"
        element={
          <Page>
            <PredictionPage />
          </Page>
        }
      />
      <Route
        path="predictions/:id"
        element={
          <Page>
            <PredictionPage />
          </Page>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [{ to: '/invest', label: 'Invest' }];
