import { apiClient, notificationKeys, useSession } from '@app/platform';
import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationsResponse,
  getNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
} from '@app/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export { NOTIFICATION_TYPES };
export type AppNotification = Notification;
export type NotificationFeed = NotificationsResponse;

/** The server's unread count (it persists per user, beyond the page it sent). */
export function unreadCount(feed: NotificationFeed): number {
  return feed.unread_count;
}

export function useNotifications() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.feed(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => apiClient().call(getNotificationsRoute, { signal }),
    enabled: user !== null,
    refetchInterval: 30_000,
  });
}

function markedRead(feed: NotificationFeed, ids: ReadonlySet<string> | 'all'): NotificationFeed {
  let newlyRead = 0;
  const notifications = feed.notifications.map((notification) => {
    if (notification.read || (ids !== 'all' && !ids.has(notification.id))) return notification;
    newlyRead += 1;
    return { ...notification, read: true };
  });
  return { notifications, unread_count: ids === 'all' ? 0 : Math.max(0, feed.unread_count - newlyRead) };
}

/** Mark one read, or all: the badge drops at once, and the server's answer is fetched again afterwards. */
export function useMarkNotificationsRead() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = notificationKeys.feed(user?.id ?? 'anonymous');
  return useMutation({
    mutationFn: (target: { id: string } | 'all') =>
      target === 'all'
        ? apiClient().call(markAllNotificationsReadRoute)
        : apiClient().call(markNotificationReadRoute, { params: { id: target.id } }),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationFeed>(key);
      if (previous)
        queryClient.setQueryData(key, markedRead(previous, target === 'all' ? 'all' : new Set([target.id])));
      return { previous };
    },
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
