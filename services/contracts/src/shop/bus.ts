import { BusQuery } from '../platform/bus';
import type { ActiveBoosts } from './http';

/**
 * `queryBus.execute(new GetActiveBoostsQuery(userId))` → the boosts in force now. Modules that pay keys multiply
 * them by `key_multiplier` (2 during a 24h Key Multiplier); the progress context multiplies XP by `xp_multiplier`
 * (3 during a 7-Day XP Boost). Read from the user's shop stream, so a purchase counts at once.
 */
export class GetActiveBoostsQuery extends BusQuery<ActiveBoosts> {
  constructor(
    readonly userId: string,
    readonly now: string = new Date().toISOString(),
  ) {
    super();
  }
}
