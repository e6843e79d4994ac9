import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../database/database.tokens';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { UseCaseRunner } from './use-case-runner';

/** The use-case runner and the idempotency service every module commits through (the ledger provides `MONEY_PORT`). */
@Global()
@Module({
  providers: [
    {
      provide: IdempotencyService,
      inject: [EVENT_STORE],
      useFactory: (eventStore: EventStore) => new IdempotencyService(eventStore),
    },
    UseCaseRunner,
  ],
  exports: [IdempotencyService, UseCaseRunner],
})
export class UseCasesModule {}
