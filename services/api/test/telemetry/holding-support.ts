import type { DynamicModule, Type } from '@nestjs/common';
import {
  IdentityModule,
  ContentModule,
  DropsModule,
  LedgerModule,
  MarketModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, givenContent, givenFunds, givenUser, marketVerbs, waitFor } from '../market/support';

/** The market app (as test/market starts it) with more contexts beside it. */
export function startMarketAppWith(name: string, extra: Array<Type | DynamicModule>): Promise<IdentityTestApp> {
  return startAppWithModules(name, [
    IdentityModule,
    LedgerModule,
    RewardsModule,
    ProgressModule,
    SearchModule,
    DropsModule,
    ContentModule,
    EngagementModule,
    MarketModule,
    ...extra,
  ]);
}
