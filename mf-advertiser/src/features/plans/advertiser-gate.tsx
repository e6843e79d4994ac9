import { isAdvertiser, useCurrentUser } from '@app/platform';
import { Navigate, Outlet } from 'react-router';

/** Plans, moves and coupons are an advertiser's tools (the API answers 403 to anyone else): others go to onboarding. */
export function AdvertiserGate() {
  const user = useCurrentUser();
  return isAdvertiser(user) ? <Outlet /> : <Navigate to="/advertiser/onboarding" replace />;
}
