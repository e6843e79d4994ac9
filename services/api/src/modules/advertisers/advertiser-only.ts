import type { UserView } from '@app/contracts/identity';
import { ADVERTISER_MESSAGES } from '@app/contracts/advertisers';
import type { QueryBus } from '@nestjs/cqrs';
import { forbidden } from '../../platform/http/api-error';
import { getExistingUser } from '../identity';

/**
 * The advertiser screens are for advertisers (spec 3 §6): anyone else gets 403 `ADVERTISERS_ONLY`, which the
 * dashboard answers with the 'Become an Advertiser' screen. Decided on identity's inline read model (current after
 * the caller's own become-advertiser).
 */
export async function requireAdvertiser(queryBus: QueryBus, userId: string): Promise<UserView> {
  const user = await getExistingUser(queryBus, userId);
  if (user.user_type !== 'advertiser') throw forbidden(ADVERTISER_MESSAGES.advertisersOnly, 'ADVERTISERS_ONLY');
  return user;
}
