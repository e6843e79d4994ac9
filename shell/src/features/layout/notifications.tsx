import { Button, CountBadge, EmptyState, apiClient, formatRelativeTime, useSession } from '@app/platform';
import { Dialog, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';

const notificationSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    type: z.string().optional().nullable(),
    title: z.string(),
    message: z.string().optional().nullable(),
    timestamp: z.string().optional().nullable(),
    created_at: z.string().optional().nullable(),
    read: z.boolean().optional().nullable(),
    actionUrl: z.string().optional().nullable(),
    action_url: z.string().optional().nullable(),
  })
  .loose()
  .transform((notification) => ({
    id: notification.id,
    title: notification.title,
    message: notification.message ?? '',
    timestamp: notification.timestamp ?? notification.created_at ?? null,
    read: notification.read ?? false,
    actionUrl: notification.actionUrl ?? notification.action_url ?? null,
  }));

const notificationsSchema = z.union([z.array(notificationSchema), z.object({ notifications: z.array(notificationSchema) }).transform((body) => body.notifications)]);
export type AppNotification = z.output<typeof notificationSchema>;

/** Read marks persist per user in this browser (the spec keeps the unread count per user). */
function readMarksKey(userId: string): string {
  return `notifications-read:${userId}`;
}

function loadReadMarks(userId: string): Set<string> {
  try {
    return new Set(JSON.parse(window.localStorage.getItem(readMarksKey(userId)) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function saveReadMarks(userId: string, ids: Set<string>): void {
  try {
    window.localStorage.setItem(readMarksKey(userId), JSON.stringify([...ids]));
  } catch {
    // Not persisted; the marks still hold for this page view.
  }
}

export function unreadCount(notifications: readonly AppNotification[], readMarks: ReadonlySet<string>): number {
  return notifications.filter((notification) => !notification.read && !readMarks.has(notification.id)).length;
}

export function NotificationsButton() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const userId = user?.id ?? 'anonymous';
  const [readMarks, setReadMarks] = useState(() => loadReadMarks(userId));
  const query = useQuery({
    queryKey: ['notifications', userId],
    queryFn: ({ signal }) => apiClient().get('/api/notifications', { schema: notificationsSchema, signal }),
    enabled: user !== null,
    refetchInterval: 60_000,
  });
  const notifications = query.data ?? [];
  const unread = unreadCount(notifications, readMarks);

  const markRead = (ids: string[]) => {
    const next = new Set(readMarks);
    ids.forEach((id) => next.add(id));
    setReadMarks(next);
    saveReadMarks(userId, next);
  };

  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        <CountBadge count={unread} label={`${unread} unread`} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Notifications">
        <QueryView
          query={query}
          empty={<EmptyState title="No notifications" message="You are all caught up." />}
          unavailable={<EmptyState title="No notifications" message="Notifications are not available on this server yet." />}
        >
          {(items) => (
            <>
              <div className="ui-row notifications__actions">
                <Button variant="ghost" size="small" disabled={unread === 0} onClick={() => markRead(items.map((item) => item.id))}>
                  Mark all as read
                </Button>
              </div>
              <ul className="ui-list">
                {items.map((item) => {
                  const isUnread = !item.read && !readMarks.has(item.id);
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        className={`notification ${isUnread ? 'notification--unread' : ''}`}
                        onClick={() => {
                          markRead([item.id]);
                          if (item.actionUrl?.startsWith('/')) {
                            setOpen(false);
                            navigate(item.actionUrl);
                          }
                        }}
                      >
                        <strong>{item.title}</strong>
                        {isUnread ? <span className="ui-visually-hidden"> (unread)</span> : null}
                        <span>{item.message}</span>
                        {item.timestamp ? <small className="ui-muted">{formatRelativeTime(item.timestamp)}</small> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </QueryView>
      </Dialog>
    </>
  );
}
