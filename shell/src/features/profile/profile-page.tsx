import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorBox,
  SkeletonList,
  apiClient,
  formatBalance,
  formatCount,
  isAdvertiser,
  isApiError,
  profileSlug,
  useCurrentUser,
  userKeys,
} from '@app/platform';
import { Tabs, type TabItem } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  PROFILE_MESSAGES,
  publicProfileByIdRoute,
  publicProfileByUsernameRoute,
  type PublicProfileResponse,
  type PublicUserView,
} from '@app/contracts/identity';
import { ProfileAccountPanel } from '../account-actions';
import { EditProfileDialog } from './edit-profile-dialog';
import { AchievementsTab, ApplicationsTab, ContentTab, DropsCreatedTab, EarningsCard } from './profile-tabs';
import { EarnedBadges, PublicHoldings } from './public-holdings';
import './profile.css';

type ProfileUser = Pick<
  PublicUserView,
  | 'id'
  | 'username'
  | 'display_name'
  | 'bio'
  | 'avatar_url'
  | 'banner_url'
  | 'website_url'
  | 'social_links'
  | 'user_type'
  | 'user_tier'
>;

function ProfileHeader({ user, actions, extra }: { user: ProfileUser; actions?: ReactNode; extra?: ReactNode }) {
  const links = Object.entries(user.social_links ?? {}).filter(
    ([, handle]) => typeof handle === 'string' && handle !== '',
  );
  return (
    <header className="profile-header">
      {user.banner_url ? (
        <img className="profile-header__banner" src={user.banner_url} alt="" />
      ) : (
        <div className="profile-header__banner profile-header__banner--empty" />
      )}
      <div className="profile-header__body">
        {user.avatar_url ? <img className="profile-avatar profile-avatar--large" src={user.avatar_url} alt="" /> : null}
        <div className="ui-stack">
          <h1 className="profile-header__name">{user.display_name || user.username}</h1>
          <p className="ui-row ui-muted">
            @{user.username} <Badge>{user.user_type}</Badge> <Badge tone="accent">{user.user_tier} tier</Badge>
          </p>
          {extra}
        </div>
        {actions ? <div className="ui-row profile-header__actions">{actions}</div> : null}
      </div>
      {user.bio ? <p className="profile-header__bio">{user.bio}</p> : null}
      {user.website_url || links.length > 0 ? (
        <p className="ui-row">
          {user.website_url ? (
            <a href={user.website_url} target="_blank" rel="noreferrer noopener">
              {user.website_url}
            </a>
          ) : null}
          {links.map(([platform, handle]) => (
            <span key={platform} className="ui-muted">
              {platform}: {handle}
            </span>
          ))}
        </p>
      ) : null}
    </header>
  );
}

function OwnOverview() {
  const me = useCurrentUser();
  return (
    <div className="ui-stack">
      <EarningsCard totalEarningsUsd={me.total_earnings_usd} />
      <Card title="Balances">
        <p>
          {formatBalance(me.points_balance)} points · {formatBalance(me.keys_balance)} keys ·{' '}
          {formatBalance(me.gems_balance)} gems · {formatBalance(me.gold_collected)} gold
        </p>
        <div className="ui-row">
          <ButtonLink to="/create" size="small">
            Create content
          </ButtonLink>
          <ButtonLink to="/earn" size="small" variant="secondary">
            Find drops
          </ButtonLink>
          {isAdvertiser(me) ? (
            <ButtonLink to="/earn?create=proof" size="small" variant="secondary">
              Create New Drop
            </ButtonLink>
          ) : null}
          <ButtonLink to="/invest/social-forecasts" size="small" variant="ghost">
            Social forecasts
          </ButtonLink>
        </div>
      </Card>
      <PublicHoldings userId={me.id} holderName={me.display_name || me.username || 'You'} isOwner />
      <ProfileAccountPanel />
    </div>
  );
}

