import type { NotificationType } from '@app/contracts/notifications';

/** A notification about to be stored; `key` makes its id, so replaying an event never notifies twice. */
export interface NotificationDraft {
  key: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  actionUrl: string | null;
}
