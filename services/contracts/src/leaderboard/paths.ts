/** The landing page's success stories: zod-free, so the first page can call it without loading the schemas. */
export const TOP_EARNERS_PATH = '/api/leaderboard/top-earners';
