/** The landing page's live figures: zod-free, so the first page can call it without loading the schemas. */
export const PLATFORM_STATS_PATH = '/api/stats/platform';
