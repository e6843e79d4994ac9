import { Module } from '@nestjs/common';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { NotificationsController } from './notifications.controller';
import { notificationsProjection } from './notifications.projection';

/** Notifications: a projection of the events that concern each user, with per-user read state as events. */
@Module({
  controllers: [NotificationsController],
  providers: [...projectionProviders(notificationsProjection)],
})
export class NotificationsModule {}
