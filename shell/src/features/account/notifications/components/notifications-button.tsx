import { Button, CountBadge, EmptyState, ErrorBox, SkeletonList, formatRelativeTime } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import '../../shared/account.css';
import { type AppNotification, unreadCount, useMarkNotificationsRead, useNotifications } from '../api/notifications';

const typeIcons: Record<string, string> = { achievement: '🏆', reward: '🎁', system: 'ℹ️', social: '👥', warning: '⚠️' };

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
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <span aria-hidden="true">🔔</span>
        <CountBadge count={unread} label={`${unread} unread`} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Notifications">
        {feed.isPending ? (
          <SkeletonList rows={3} label="Loading notifications" />
        ) : feed.isError ? (
          <ErrorBox message={`Failed to load data: ${feed.error.message}`} onRetry={() => void feed.refetch()} />
        ) : feed.data.notifications.length === 0 ? (
          <EmptyState title="No notifications" message="You are all caught up." icon="🔔" />
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
                  <button type="button" className={`notification ${notification.read ? '' : 'notification--unread'}`} onClick={() => openNotification(notification)}>
                    <span className="notification__meta">
                      <strong>
                        <span aria-hidden="true">{typeIcons[notification.type] ?? typeIcons.system}</span> {notification.title}
                        {notification.read ? null : <span className="ui-visually-hidden"> (unread)</span>}
                      </strong>
                      {notification.timestamp ? <small className="ui-muted">{formatRelativeTime(notification.timestamp)}</small> : null}
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
