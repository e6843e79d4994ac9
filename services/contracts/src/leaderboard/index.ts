import { z } from 'zod';
import { defineRoute } from '../http/route';
import { TOP_EARNERS_PATH } from './paths';

export const LEADERBOARD_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** composite = 0.25·points + 0.40·gems + 0.15·keys + 0.20·gold, shown to 1 decimal (spec 1 §9). */
export const COMPOSITE_WEIGHTS = Object.freeze({ points: 0.25, gems: 0.4, keys: 0.15, gold: 0.2 });

export const LeaderboardEntrySchema = z
  .object({
    id: z.string(),
    rank: z.number().int(),
    display_name: z.string().nullable(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
    points_earned: z.number(),
    gems_earned: z.number(),
    keys_used: z.number(),
    gold_collected: z.number(),
    composite_score: z.number(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export const LeaderboardResponseSchema = z.array(LeaderboardEntrySchema);

export const LeaderboardParamsSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be daily, weekly or monthly' }),
});

export const getLeaderboardRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/leaderboard/:period',
  summary:
    'Ranking of the current UTC day, ISO week or month from ledger events: points and gems earned, keys used, ' +
    'gold collected, composite score (sorted, top 100)',
  tags: ['leaderboard'],
  request: { params: LeaderboardParamsSchema },
  responses: { 200: LeaderboardResponseSchema },
});

/** The month's top earners, for the signed-out landing page's success stories: names and what they earned, no more. */
export const TopEarnerSchema = z
  .object({
    rank: z.number().int(),
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    points_earned: z.number(),
    gems_earned: z.number(),
  })
  .meta({ id: 'TopEarner' });
export type TopEarner = z.infer<typeof TopEarnerSchema>;
export const TopEarnersResponseSchema = z
  .object({ month: z.string(), earners: z.array(TopEarnerSchema) })
  .meta({ id: 'TopEarners' });
export type TopEarnersResponse = z.infer<typeof TopEarnersResponseSchema>;
export const TOP_EARNERS_LIMIT = 3;
export { TOP_EARNERS_PATH };

export const getTopEarnersRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: TOP_EARNERS_PATH,
  summary:
    "Public: the current UTC month's top 3 real earners by composite score (success stories on the landing page)",
  tags: ['leaderboard'],
  responses: { 200: TopEarnersResponseSchema },
});
