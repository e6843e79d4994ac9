import { Route } from 'react-router';
import { CampaignsPage } from './campaigns-page';

/** Campaign list, creation, detail and editing. */
export const campaignRoutes = (
  <>
    <Route path="advertiser/campaigns" element={<CampaignsPage />} />
    <Route path="campaigns" element={<CampaignsPage />} />
  </>
);
