import { Query } from '@nestjs/cqrs';
import type { TransactionHandle } from '@app/event-store';

/** Someone holding shares of an item, and how many. */
export interface Shareholder {
  userId: string;
  shares: number;
}

/**
 * `queryBus.execute(new GetEngagementShareholdersQuery(contentId, transaction?))` → everyone holding free engagement
 * shares of the item, current (so a command may decide on it). Content declares it, because deciding an edit or a
 * deletion needs it, and the engagement context answers it (engagement depends on content, never the reverse).
 */
export class GetEngagementShareholdersQuery extends Query<Shareholder[]> {
  constructor(
    readonly contentId: string,
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}

/**
 * `queryBus.execute(new GetMarketShareholdersQuery(contentId, transaction?))` → everyone holding shares of the item
 * through the market (bought or resold; listed shares still count: they are owned), current. Declared here for the
 * same reason, answered by the market context.
 */
export class GetMarketShareholdersQuery extends Query<Shareholder[]> {
  constructor(
    readonly contentId: string,
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}
