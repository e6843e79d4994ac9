import { Route } from 'react-router';
import { AdvertiserGate } from '../plans/advertiser-gate';
import { CouponsPage } from './coupons-page';

/** Coupons (incentives; the shell routes /coupons/* here). */
export const couponRoutes = (
  <Route path="coupons" element={<AdvertiserGate />}>
    <Route index element={<CouponsPage />} />
  </Route>
);
