import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { campaignRoutes } from './features/campaigns/routes';
import { couponRoutes } from './features/coupons/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { planRoutes } from './features/plans/routes';

/**
 * The routes mf_advertiser owns, matched from the root (the shell mounts this under /advertiser, /campaigns,
 * /coupons and /plans). Each feature declares its own routes; React Router reads through the fragments.
 */
export default function AdvertiserRoutes() {
  return (
    <Routes>
      {dashboardRoutes}
      {campaignRoutes}
      {planRoutes}
      {couponRoutes}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/advertiser', label: 'Dashboard' },
  { to: '/campaigns', label: 'Campaigns' },
];
