import { Badge, EmptyState, PageHeader, advertiserKeys, apiClient, formatBalance } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const campaignSchema = z
  .object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string(), status: z.string().optional().nullable(), budget: z.union([z.number(), z.string()]).transform(String).optional().nullable() })
  .loose();
const campaignListSchema = z.union([z.array(campaignSchema), z.object({ campaigns: z.array(campaignSchema) }).loose().transform((body) => body.campaigns)]);

/** /campaigns and /advertiser/campaigns: the advertiser's campaigns. */
export function CampaignsPage() {
  const campaigns = useQuery({ queryKey: advertiserKeys.campaigns(), queryFn: ({ signal }) => apiClient().get('/api/campaigns', { schema: campaignListSchema, signal }) });
  return (
    <div className="ui-stack">
      <PageHeader title="Campaigns" />
      <QueryView query={campaigns} empty={<EmptyState title="No campaigns yet" message="Campaigns you create are listed here." />} unavailable={<FeatureUnavailable feature="Campaigns" />}>
        {(list) => (
          <ul className="ui-list" aria-label="Campaigns">
            {list.map((campaign) => (
              <li key={campaign.id} className="ui-list__item">
                <strong>{campaign.title}</strong>
                <span className="ui-row">
                  {campaign.status ? <Badge>{campaign.status}</Badge> : null}
                  {campaign.budget ? <span>{formatBalance(campaign.budget)} gems</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
