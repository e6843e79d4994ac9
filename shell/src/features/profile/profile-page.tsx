import { Card, EmptyState, PageHeader, apiClient, formatBalance, formatCount, profileSlug, useCurrentUser, userKeys } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PublicProfileResponseSchema } from '@app/contracts/identity';
import { ProfileAccountPanel } from '../account-actions';

/** A profile: your own from the session, anyone else's from the public profile endpoint. */
export default function ProfilePage() {
  const me = useCurrentUser();
  const { username, id } = useParams();
  const isMe = !id && (username === 'me' || username === profileSlug(me) || username === me.username);
  const path = id ? `/api/users/public/id/${encodeURIComponent(id)}` : `/api/users/public/${encodeURIComponent(username ?? '')}`;
  const query = useQuery({
    queryKey: userKeys.publicProfile(path),
    queryFn: ({ signal }) => apiClient().get(path, { schema: PublicProfileResponseSchema, signal }),
    enabled: !isMe,
  });

  if (isMe) {
    return (
      <div className="ui-stack">
        <PageHeader title={me.display_name || me.username || 'Your profile'} subtitle={`@${me.username ?? profileSlug(me)} · ${me.user_type} · ${me.user_tier} tier`} />
        <Card title="Balances">
          <p>
            {formatBalance(me.points_balance)} points · {formatBalance(me.keys_balance)} keys · {formatBalance(me.gems_balance)} gems · {formatBalance(me.gold_collected)} gold
          </p>
        </Card>
        <ProfileAccountPanel />
      </div>
    );
  }
  return (
    <QueryView query={query} unavailable={<EmptyState title="Profile not found" message="No one with that name is on the platform." />}>
      {({ user, leaderboard_position }) => (
        <div className="ui-stack">
          <PageHeader title={user.display_name || user.username || 'Profile'} subtitle={`@${user.username} · ${user.user_type}`} />
          <Card>
            {user.bio ? <p>{user.bio}</p> : null}
            <p>
              {user.user_tier} tier
              {leaderboard_position ? ` · #${formatCount(leaderboard_position.daily_rank)} on today's leaderboard` : null}
            </p>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
