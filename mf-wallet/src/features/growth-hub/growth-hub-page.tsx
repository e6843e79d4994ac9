import { Button, PageHeader, canOpenAccountDialogs, formatBalance, openAccountDialog } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { useMyShield, usePledges, usePositions } from './api/growth-api';
import { ChannelsTab } from './components/channels-tab';
import { EconomyTab } from './components/economy-tab';
import { FundingTab } from './components/funding-tab';
import { OverviewTab, portfolioValue } from './components/overview-tab';
import { ShieldTab } from './components/shield-tab';
import './growth-hub.css';

/** The portfolio value header: from the user's real positions, pledges and shield (nothing until they load). */
function PortfolioHeader() {
  const positions = usePositions();
  const pledges = usePledges();
  const shield = useMyShield();
  if (!positions.data || !pledges.data)
    return (
      <p className="ui-muted" aria-live="polite">
        Loading your portfolio…
      </p>
    );
  const value = portfolioValue(positions.data, pledges.data);
  const subscription = shield.data?.subscription;
  const covered = subscription && (subscription.status === 'active' || subscription.status === 'cancelled');
  return (
    <section className="growth-portfolio" aria-label="Portfolio value">
      <div>
        <span className="ui-muted">Portfolio value</span>
        <strong className="growth-figure">{formatBalance(value.total)} gems</strong>
      </div>
      <dl className="growth-facts">
        <dt>Staked</dt>
        <dd>{formatBalance(value.staked)}</dd>
        <dt>Earned</dt>
        <dd>{formatBalance(value.earned)}</dd>
        <dt>Pledged</dt>
        <dd>{formatBalance(value.pledged)}</dd>
        <dt>Shield</dt>
        <dd>
          {covered ? `${subscription.policy_name} (${formatBalance(subscription.coverage_amount)} gems)` : 'None'}
        </dd>
      </dl>
    </section>
  );
}

/** Spec 3 names a Referral Program modal in the Growth Hub; the shell owns it (hidden when running standalone). */
function ReferralProgramButton() {
  if (!canOpenAccountDialogs()) return null;
  return (
    <Button variant="secondary" onClick={() => openAccountDialog('referral-program')}>
      Referral Program
    </Button>
  );
}

export function GrowthHubPage() {
  return (
    <div className="ui-stack">
      <PageHeader
        title="Growth Hub"
        subtitle="Stake gems, back creators and insure your social income"
        actions={<ReferralProgramButton />}
      />
      <PortfolioHeader />
      <Tabs
        label="Growth Hub"
        items={[
          { value: 'overview', label: 'Overview', content: <OverviewTab /> },
          { value: 'channels', label: 'Growth Channels', content: <ChannelsTab /> },
          { value: 'funding', label: 'Creator Funding', content: <FundingTab /> },
          { value: 'shield', label: 'Social Shield', content: <ShieldTab /> },
          { value: 'economy', label: 'Platform Economy', content: <EconomyTab /> },
        ]}
      />
    </div>
  );
}
