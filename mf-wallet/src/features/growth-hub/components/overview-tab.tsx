import { Card, EmptyState, formatBalance } from '@app/platform';
import { QueryView, sumAmounts } from '@app/platform/app';
import type { PledgeView, StakingPosition } from '@app/contracts/growth';
import { useMyShield, usePledges, usePositions } from '../api/growth-api';
import { PositionsList } from './channels-tab';
import { formatDate } from './projection';

/** The portfolio's value: stakes with their rewards so far, plus pledges still held (exact gem sums). */
export function portfolioValue(positions: readonly StakingPosition[], pledges: readonly PledgeView[]) {
  const staked = sumAmounts(
    positions.map((position) => position.amount),
    'gems',
  );
  const earned = sumAmounts(
    positions.map((position) => position.earned_so_far),
    'gems',
  );
  const pledged = sumAmounts(
    pledges.filter((pledge) => pledge.status === 'held').map((pledge) => pledge.amount),
    'gems',
  );
  return { staked, earned, pledged, total: sumAmounts([staked, earned, pledged], 'gems') };
}

const PLEDGE_STATUS = {
  held: 'Held until the deadline',
  paid_to_creator: 'Paid to the creator',
  returned: 'Returned to you',
} as const;

export function OverviewTab() {
  const positions = usePositions();
  const pledges = usePledges();
  const shield = useMyShield();
  return (
    <div className="ui-stack">
      <Card title="Your stakes">
        <QueryView query={positions} loadingLabel="Loading stakes">
          {(list) => <PositionsList positions={list} />}
        </QueryView>
      </Card>
      <Card title="Your pledges">
        <QueryView
          query={pledges}
          empty={<EmptyState title="No pledges yet" message="Back a creator's project from Creator Funding." />}
          loadingLabel="Loading pledges"
        >
          {(list) => (
            <ul className="ui-list" aria-label="Your pledges">
              {list.map((pledge) => (
                <li key={pledge.id} className="ui-list__item">
                  <strong>{pledge.project_title}</strong> · {formatBalance(pledge.amount)} gems ·{' '}
                  {PLEDGE_STATUS[pledge.status]}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Social Shield">
        <QueryView query={shield} loadingLabel="Loading shield">
          {(data) =>
            data.subscription ? (
              <p>
                {data.subscription.policy_name} · {data.subscription.status} · coverage{' '}
                {formatBalance(data.subscription.coverage_amount)} gems until {formatDate(data.subscription.period_end)}
              </p>
            ) : (
              <p className="ui-muted">No shield yet: protect your social income from the Social Shield tab.</p>
            )
          }
        </QueryView>
      </Card>
    </div>
  );
}
