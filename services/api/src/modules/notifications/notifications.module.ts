import { Module } from '@nestjs/common';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { NotificationReader } from './infrastructure/notification-reader';
import { MarkNotificationsReadController } from './mark-notifications-read/mark-notifications-read.controller';
import { MarkNotificationsReadHandler } from './mark-notifications-read/mark-notifications-read.handler';
import { notificationsProjection } from './projections/notifications.projection';
import { ReadNotificationsController } from './read-notifications/read-notifications.controller';

/** Notifications: a projection of the events that concern each user, with per-user read state as events. */
@Module({
  controllers: [ReadNotificationsController, MarkNotificationsReadController],
  providers: [...projectionProviders(notificationsProjection), NotificationReader, MarkNotificationsReadHandler],
})
export class NotificationsModule {}
