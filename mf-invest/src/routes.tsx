import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { PredictionPage } from './features/forecasts/prediction-page';
import { HoldingDetailPage } from './features/shares/holding-detail';
import { InvestPage } from './features/portfolio/invest-page';

/** The routes mf_invest owns, matched from the root (the shell mounts this under /invest, /holding, ...). */
export default function InvestRoutes() {
  return (
    <Routes>
      <Route path="invest/*" element={<InvestPage />} />
      <Route path="portfolio/holdings/:id" element={<HoldingDetailPage />} />
      <Route path="holding/:id" element={<HoldingDetailPage />} />
      <Route path="prediction/:id" element={<PredictionPage />} />
      <Route path="predictions/:id" element={<PredictionPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [{ to: '/invest', label: 'Invest' }];
