import { Controller, Inject, Query } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { getNotificationsRoute, type NotificationsResponse, getUnreadCountRoute } from '@app/contracts/notifications';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { inboxStreams } from '../infrastructure/inbox-streams';
import { NotificationReader } from '../infrastructure/notification-reader';
import { Route } from '../../../platform/http/route.decorator';

/** GET /api/notifications and GET /api/notifications/unread-count. */
@Controller()
export class ReadNotificationsController {
  constructor(
    private readonly reader: NotificationReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Route(getNotificationsRoute)
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(getNotificationsRoute.query)) query: { limit: number; unread_only?: 'true' | 'false' },
  ): Promise<NotificationsResponse> {
    const inbox = (await inboxStreams.load(this.eventStore, caller.userId)).state;
    const unreadOnly = query.unread_only === 'true';
    const notifications = await this.reader.list(caller.userId, inbox, { limit: query.limit, unreadOnly });
    return { notifications, unread_count: await this.reader.unreadCount(caller.userId, inbox) };
  }

  @Route(getUnreadCountRoute)
  async count(@CurrentUser() caller: AuthenticatedUser): Promise<{ unread_count: number }> {
    const inbox = (await inboxStreams.load(this.eventStore, caller.userId)).state;
    return { unread_count: await this.reader.unreadCount(caller.userId, inbox) };
  }
}
