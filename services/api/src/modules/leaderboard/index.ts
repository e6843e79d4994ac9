/** The leaderboard context's public surface. */
export { LeaderboardModule } from './leaderboard.module';
