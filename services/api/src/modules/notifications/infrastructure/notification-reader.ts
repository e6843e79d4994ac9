import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Notification, NotificationType } from '@app/contracts/notifications';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { isRead, type InboxState } from '../domain/inbox';

interface NotificationRow {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  action_url: string | null;
  created_at: Date;
}

/** Reads of the notifications projection, each judged read or unread against the user's inbox state. */
@Injectable()
export class NotificationReader {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async unreadCount(userId: string, inbox: InboxState): Promise<number> {
    const result = await this.pool.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM notifications
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at > $2::timestamptz)
          AND NOT (id = ANY($3::text[]))`,
      [userId, inbox.allReadBefore, [...inbox.readIds]],
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  async list(
    userId: string,
    inbox: InboxState,
    options: { limit: number; unreadOnly: boolean },
  ): Promise<Notification[]> {
    const unreadFilter = options.unreadOnly
      ? 'AND ($3::timestamptz IS NULL OR created_at > $3::timestamptz) AND NOT (id = ANY($4::text[]))'
      : '';
    const rows = await this.pool.query<NotificationRow>(
      `SELECT id, type, title, message, data, action_url, created_at FROM notifications
        WHERE user_id = $1 ${unreadFilter}
        ORDER BY created_at DESC, id LIMIT $2`,
      options.unreadOnly ? [userId, options.limit, inbox.allReadBefore, [...inbox.readIds]] : [userId, options.limit],
    );
    return rows.rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      timestamp: new Date(row.created_at).toISOString(),
      read: isRead(inbox, { id: row.id, createdAt: new Date(row.created_at) }),
      data: row.data,
      actionUrl: row.action_url,
    }));
  }

  /** When the user's notification was created; undefined when they have none with this id. */
  async createdAt(userId: string, notificationId: string): Promise<Date | undefined> {
    const found = await this.pool.query<{ created_at: Date }>(
      'SELECT created_at FROM notifications WHERE id = $1 AND user_id = $2',
      [notificationId, userId],
    );
    const row = found.rows[0];
    return row ? new Date(row.created_at) : undefined;
  }
}
