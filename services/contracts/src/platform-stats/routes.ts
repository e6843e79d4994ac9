import { defineRoute } from '../http/route';
import { PLATFORM_STATS_PATH } from './paths';
import { PlatformStatsSchema } from './schemas';

export const getPlatformStatsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: PLATFORM_STATS_PATH,
  summary:
    'Public platform figures for the landing page (members, active drops, completed applications, points and ' +
    'gems rewarded, keys converted), from a projection of the event log',
  tags: ['platform-stats'],
  public: true,
  responses: { 200: PlatformStatsSchema },
});
