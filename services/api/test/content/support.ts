import { ContentModule, DropsModule, IdentityModule, LedgerModule, ProgressModule, RewardsModule, SearchModule } from '../../src/modules/context-modules';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, givenUser, waitFor, type TestUser } from '../drops/support';

/** Identity, the ledger, rewards, progress, search, drops and content on a fresh PostgreSQL database. */
export function startContentApp(): Promise<IdentityTestApp> {
  return startAppWithModules('content_api', [IdentityModule, LedgerModule, RewardsModule, ProgressModule, SearchModule, DropsModule, ContentModule]);
}

export const contentForm = (overrides: Record<string, unknown> = {}) => ({
  platform: 'tiktok',
  title: 'Morning routine',
  description: 'Five things I do before work',
  platform_url: 'https://www.tiktok.com/@someone/video/1',
  total_shares: 100,
  ...overrides,
});
