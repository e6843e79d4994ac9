import { Badge, ButtonLink, EmptyState, PageHeader, formatBalance, useCurrentUser } from '@app/platform';
import { Link } from 'react-router';
import {
  STATUS_LABELS,
  STATUS_TONES,
  TYPE_LABELS,
  formatCount,
  formatDollars,
  formatMoves,
  formatPercent,
  useCampaignsBase,
} from './campaign-format';
import { useCampaigns } from './campaigns-api';
import { LoadState } from './load-state';

/** /campaigns and /advertiser/campaigns: the advertiser's campaigns with their real figures. */
export function CampaignsPage() {
  const base = useCampaignsBase();
  const user = useCurrentUser();
  const campaigns = useCampaigns();
  return (
    <div className="ui-stack">
      <PageHeader
        title="Campaigns"
        subtitle={`Moves available: ${formatBalance(user.moves_balance ?? '0')}`}
        actions={<ButtonLink to={`${base}/new`}>New Campaign</ButtonLink>}
      />
      <LoadState query={campaigns} failure="Failed to load campaigns" loadingLabel="Loading campaigns">
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title="No campaigns yet"
              message="Create your first campaign to promote your content and drops."
              action={<ButtonLink to={`${base}/new`}>Create Campaign</ButtonLink>}
            />
          ) : (
            <table className="ui-table" aria-label="Campaigns">
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Status</th>
                  <th scope="col">Type</th>
                  <th scope="col">Moves spent</th>
                  <th scope="col">Budget</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Clicks</th>
                  <th scope="col">CTR</th>
                </tr>
              </thead>
              <tbody>
                {list.map((campaign) => (
                  <tr key={campaign.id}>
                    <th scope="row">
                      <Link to={`${base}/${campaign.id}`}>{campaign.name}</Link>
                    </th>
                    <td>
                      <Badge tone={STATUS_TONES[campaign.status]}>{STATUS_LABELS[campaign.status]}</Badge>
                    </td>
                    <td>{TYPE_LABELS[campaign.campaignType]}</td>
                    <td>{formatMoves(campaign.spent)}</td>
                    <td>{formatDollars(campaign.budget)}</td>
                    <td>{formatCount(campaign.impressions)}</td>
                    <td>{formatCount(campaign.clicks)}</td>
                    <td>{formatPercent(campaign.ctr)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadState>
    </div>
  );
}
