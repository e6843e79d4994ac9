import { Provider } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { EVENT_STORE } from '../../platform/database/database.tokens';
import { MONEY_PORT, type MoneyPort } from '../../platform/use-cases/money.port';
import { LedgerExecutor } from './infrastructure/ledger-executor';
import { moneyPortOf } from './infrastructure/money-port.adapter';

/** One executor (and its cache) per process, and the money port that the use-case runner moves money through. */
export const LEDGER_PROVIDERS: Provider[] = [
  {
    provide: LedgerExecutor,
    inject: [EVENT_STORE, APP_CONFIG],
    useFactory: (eventStore: EventStore, config: AppConfig) =>
      new LedgerExecutor(eventStore, { commitTickMs: config.commitTickMs }),
  },
  {
    provide: MONEY_PORT,
    inject: [LedgerExecutor],
    useFactory: (ledger: LedgerExecutor): MoneyPort => moneyPortOf(ledger),
  },
];
