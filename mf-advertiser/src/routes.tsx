import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { CampaignsPage } from './features/campaigns/campaigns-page';
import { AdvertiserDashboardPage, AdvertiserOnboardingPage } from './features/dashboard/advertiser-dashboard-page';

/** The routes mf_advertiser owns, matched from the root (the shell mounts this under /advertiser, /campaigns, ...). */
export default function AdvertiserRoutes() {
  return (
    <Routes>
      <Route path="advertiser" element={<AdvertiserDashboardPage />} />
      <Route path="advertiser/onboarding" element={<AdvertiserOnboardingPage />} />
      <Route path="advertiser/campaigns" element={<CampaignsPage />} />
      <Route path="campaigns" element={<CampaignsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/advertiser', label: 'Dashboard' },
  { to: '/campaigns', label: 'Campaigns' },
];
