import { Card, Chart, formatBalance, formatCount } from '@app/platform';
import { QueryView } from '@app/platform/app';
import type { PlatformEconomy } from '@app/contracts/growth';
import { useEconomy } from '../api/growth-api';

function Economy({ economy }: { economy: PlatformEconomy }) {
  const stakingRewarded = formatBalance(economy.staking_rewards_accrued);
  return (
    <div className="ui-stack">
      <div className="growth-grid">
        <Card title="Staking">
          <p className="growth-figure">{formatBalance(economy.total_staked)} gems</p>
          <p className="ui-muted">
            {formatCount(economy.active_positions)} active stakes · {stakingRewarded} gems rewarded
          </p>
        </Card>
        <Card title="Creator funding">
          <p className="growth-figure">{formatBalance(economy.total_pledged)} gems pledged</p>
          <p className="ui-muted">
            {formatCount(economy.active_projects)} open projects · {formatBalance(economy.funded_total)} gems paid to
            funded creators
          </p>
        </Card>
        <Card title="Social Shield">
          <p className="growth-figure">{formatBalance(economy.insured_coverage)} gems insured</p>
          <p className="ui-muted">
            {formatCount(economy.active_subscriptions)} subscriptions · {formatBalance(economy.premiums_collected)}{' '}
            premiums · {formatBalance(economy.claims_paid)} paid in claims
          </p>
        </Card>
      </div>
      <Card title="Gems in the Growth Hub">
        <Chart
          kind="bar"
          title="Gems in the Growth Hub"
          series={[
            {
              name: 'Gems',
              points: [
                { x: 'Staked', y: economy.total_staked },
                { x: 'Pledged', y: economy.total_pledged },
                { x: 'Insured', y: economy.insured_coverage },
                { x: 'Rewards', y: economy.staking_rewards_accrued },
              ],
            },
          ]}
          formatY={formatBalance}
        />
      </Card>
      <Card title="Issued per currency">
        <table className="growth-table">
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Issued</th>
            </tr>
          </thead>
          <tbody>
            {economy.issued.map((row) => (
              <tr key={row.currency}>
                <td>{row.currency}</td>
                <td>{formatBalance(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}

export function EconomyTab() {
  const economy = useEconomy();
  return (
    <QueryView query={economy} loadingLabel="Loading the platform economy">
      {(data) => <Economy economy={data} />}
    </QueryView>
  );
}
