import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Advertiser onboarding, brand profile, the advertiser dashboard and tier inventory (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class AdvertisersModule {}
