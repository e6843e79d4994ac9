import { Route } from 'react-router';
import { AdvertiserDashboardPage, AdvertiserOnboardingPage } from './advertiser-dashboard-page';

/** The advertiser dashboard, onboarding and brand profile. */
export const dashboardRoutes = (
  <>
    <Route path="advertiser" element={<AdvertiserDashboardPage />} />
    <Route path="advertiser/onboarding" element={<AdvertiserOnboardingPage />} />
  </>
);
