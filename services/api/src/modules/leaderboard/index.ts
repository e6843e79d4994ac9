/** The leaderboard context's public surface. */
export { GetLeaderboardPositionQuery, type LeaderboardPosition } from './leaderboard-position.query';
export { GetLeaderboardTopQuery, type LeaderboardTopEntry } from './leaderboard-top.query';
