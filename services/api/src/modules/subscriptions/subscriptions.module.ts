import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Advertiser plans: upgrades paid through the payment port, monthly renewal and downgrades (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class SubscriptionsModule {}
