import { Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { WrongExpectedVersionError, type EventStore } from '@app/event-store';
import type pg from 'pg';
import {
  NOTIFICATION_MESSAGES,
  getNotificationsRoute,
  markNotificationReadRoute,
  type Notification,
  type NotificationType,
  type NotificationsResponse,
} from '@app/contracts/notifications';
import { DATABASE_POOL, EVENT_STORE } from '../../platform/database/database.tokens';
import { notFound } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../platform/http/authenticated-user';
import { decideMarkAllRead, decideMarkRead, inboxStreams, isRead, type InboxEvent, type InboxState } from './read-state';

interface NotificationRow {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  action_url: string | null;
  created_at: Date;
}

const MAX_CONFLICT_RETRIES = 20;

/** GET /api/notifications, GET /api/notifications/unread-count, POST .../{id}/read and POST .../read-all. */
@Controller('notifications')
export class NotificationsController {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  private async unreadCount(userId: string, inbox: InboxState): Promise<number> {
    const result = await this.pool.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM notifications
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at > $2::timestamptz) AND NOT (id = ANY($3::text[]))`,
      [userId, inbox.allReadBefore, [...inbox.readIds]],
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  @Get()
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(getNotificationsRoute.query)) query: { limit: number; unread_only?: 'true' | 'false' },
  ): Promise<NotificationsResponse> {
    const inbox = (await inboxStreams.load(this.eventStore, caller.userId)).state;
    const unreadOnly = query.unread_only === 'true';
    const rows = await this.pool.query<NotificationRow>(
      `SELECT id, type, title, message, data, action_url, created_at FROM notifications
        WHERE user_id = $1 ${unreadOnly ? 'AND ($3::timestamptz IS NULL OR created_at > $3::timestamptz) AND NOT (id = ANY($4::text[]))' : ''}
        ORDER BY created_at DESC, id LIMIT $2`,
      unreadOnly ? [caller.userId, query.limit, inbox.allReadBefore, [...inbox.readIds]] : [caller.userId, query.limit],
    );
    const notifications: Notification[] = rows.rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      timestamp: new Date(row.created_at).toISOString(),
      read: isRead(inbox, { id: row.id, createdAt: new Date(row.created_at) }),
      data: row.data,
      actionUrl: row.action_url,
    }));
    return { notifications, unread_count: await this.unreadCount(caller.userId, inbox) };
  }

  @Get('unread-count')
  async count(@CurrentUser() caller: AuthenticatedUser): Promise<{ unread_count: number }> {
    const inbox = (await inboxStreams.load(this.eventStore, caller.userId)).state;
    return { unread_count: await this.unreadCount(caller.userId, inbox) };
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() caller: AuthenticatedUser): Promise<{ success: true; unread_count: number }> {
    const inbox = await this.record(caller.userId, () => decideMarkAllRead(caller.userId, new Date().toISOString()));
    return { success: true, unread_count: await this.unreadCount(caller.userId, inbox) };
  }

  @Post(':id/read')
  @HttpCode(200)
  async read(
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(markNotificationReadRoute.params)) params: { id: string },
  ): Promise<{ success: true; unread_count: number }> {
    const found = await this.pool.query<{ created_at: Date }>('SELECT created_at FROM notifications WHERE id = $1 AND user_id = $2', [params.id, caller.userId]);
    const row = found.rows[0];
    if (!row) throw notFound('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
    const inbox = await this.record(caller.userId, (state) => decideMarkRead(state, caller.userId, { id: params.id, createdAt: new Date(row.created_at) }, new Date().toISOString()));
    return { success: true, unread_count: await this.unreadCount(caller.userId, inbox) };
  }

  /** Appends the inbox events with the loaded version, retrying on a concurrent mark; answers the new state. */
  private async record(userId: string, decide: (state: InboxState) => InboxEvent[]): Promise<InboxState> {
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await inboxStreams.load(this.eventStore, userId);
      const events = decide(loaded.state);
      try {
        const appends = inboxStreams.appendOf(loaded, events);
        if (appends.length > 0) await this.eventStore.append(appends);
        return inboxStreams.advance(loaded, events);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw error;
      }
    }
  }
}
