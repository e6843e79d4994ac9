import { apiClient, useSession } from '@app/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { identifier } from '../../shared/amount';

export const NOTIFICATION_TYPES = ['achievement', 'reward', 'system', 'social', 'warning'] as const;

const notificationSchema = z
  .object({
    id: identifier,
    type: z.string().optional().nullable().transform((value) => value ?? 'system'),
    title: z.string(),
    message: z.string().optional().nullable().transform((value) => value ?? ''),
    timestamp: z.string().optional().nullable(),
    created_at: z.string().optional().nullable(),
    read: z.boolean().optional().nullable(),
    is_read: z.boolean().optional().nullable(),
    data: z.unknown().optional(),
    actionUrl: z.string().optional().nullable(),
    action_url: z.string().optional().nullable(),
  })
  .loose()
  .transform((notification) => ({
    id: notification.id,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    timestamp: notification.timestamp ?? notification.created_at ?? null,
    read: notification.read ?? notification.is_read ?? false,
    data: notification.data,
    actionUrl: notification.actionUrl ?? notification.action_url ?? null,
  }));
export type AppNotification = z.output<typeof notificationSchema>;

const feedSchema = z.union([
  z.array(notificationSchema).transform((notifications) => ({ notifications, unread_count: null as number | null })),
  z
    .object({ notifications: z.array(notificationSchema), unread_count: z.number().int().optional().nullable() })
    .loose()
    .transform((body) => ({ notifications: body.notifications, unread_count: body.unread_count ?? null })),
]);
export type NotificationFeed = z.output<typeof feedSchema>;

/** The server's unread count (it persists per user), else the unread items in the page it sent. */
export function unreadCount(feed: NotificationFeed): number {
  return feed.unread_count ?? feed.notifications.filter((notification) => !notification.read).length;
}

export function notificationsQueryKey(userId: string) {
  return ['notifications', userId] as const;
}

export function useNotifications() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationsQueryKey(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => apiClient().get('/api/notifications', { schema: feedSchema, signal }),
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
  return { notifications, unread_count: ids === 'all' ? 0 : feed.unread_count === null ? null : Math.max(0, feed.unread_count - newlyRead) };
}

/** Mark one read, or all: the badge drops at once, and the server's answer is fetched again afterwards. */
export function useMarkNotificationsRead() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = notificationsQueryKey(user?.id ?? 'anonymous');
  return useMutation({
    mutationFn: (target: { id: string } | 'all') =>
      target === 'all' ? apiClient().post('/api/notifications/read-all', {}) : apiClient().post(`/api/notifications/${encodeURIComponent(target.id)}/read`, {}),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationFeed>(key);
      if (previous) queryClient.setQueryData(key, markedRead(previous, target === 'all' ? 'all' : new Set([target.id])));
      return { previous };
    },
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
