import { BusQuery } from '../platform/bus';
import type { ContentView } from './http';

/**
 * `queryBus.execute(new GetMostEngagedContentQuery(limit))` → active, non-demo content with the most engagement
 * actions recorded (likes, saves, shares, reposts and moves), most first; items without any engagement are left out.
 * The advertisers' suggested content composes it.
 */
export class GetMostEngagedContentQuery extends BusQuery<ContentView[]> {
  constructor(readonly limit = 20) {
    super();
  }
}
