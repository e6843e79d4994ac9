import { Provider } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../platform/database/database.tokens';
import { IdempotencyService } from './infrastructure/idempotency';
import { LedgerExecutor } from './infrastructure/ledger-executor';

/** One executor (and its cache) and one idempotency service per process. */
export const LEDGER_PROVIDERS: Provider[] = [
  { provide: LedgerExecutor, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new LedgerExecutor(eventStore) },
  { provide: IdempotencyService, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new IdempotencyService(eventStore) },
];
