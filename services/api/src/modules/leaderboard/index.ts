/** The leaderboard context's public surface. */
