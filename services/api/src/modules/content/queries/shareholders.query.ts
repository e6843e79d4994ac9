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
