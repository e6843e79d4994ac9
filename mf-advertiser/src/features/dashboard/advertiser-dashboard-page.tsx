import { ADVERTISER_MESSAGES } from '@app/contracts/advertisers';
import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorBox,
  PageHeader,
  SkeletonList,
  isAdvertiser,
  isApiError,
  useCurrentUser,
  useSession,
} from '@app/platform';
import { useEffect, useRef, useState } from 'react';
import { useAdvertiserDashboard, useSuggestedContent } from './api/advertiser-api';
import { BrandProfileDialog } from './components/brand-profile-dialog';
import { CouponsSection, IncentiveHighlights } from './components/incentives';
import { PaymentProviderList } from './components/payment-providers';
import { PlanCard } from './components/plan-card';
import {
  ActivityChart,
  BrandHeader,
  PerformanceTable,
  RecentDrops,
  StatCards,
  SuggestedContentList,
  WeeklyAllocation,
} from './components/dashboard-sections';
import { useRealtimeRefresh } from './use-realtime-refresh';

const BECOME_ADVERTISER_MESSAGE =
  'Create drops, sponsor content and follow your results on the advertiser dashboard. ' +
  'Becoming an advertiser is free and keeps your plan.';

/** What a non-advertiser sees at /advertiser (spec 3 §2), and what a 403 from the dashboard falls back to. */
export function BecomeAdvertiserScreen() {
  return (
    <div className="ui-stack">
      <PageHeader title="Become an Advertiser" />
      <EmptyState
        title="Advertiser tools are for advertisers"
        message={BECOME_ADVERTISER_MESSAGE}
        action={<ButtonLink to="/advertiser/onboarding">Become an Advertiser</ButtonLink>}
      />
    </div>
  );
}

export interface AdvertiserDashboardPageProps {
  /** Sends the browser to the provider's checkout after a paid plan is chosen (tests pass a spy). */
  leaveFor?(url: string): void;
}

/** /advertiser: the advertiser dashboard, refreshed in real time (tab visible, route change, #converted). */
export function AdvertiserDashboardPage({ leaveFor }: AdvertiserDashboardPageProps = {}) {
  const user = useCurrentUser();
  const advertiser = isAdvertiser(user);
  const dashboard = useAdvertiserDashboard(advertiser);
  const suggested = useSuggestedContent(advertiser);
  const [editingBrand, setEditingBrand] = useState(false);

  useRealtimeRefresh(() => {
    if (!advertiser) return;
    void dashboard.refetch();
    void suggested.refetch();
  });

  // The server says who is an advertiser: a 403 means the session's user is stale (another tab changed it).
  const forbidden = dashboard.isError && isApiError(dashboard.error) && dashboard.error.status === 403;
  useRefreshSessionOnce(forbidden);

  if (!advertiser || forbidden) return <BecomeAdvertiserScreen />;

  if (dashboard.isPending) return <SkeletonList label="Loading dashboard" rows={6} />;
  if (dashboard.isError) {
    return (
      <div className="ui-stack">
        <ErrorBox
          title={ADVERTISER_MESSAGES.dashboardLoadFailed}
          message={dashboard.error.message}
          onRetry={() => window.location.reload()}
          retryLabel="Refresh Page"
        />
      </div>
    );
  }
  const data = dashboard.data.data;
  return (
    <div className="ui-stack">
      <PageHeader title="Advertiser Dashboard" actions={<ButtonLink to="/campaigns">Campaigns</ButtonLink>} />
      <BrandHeader
        brand={data.brand}
        fallbackName={user.display_name ?? user.username ?? 'Your brand'}
        tier={data.user_tier}
        onEdit={() => setEditingBrand(true)}
      />
      {editingBrand ? <BrandProfileDialog open onOpenChange={setEditingBrand} brand={data.brand} /> : null}
      <div className="ui-grid">
        <PlanCard tier={data.user_tier} leaveFor={leaveFor} />
        <PaymentProviderList />
        <IncentiveHighlights />
      </div>
      <StatCards analytics={data.analytics} />
      <div className="ui-grid">
        <WeeklyAllocation inventory={data.monthly_inventory} tier={data.user_tier} />
        <ActivityChart daily={data.daily} />
      </div>
      <CouponsSection />
      <RecentDrops drops={data.drops} tier={data.user_tier} />
      <PerformanceTable drops={data.drops} />
      <SuggestedContentCard suggested={suggested} />
      <p className="ui-muted">
        Figures of the last 30 days, refreshed when you come back to this tab.{' '}
        <Button variant="ghost" onClick={() => void dashboard.refetch()}>
          Refresh now
        </Button>
      </p>
    </div>
  );
}

/** Reloads the session's user the first time `stale` turns true (once per mount, however often it flips). */
function useRefreshSessionOnce(stale: boolean) {
  const session = useSession();
  const refreshedUser = useRef(false);
  useEffect(() => {
    if (!stale || refreshedUser.current) return;
    refreshedUser.current = true;
    void session.refresh();
  }, [stale, session]);
}

function SuggestedContentCard({ suggested }: { suggested: ReturnType<typeof useSuggestedContent> }) {
  return (
    <Card title="Suggested content to sponsor">
      {suggested.isPending ? (
        <SkeletonList label="Loading suggestions" />
      ) : suggested.isError ? (
        <ErrorBox
          message={`Failed to load suggestions: ${suggested.error.message}`}
          onRetry={() => void suggested.refetch()}
        />
      ) : (
        <SuggestedContentList items={suggested.data.data} />
      )}
    </Card>
  );
}
