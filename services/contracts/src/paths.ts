// The paths of the public routes the landing page (`/`) calls. The routes themselves carry zod schemas, which the
// first page must not load (its initial JavaScript has a budget); these constants are what the routes are built from,
// so the path is still typed once. Answers are checked by hand there (see shell/src/features/landing).
export { TOP_EARNERS_PATH } from './leaderboard/paths';
export { PLATFORM_STATS_PATH } from './platform-stats/paths';
