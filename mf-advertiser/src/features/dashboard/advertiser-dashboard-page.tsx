import { ButtonLink, Card, EmptyState, PageHeader, advertiserKeys, apiClient, formatBalance, formatMoney, isAdvertiser, useCurrentUser } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { z } from 'zod';

const amount = z.union([z.number(), z.string()]).transform(String);
const dashboardSchema = z
  .object({
    status: z.string().optional().nullable(),
    data: z
      .object({
        active_campaigns: z.number().optional().nullable(),
        total_spend: amount.optional().nullable(),
        total_participants: z.number().optional().nullable(),
        gems_escrowed: amount.optional().nullable(),
      })
      .loose()
      .optional()
      .nullable(),
  })
  .loose();

/** /advertiser: advertisers only; everyone else is sent to onboarding. */
export function AdvertiserDashboardPage() {
  const user = useCurrentUser();
  const advertiser = isAdvertiser(user);
  const dashboard = useQuery({
    queryKey: advertiserKeys.dashboard(),
    queryFn: ({ signal }) => apiClient().get('/api/advertisers/dashboard', { schema: dashboardSchema, signal }),
    enabled: advertiser,
  });
  if (!advertiser) return <Navigate to="/advertiser/onboarding" replace />;
  return (
    <div className="ui-stack">
      <PageHeader title="Advertiser Dashboard" subtitle={`Signed in as ${user.display_name ?? user.username}. Gems available for campaigns: ${formatBalance(user.gems_balance)}.`} actions={<ButtonLink to="/campaigns">Campaigns</ButtonLink>} />
      <QueryView query={dashboard} loadingLabel="Loading dashboard" unavailable={<FeatureUnavailable feature="The advertiser dashboard" />}>
        {({ data }) =>
          data ? (
            <section className="ui-grid" aria-label="Campaign totals">
              <Card title="Active campaigns">
                <p className="ui-stat__value">{data.active_campaigns ?? 0}</p>
              </Card>
              <Card title="Total spend">
                <p className="ui-stat__value">{formatMoney(data.total_spend ?? '0')}</p>
              </Card>
              <Card title="Participants">
                <p className="ui-stat__value">{data.total_participants ?? 0}</p>
              </Card>
            </section>
          ) : (
            <EmptyState title="No campaigns yet" message="Your campaign totals appear here once your first drop goes live." />
          )
        }
      </QueryView>
    </div>
  );
}

/** /advertiser/onboarding: what an advertiser account gives, for users who are not advertisers yet. */
export function AdvertiserOnboardingPage() {
  const user = useCurrentUser();
  return (
    <div className="ui-stack">
      <PageHeader title="Become an advertiser" />
      <Card>
        <p>Advertisers create marketing drops, fund them with gems held in escrow, and pay creators who complete them.</p>
        {isAdvertiser(user) ? (
          <ButtonLink to="/advertiser">Go to your Advertiser Dashboard</ButtonLink>
        ) : (
          <p className="ui-muted">Opening an advertiser account arrives with the advertiser release; the demo advertiser account shows what it looks like.</p>
        )}
      </Card>
    </div>
  );
}
