import { isAdvertiser, useCurrentUser } from '@app/platform';
import { Navigate, Outlet } from 'react-router';

/** Campaigns are an advertiser's tool (the API answers 403 to anyone else): others go to onboarding. */
export function AdvertiserOnly() {
  const user = useCurrentUser();
  return isAdvertiser(user) ? <Outlet /> : <Navigate to="/advertiser/onboarding" replace />;
}
