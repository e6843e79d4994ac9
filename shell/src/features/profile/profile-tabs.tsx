import { Badge, ButtonLink, Card, EmptyState, formatCount, formatMoney, formatSharePrice } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Link } from 'react-router';
import { achievementState, useAchievements } from '../account-actions/achievements/api/achievements';
import { useCreatedDrops, useCreatorContent, useMyApplications, useMyWallets } from './profile-api';

/** The creator's content, each linking to its page; the owner is offered /create when there is none. */
export function ContentTab({ creatorId, isOwn }: { creatorId: string; isOwn: boolean }) {
  const content = useCreatorContent(creatorId);
  return (
    <QueryView
      query={content}
      loadingLabel="Loading content"
      isEmpty={(page) => page.items.length === 0}
      empty={
        <EmptyState
          title="No content yet"
          message={isOwn ? 'Share a post and earn when people like, tip and fund it.' : 'Nothing published yet.'}
          action={isOwn ? <ButtonLink to="/create">Create content</ButtonLink> : undefined}
        />
      }
    >
      {(page) => (
        <ul className="ui-list" aria-label="Content">
          {page.items.map((item) => (
            <li key={item.id} className="ui-list__item">
              <div className="ui-stack">
                <Link to={`/content/${encodeURIComponent(item.id)}`}>{item.title}</Link>
                <span className="ui-muted">
                  {item.platform} · {formatCount(item.likes_count)} likes · ${formatSharePrice(item.share_price)} a
                  share
                </span>
              </div>
              {item.is_sponsored ? <Badge tone="success">Sponsored</Badge> : null}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

export function DropsCreatedTab({ creatorId, isOwn }: { creatorId: string; isOwn: boolean }) {
  const drops = useCreatedDrops(creatorId, true);
  return (
    <QueryView
      query={drops}
      loadingLabel="Loading drops"
      empty={
        <EmptyState
          title="No drops yet"
          message={isOwn ? 'Post a drop and creators apply to it.' : 'No drops posted yet.'}
          action={isOwn ? <ButtonLink to="/earn?create=proof">Create New Drop</ButtonLink> : undefined}
        />
      }
    >
      {(list) => (
        <ul className="ui-list" aria-label="Drops created">
          {list.map((drop) => (
            <li key={drop.id} className="ui-list__item">
              <Link to={`/task/${encodeURIComponent(drop.id)}`}>{drop.title}</Link>
              <span className="ui-row">
                <Badge>{drop.status}</Badge>
                <span className="ui-muted">{formatCount(drop.total_applications)} applications</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

export function ApplicationsTab() {
  const applications = useMyApplications(true);
  return (
    <QueryView
      query={applications}
      loadingLabel="Loading applications"
      empty={
        <EmptyState
          title="No applications yet"
          message="Apply to drops on the Earn page."
          action={<ButtonLink to="/earn">Browse drops</ButtonLink>}
        />
      }
    >
      {(list) => (
        <ul className="ui-list" aria-label="Applications">
          {list.map((application) => (
            <li key={application.id} className="ui-list__item">
              <Link to={`/task/${encodeURIComponent(application.drop_id)}`}>{application.drop_title}</Link>
              <span className="ui-row">
                <Badge
                  tone={
                    application.status === 'rejected'
                      ? 'danger'
                      : application.status === 'pending'
                        ? 'warning'
                        : 'success'
                  }
                >
                  {application.status}
                </Badge>
                {application.gems_earned > 0 ? (
                  <span className="ui-muted">{formatCount(application.gems_earned)} gems</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

export function AchievementsTab() {
  const achievements = useAchievements();
  return (
    <QueryView
      query={achievements}
      loadingLabel="Loading achievements"
      isEmpty={(data) => data.achievements.length === 0}
      empty={<EmptyState title="No achievements yet" message="Complete actions to unlock them." />}
    >
      {(data) => (
        <ul className="ui-list" aria-label="Achievements">
          {data.achievements.map((achievement) => {
            const state = data.builtIn ? null : achievementState(achievement as Parameters<typeof achievementState>[0]);
            return (
              <li key={achievement.name} className="ui-list__item">
                <div className="ui-stack">
                  <strong>{achievement.name}</strong>
                  <span className="ui-muted">{achievement.description}</span>
                </div>
                {state === null ? (
                  <Badge>progress unknown</Badge>
                ) : (
                  <Badge tone={state === 'completed' ? 'success' : state === 'claimable' ? 'accent' : 'neutral'}>
                    {state}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryView>
  );
}

/** The own profile's earnings: total earned when the API answers it, and every wallet's balance. */
export function EarningsCard({ totalEarningsUsd }: { totalEarningsUsd: number | null | undefined }) {
  const wallets = useMyWallets();
  return (
    <Card title="Earnings">
      {typeof totalEarningsUsd === 'number' ? (
        <p className="ui-stat">
          <span className="ui-stat__label">Total earned</span>
          <span className="ui-stat__value">{formatMoney(totalEarningsUsd)}</span>
        </p>
      ) : null}
      <QueryView query={wallets} loadingLabel="Loading wallets" empty={<p className="ui-muted">No wallets yet.</p>}>
        {(list) => (
          <dl className="profile-facts" aria-label="Wallet balances">
            {list.map((wallet) => (
              <div key={wallet.currency_type}>
                <dt>{wallet.currency_type}</dt>
                <dd>{wallet.currency_type === 'usd' ? formatMoney(wallet.balance) : formatCount(wallet.balance)}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryView>
    </Card>
  );
}
