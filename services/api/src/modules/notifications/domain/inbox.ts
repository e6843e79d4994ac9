import { z } from 'zod';

/**
 * What a user has read (stream `notification-inbox-<userId>`): single notifications and "everything up to this
 * instant". The unread count is derived from it and the notifications projection, so it persists per user.
 */
export const NotificationReadSchema = z.object({ userId: z.string(), notificationId: z.string(), readAt: z.string() });
export const AllNotificationsReadSchema = z.object({ userId: z.string(), readAt: z.string() });

export type InboxEvent =
  | { type: 'NotificationRead'; data: z.infer<typeof NotificationReadSchema> }
  | { type: 'AllNotificationsRead'; data: z.infer<typeof AllNotificationsReadSchema> };

export interface InboxState {
  readIds: ReadonlySet<string>;
  /** Notifications created at or before this instant are read. */
  allReadBefore: string | null;
}

export const initialInbox = (): InboxState => ({ readIds: new Set(), allReadBefore: null });

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationRead':
      return { ...state, readIds: new Set([...state.readIds, event.data.notificationId]) };
    case 'AllNotificationsRead':
      // Ids read one by one before this point are covered by the instant now; keep the set small.
      return { readIds: new Set(), allReadBefore: event.data.readAt };
  }
}

export function isRead(state: InboxState, notification: { id: string; createdAt: Date }): boolean {
  if (state.readIds.has(notification.id)) return true;
  return state.allReadBefore !== null && notification.createdAt.getTime() <= Date.parse(state.allReadBefore);
}

/** Marking an already read notification read again records nothing. */
export function decideMarkRead(
  state: InboxState,
  userId: string,
  notification: { id: string; createdAt: Date },
  now: string,
): InboxEvent[] {
  return isRead(state, notification)
    ? []
    : [{ type: 'NotificationRead', data: { userId, notificationId: notification.id, readAt: now } }];
}

export function decideMarkAllRead(userId: string, now: string): InboxEvent[] {
  return [{ type: 'AllNotificationsRead', data: { userId, readAt: now } }];
}
