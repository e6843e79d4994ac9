import { BusQuery } from '../platform/bus';

/**
 * `queryBus.execute(new GetVerifiedFollowerCountQuery(userId))` → the follower count an admin last verified in the
 * influence programme (0 when none was): the only follower figure other contexts may decide on (issue 8); the count a
 * user declares is a claim. Read from the user's rewards stream, so it is current.
 */
export class GetVerifiedFollowerCountQuery extends BusQuery<number> {
  constructor(readonly userId: string) {
    super();
  }
}
