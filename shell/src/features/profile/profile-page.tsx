import { Card, EmptyState, PageHeader, apiClient, formatBalance, formatCount, profileSlug, useCurrentUser } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { z } from 'zod';
import { ProfileAccountPanel } from '../account-actions';

const publicProfileSchema = z
  .object({
    user: z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        username: z.string().optional().nullable(),
        display_name: z.string().optional().nullable(),
        user_type: z.string().optional().nullable(),
        level: z.number().optional().nullable(),
        follower_count: z.number().optional().nullable(),
        bio: z.string().optional().nullable(),
      })
      .loose(),
    leaderboard_position: z.number().optional().nullable(),
  })
  .loose();

/** A profile: your own from the session, anyone else's from the public profile endpoint. */
export default function ProfilePage() {
  const me = useCurrentUser();
  const { username, id } = useParams();
  const isMe = !id && (username === 'me' || username === profileSlug(me) || username === me.username);
  const path = id ? `/api/users/public/id/${encodeURIComponent(id)}` : `/api/users/public/${encodeURIComponent(username ?? '')}`;
  const query = useQuery({
    queryKey: ['public-profile', path],
    queryFn: ({ signal }) => apiClient().get(path, { schema: publicProfileSchema, signal }),
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
          <PageHeader title={user.display_name || user.username || 'Profile'} subtitle={`@${user.username ?? user.id}${user.user_type ? ` · ${user.user_type}` : ''}`} />
          <Card>
            {user.bio ? <p>{user.bio}</p> : null}
            <p>
              {typeof user.level === 'number' ? `Level ${user.level}` : null}
              {typeof user.follower_count === 'number' ? ` · ${formatCount(user.follower_count)} followers` : null}
              {typeof leaderboard_position === 'number' ? ` · #${leaderboard_position} on the leaderboard` : null}
            </p>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
