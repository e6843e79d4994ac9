import { Route } from 'react-router';
import { AdvertiserOnly } from './advertiser-only';
import { CampaignDetailPage } from './campaign-detail-page';
import { CampaignsPage } from './campaigns-page';
import { EditCampaignPage } from './edit-campaign-page';
import { NewCampaignPage } from './new-campaign-page';

/** Campaign list, creation, detail and editing, under /campaigns and /advertiser/campaigns (spec 3 §2). */
export const campaignRoutes = (
  <>
    {['advertiser/campaigns', 'campaigns'].map((base) => (
      <Route key={base} path={base} element={<AdvertiserOnly />}>
        <Route index element={<CampaignsPage />} />
        <Route path="new" element={<NewCampaignPage />} />
        <Route path=":id" element={<CampaignDetailPage />} />
        <Route path=":id/edit" element={<EditCampaignPage />} />
      </Route>
    ))}
  </>
);
