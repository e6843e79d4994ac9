import { ButtonLink, Card, formatBalance } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { usePositions } from '../api/growth-api';
import { portfolioValue } from './overview-tab';
import '../growth-hub.css';

/**
 * The wallet's Staking Rewards block (issue 12) with the real figures: gems staked, rewards earned so far and the
 * number of stakes, from the user's own positions; the button opens the Growth Channels. For the wallet page to place.
 */
export function StakingSummary() {
  const positions = usePositions();
  return (
    <Card title="Staking Rewards">
      <QueryView query={positions} loadingLabel="Loading stakes">
        {(list) => {
          const value = portfolioValue(list, []);
          return (
            <div className="ui-stack">
              <dl className="growth-facts" aria-label="Staking figures">
                <dt>Staked</dt>
                <dd>{formatBalance(value.staked)} gems</dd>
                <dt>Earned so far</dt>
                <dd>{formatBalance(value.earned)} gems</dd>
                <dt>Active stakes</dt>
                <dd>{list.length}</dd>
              </dl>
              <ButtonLink to="/growth-hub">{list.length === 0 ? 'Start Staking' : 'Manage stakes'}</ButtonLink>
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
