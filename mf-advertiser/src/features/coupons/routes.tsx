import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { PageSpinner } from '@app/platform';
import { AdvertiserGate } from '../plans/advertiser-gate';

// Loaded when /coupons is opened: the remote's first chunk stays within its budget (shell/scripts/check-budgets.mjs).
const CouponsPage = lazy(() => import('./coupons-page').then((module) => ({ default: module.CouponsPage })));

/** Coupons (incentives; the shell routes /coupons/* here). */
export const couponRoutes = (
  <Route path="coupons" element={<AdvertiserGate />}>
    <Route
      index
      element={
        <Suspense fallback={<PageSpinner />}>
          <CouponsPage />
        </Suspense>
      }
    />
  </Route>
);
