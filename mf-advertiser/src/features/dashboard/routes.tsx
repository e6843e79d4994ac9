import { Route } from 'react-router';
import { AdvertiserOnboardingPage } from '../onboarding/advertiser-onboarding-page';
import { AdvertiserDashboardPage } from './advertiser-dashboard-page';

/** The advertiser dashboard (with the brand profile modal) and onboarding. */
export const dashboardRoutes = (
  <>
    <Route path="advertiser" element={<AdvertiserDashboardPage />} />
    <Route path="advertiser/onboarding" element={<AdvertiserOnboardingPage />} />
  </>
);
