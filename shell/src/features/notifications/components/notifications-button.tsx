import { Button, CountBadge, EmptyState, ErrorBox, SkeletonList, formatRelativeTime } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { Bell, Gift, Info, type LucideIcon, TriangleAlert, Trophy, Users } from '@app/platform/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import '../notifications.css';
import { type AppNotification, unreadCount, useMarkNotificationsRead, useNotifications } from '../api/notifications';

const typeIcons: Record<AppNotification['type'], LucideIcon> = {
  achievement: Trophy,
  reward: Gift,
  system: Info,
  social: Users,
  warning: TriangleAlert,
};

function TypeIcon({ type }: { type: AppNotification['type'] }) {
  const Icon = typeIcons[type] ?? Info;
  return <Icon size={16} className="notification__icon" />;
}

/** The header's bell: unread badge capped at 9+, and the panel with mark read and mark all as read. */
export function NotificationsButton() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const feed = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = feed.data ? unreadCount(feed.data) : 0;

  const openNotification = (notification: AppNotification) => {
    if (!notification.read) markRead.mutate({ id: notification.id });
    if (notification.actionUrl?.startsWith('/')) {
      setOpen(false);
      navigate(notification.actionUrl);
    }
  };

  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => setOpen(true)}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell size={20} />
        <CountBadge count={unread} label={`${unread} unread`} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Notifications">
        {feed.isPending ? (
          <SkeletonList rows={3} label="Loading notifications" />
        ) : feed.isError ? (
          <ErrorBox message={`Failed to load data: ${feed.error.message}`} onRetry={() => void feed.refetch()} />
        ) : feed.data.notifications.length === 0 ? (
          <EmptyState title="No notifications" message="You are all caught up." icon={<Bell size={40} />} />
        ) : (
          <>
            <div className="ui-row notifications__actions">
              <Button variant="ghost" size="small" disabled={unread === 0} onClick={() => markRead.mutate('all')}>
                Mark all as read
              </Button>
            </div>
            <ul className="ui-list" aria-label="Notifications">
              {feed.data.notifications.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={`notification ${notification.read ? '' : 'notification--unread'}`}
                    onClick={() => openNotification(notification)}
                  >
                    <span className="notification__meta">
                      <strong>
                        <TypeIcon type={notification.type} /> {notification.title}
                        {notification.read ? null : <span className="ui-visually-hidden"> (unread)</span>}
                      </strong>
                      {notification.timestamp ? (
                        <small className="ui-muted">{formatRelativeTime(notification.timestamp)}</small>
                      ) : null}
                    </span>
                    {notification.message ? <span>{notification.message}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
