import { Route } from 'react-router';
import { AdvertiserGate } from './advertiser-gate';
import { MovesPage } from './moves-page';
import { PlansPage } from './plans-page';

/** Subscription plans and buying moves (the shell routes /plans/* here). */
export const planRoutes = (
  <Route path="plans" element={<AdvertiserGate />}>
    <Route index element={<PlansPage />} />
    <Route path="moves" element={<MovesPage />} />
  </Route>
);
