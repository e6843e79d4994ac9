import { Controller, Param } from '@nestjs/common';
import {
  NOTIFICATION_MESSAGES,
  markNotificationReadRoute,
  markAllNotificationsReadRoute,
} from '@app/contracts/notifications';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { decideMarkAllRead, decideMarkRead } from '../domain/inbox';
import { NotificationReader } from '../infrastructure/notification-reader';
import { MarkNotificationsReadHandler } from './mark-notifications-read.handler';
import { Route } from '../../../platform/http/route.decorator';

/** POST /api/notifications/{id}/read and POST /api/notifications/read-all: answer the unread count after. */
@Controller()
export class MarkNotificationsReadController {
  constructor(
    private readonly handler: MarkNotificationsReadHandler,
    private readonly reader: NotificationReader,
  ) {}

  @Route(markAllNotificationsReadRoute)
  async readAll(@CurrentUser() caller: AuthenticatedUser): Promise<{ success: true; unread_count: number }> {
    const now = new Date().toISOString();
    const inbox = await this.handler.execute(caller.userId, () => decideMarkAllRead(caller.userId, now));
    return { success: true, unread_count: await this.reader.unreadCount(caller.userId, inbox) };
  }

  @Route(markNotificationReadRoute)
  async read(
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(markNotificationReadRoute.params)) params: { id: string },
  ): Promise<{ success: true; unread_count: number }> {
    const createdAt = await this.reader.createdAt(caller.userId, params.id);
    if (!createdAt) throw notFound('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
    const now = new Date().toISOString();
    const notification = { id: params.id, createdAt };
    const inbox = await this.handler.execute(caller.userId, (state) =>
      decideMarkRead(state, caller.userId, notification, now),
    );
    return { success: true, unread_count: await this.reader.unreadCount(caller.userId, inbox) };
  }
}
