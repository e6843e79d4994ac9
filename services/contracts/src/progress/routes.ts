import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  AchievementParamsSchema,
  AchievementsQuerySchema,
  AchievementsResponseSchema,
  ClaimAchievementResponseSchema,
  UserProgressSchema,
} from './http';

export const getMyProgressRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me/progress',
  summary: "The signed-in user's XP and level (level n spans 1000·n to 1000·(n+1) XP)",
  tags: ['progress'],
  responses: { 200: UserProgressSchema },
});

export const getAchievementsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/achievements',
  summary:
    'The six default achievements with progress computed from events, claimable and completed flags; ' +
    "`?userId`: another user's earned (claimed) ones only, their progress shown as met",
  tags: ['progress'],
  request: { query: AchievementsQuerySchema },
  responses: { 200: AchievementsResponseSchema },
});

export const claimAchievementRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/achievements/:id/claim',
  summary: 'Claims a met achievement once: pays its gold through the ledger and adds its XP',
  tags: ['progress'],
  request: {
    params: AchievementParamsSchema,
    headers: IdempotencyKeyHeaders,
  },
  responses: { 200: ClaimAchievementResponseSchema },
  errors: {
    404: 'Unknown achievement',
    409: 'Already claimed (`ACHIEVEMENT_ALREADY_CLAIMED`)',
    422: 'Not met yet (`ACHIEVEMENT_NOT_MET`)',
  },
});
