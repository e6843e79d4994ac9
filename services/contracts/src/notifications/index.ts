import { z } from 'zod';
import { defineRoute } from '../http/route';

export const NOTIFICATION_TYPES = ['achievement', 'reward', 'system', 'social', 'warning'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    timestamp: z.string(),
    read: z.boolean(),
    data: z.record(z.string(), z.unknown()),
    actionUrl: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const NotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  unread_only: z.enum(['true', 'false']).optional(),
});

export const UnreadCountResponseSchema = z.object({ unread_count: z.number().int() });
export const NotificationParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const MarkReadResponseSchema = z.object({ success: z.literal(true), unread_count: z.number().int() });

export const NOTIFICATION_MESSAGES = { notFound: 'Notification not found' } as const;

export const getNotificationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/notifications',
  summary: "The signed-in user's notifications, newest first, with the unread count",
  tags: ['notifications'],
  request: { query: NotificationsQuerySchema },
  responses: { 200: NotificationsResponseSchema },
});

export const getUnreadCountRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/notifications/unread-count',
  summary: 'The unread count for the bell badge',
  tags: ['notifications'],
  responses: { 200: UnreadCountResponseSchema },
});

export const markNotificationReadRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/notifications/:id/read',
  summary: 'Marks one notification read',
  tags: ['notifications'],
  request: { params: NotificationParamsSchema },
  responses: { 200: MarkReadResponseSchema },
});

export const markAllNotificationsReadRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/notifications/read-all',
  summary: 'Marks every notification so far read',
  tags: ['notifications'],
  responses: { 200: MarkReadResponseSchema },
});
