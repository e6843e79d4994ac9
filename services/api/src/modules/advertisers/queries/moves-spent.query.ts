import { Query } from '@nestjs/cqrs';

/**
 * `queryBus.execute(new MovesSpentQuery(userId, from, to))` → moves the advertiser spent in [from, to), as a whole
 * number. Asked by the dashboard for the tier inventory's `moves_used`; answered by the context that spends moves
 * (campaigns). While no context registers a handler, the dashboard shows 0 moves used (nothing can have spent them).
 */
export class MovesSpentQuery extends Query<number> {
  constructor(
    readonly userId: string,
    readonly from: Date,
    readonly to: Date,
  ) {
    super();
  }
}
