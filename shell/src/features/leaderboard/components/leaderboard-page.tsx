import { EmptyState, PageHeader, SkeletonList, formatBalance } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { Crown, Medal } from '@app/platform/icons';
import { Link } from 'react-router';
import '../leaderboard.css';
import {
  LEADERBOARD_PERIODS,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  SCORE_WEIGHTS,
  formatScore,
  leaderboardTotals,
  useLeaderboard,
} from '../api/leaderboard';

const medalColours = ['#d4a017', '#9ca3af', '#b0703c'];
const topNames = ['First place', 'Second place', 'Third place'];
const formula =
  `Score = points × ${SCORE_WEIGHTS.points.toFixed(2)} + gems × ${SCORE_WEIGHTS.gems.toFixed(2)} ` +
  `+ keys × ${SCORE_WEIGHTS.keys.toFixed(2)} + gold × ${SCORE_WEIGHTS.gold.toFixed(2)}`;

function Board({ period, label }: { period: LeaderboardPeriod; label: string }) {
  const query = useLeaderboard(period);
  if (query.isPending) return <SkeletonList rows={5} label={`Loading ${label} rankings`} />;
  const entries = query.data ?? [];
  if (entries.length === 0)
    return (
      <EmptyState
        title="No Rankings Yet"
        message="Rankings appear as soon as people earn in this period."
        icon={<Crown size={40} />}
      />
    );
  const totals = leaderboardTotals(entries);
  return (
    <div className="leaderboard-layout">
      <ol className="ui-list" aria-label={`${label} rankings`}>
        {entries.map((entry, index) => (
          <Row key={entry.id || index} entry={entry} position={entry.rank} />
        ))}
      </ol>
      <section className="ui-card" aria-labelledby={`totals-${period}`}>
        <h2 className="ui-card__title" id={`totals-${period}`}>
          Totals
        </h2>
        <dl className="account-facts">
          <dt>Ranked</dt>
          <dd>{formatBalance(totals.participants)}</dd>
          <dt>Points earned</dt>
          <dd>{formatBalance(totals.points)}</dd>
          <dt>Gems earned</dt>
          <dd>{formatBalance(totals.gems)}</dd>
          <dt>Keys used</dt>
          <dd>{formatBalance(totals.keys)}</dd>
          <dt>Gold collected</dt>
          <dd>{formatBalance(totals.gold)}</dd>
        </dl>
      </section>
    </div>
  );
}

function Row({ entry, position }: { entry: LeaderboardEntry; position: number }) {
  const name = entry.display_name || entry.username || 'Anonymous';
  const top = position <= 3;
  return (
    <li
      className="ui-list__item leaderboard-row"
      aria-label={`Rank ${position}: ${name}, score ${formatScore(entry.composite_score)}`}
    >
      <span className="leaderboard-row__rank">
        {top ? (
          <span role="img" aria-label={topNames[position - 1]}>
            <Medal size={26} color={medalColours[position - 1]} />
          </span>
        ) : (
          `#${position}`
        )}
      </span>
      <span>
        {entry.username ? <Link to={`/users/${encodeURIComponent(entry.username)}`}>{name}</Link> : name}
        <br />
        <span className="leaderboard-row__figures">
          {formatBalance(entry.points_earned)} points · {formatBalance(entry.gems_earned)} gems ·{' '}
          {formatBalance(entry.keys_used)} keys · {formatBalance(entry.gold_collected)} gold
        </span>
      </span>
      <strong>{formatScore(entry.composite_score)}</strong>
    </li>
  );
}

/** /leaderboard: Today, This Week and This Month, ranked by the composite score. */
export default function LeaderboardPage() {
  return (
    <div className="ui-stack">
      <PageHeader title="Leaderboard" subtitle={formula} />
      <Tabs
        label="Period"
        items={LEADERBOARD_PERIODS.map((period) => ({
          value: period.value,
          label: period.label,
          content: <Board period={period.value} label={period.label} />,
        }))}
      />
    </div>
  );
}