function OwnProfile() {
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const tabs: TabItem[] = [
    { value: 'overview', label: 'Overview', content: <OwnOverview /> },
    { value: 'content', label: 'Content', content: <ContentTab creatorId={me.id} isOwn /> },
  ];
  if (isAdvertiser(me))
    tabs.push({ value: 'drops', label: 'Drops Created', content: <DropsCreatedTab creatorId={me.id} isOwn /> });
  tabs.push(
    { value: 'applications', label: 'Applications', content: <ApplicationsTab /> },
    { value: 'achievements', label: 'Achievements', content: <AchievementsTab /> },
  );
  const user = me as unknown as ProfileUser;
  return (
    <div className="ui-stack">
      <ProfileHeader
        user={{ ...user, username: me.username ?? profileSlug(me) ?? 'me' }}
        actions={<Button onClick={() => setEditing(true)}>Edit Profile</Button>}
        extra={
          typeof me.follower_count === 'number' ? (
            <span className="ui-muted">{formatCount(me.follower_count)} followers</span>
          ) : null
        }
      />
      <Tabs label="Your profile" items={tabs} />
      <EditProfileDialog open={editing} onOpenChange={setEditing} />
    </div>
  );
}

/** Today's leaderboard place, or that there is none yet. */
function leaderboardLine(position: PublicProfileResponse['leaderboard_position']): string {
  if (!position) return 'Not on today\u2019s leaderboard yet.';
  return `#${formatCount(position.daily_rank)} on today's leaderboard · score ${formatCount(position.composite_score)}`;
}

/** A public profile's Overview tab: since when they are a member, their leaderboard place, and their holdings. */
function PublicOverview({ profile, holderName }: { profile: PublicProfileResponse; holderName: string }) {
  const { user, leaderboard_position: position } = profile;
  return (
    <div className="ui-stack">
      <Card title="Overview">
        <p>Member since {new Date(user.created_at).toLocaleDateString()}</p>
        <p>{leaderboardLine(position)}</p>
      </Card>
      <PublicHoldings userId={user.id} holderName={holderName} isOwner={false} />
    </div>
  );
}

/** Someone's public profile, by user id (`/users/id/:id`) or by username or slug. */
function PublicProfile({ by }: { by: { id: string } | { username: string } }) {
  const query = useQuery({
    queryKey: userKeys.publicProfile('id' in by ? `id/${by.id}` : by.username),
    queryFn: ({ signal }) =>
      'id' in by
        ? apiClient().call(publicProfileByIdRoute, { params: { id: by.id }, signal })
        : apiClient().call(publicProfileByUsernameRoute, { params: { username: by.username }, signal }),
    retry: false,
  });
  if (query.isPending) return <SkeletonList label="Loading profile" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          title="User Not Found"
          message={PROFILE_MESSAGES.userNotFound}
          action={<ButtonLink to="/">Go to the home page</ButtonLink>}
        />
      );
    }
    return (
      <ErrorBox
        title="Could not load this profile"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { user } = query.data;
  const name = user.display_name || user.username;
  const tabs: TabItem[] = [
    {
      value: 'overview',
      label: 'Overview',
      content: <PublicOverview profile={query.data} holderName={name} />,
    },
    { value: 'content', label: 'Content', content: <ContentTab creatorId={user.id} isOwn={false} /> },
  ];
  if (isAdvertiser(user))
    tabs.push({
      value: 'drops',
      label: 'Drops Created',
      content: <DropsCreatedTab creatorId={user.id} isOwn={false} />,
    });
  tabs.push({
    value: 'achievements',
    label: 'Achievements',
    content: <EarnedBadges userId={user.id} holderName={name} />,
  });
  return (
    <div className="ui-stack">
      <ProfileHeader user={user} />
      <Tabs label={`${user.display_name || user.username}'s profile`} items={tabs} />
      <p>
        <Link to="/leaderboard">See the leaderboard</Link>
      </p>
    </div>
  );
}

/** A profile: your own (tabs, earnings, referral, influence rewards, Edit Profile) or anyone else's public one. */
export default function ProfilePage() {
  const me = useCurrentUser();
  const { username, id } = useParams();
  const isMe = id ? id === me.id : username === 'me' || username === profileSlug(me) || username === me.username;
  if (isMe) return <OwnProfile />;
  return <PublicProfile by={id ? { id } : { username: username ?? '' }} />;
}
