import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { PageSpinner } from '@app/platform';
import { AdvertiserOnly } from './advertiser-only';
import { CampaignsPage } from './campaigns-page';

// The editor and detail pages load when opened: the remote's first chunk stays within its budget
// (shell/scripts/check-budgets.mjs).
const NewCampaignPage = lazy(() => import('./new-campaign-page').then((page) => ({ default: page.NewCampaignPage })));
const CampaignDetailPage = lazy(() =>
  import('./campaign-detail-page').then((page) => ({ default: page.CampaignDetailPage })),
);
const EditCampaignPage = lazy(() =>
  import('./edit-campaign-page').then((page) => ({ default: page.EditCampaignPage })),
);

const loaded = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

/** Campaign list, creation, detail and editing, under /campaigns and /advertiser/campaigns (spec 3 §2). */
export const campaignRoutes = (
  <>
    {['advertiser/campaigns', 'campaigns'].map((base) => (
      <Route key={base} path={base} element={<AdvertiserOnly />}>
        <Route index element={<CampaignsPage />} />
        <Route path="new" element={loaded(<NewCampaignPage />)} />
        <Route path=":id" element={loaded(<CampaignDetailPage />)} />
        <Route path=":id/edit" element={loaded(<EditCampaignPage />)} />
      </Route>
    ))}
  </>
);
