import type { StoredEvent } from '@app/event-store';
import { AggregateStreams } from '../../../platform/event-sourcing/aggregate-stream';
import {
  AllNotificationsReadSchema,
  NotificationReadSchema,
  evolveInbox,
  initialInbox,
  type InboxEvent,
  type InboxState,
} from '../domain/inbox';

function parseInboxEvent(stored: Pick<StoredEvent, 'type' | 'data'>): InboxEvent {
  switch (stored.type) {
    case 'NotificationRead':
      return { type: 'NotificationRead', data: NotificationReadSchema.parse(stored.data) };
    case 'AllNotificationsRead':
      return { type: 'AllNotificationsRead', data: AllNotificationsReadSchema.parse(stored.data) };
  }
  throw new Error(`Not a notification inbox event: ${stored.type}`);
}

/** A user's inbox stream `notification-inbox-<userId>`: what they have read. */
export const inboxStreams = new AggregateStreams<InboxState, InboxEvent>({
  streamPrefix: 'notification-inbox-',
  initial: initialInbox,
  evolve: evolveInbox,
  parse: parseInboxEvent,
});
