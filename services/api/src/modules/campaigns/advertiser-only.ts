import type { QueryBus } from '@nestjs/cqrs';
import { forbidden } from '../../platform/http/api-error';
import { getExistingUser } from '../identity';

export const ADVERTISERS_ONLY = 'Campaigns are for advertisers: become an advertiser first';

/** Campaigns are an advertiser's tool (issue 25): anyone else gets 403 `ADVERTISER_REQUIRED`. */
export async function requireAdvertiser(queryBus: QueryBus, userId: string): Promise<void> {
  const user = await getExistingUser(queryBus, userId);
  if (user.user_type !== 'advertiser') throw forbidden(ADVERTISERS_ONLY, 'ADVERTISER_REQUIRED');
}
