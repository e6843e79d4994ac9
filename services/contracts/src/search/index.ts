import { z } from 'zod';
import { defineRoute } from '../http/route';

export const SEARCH_MINIMUM_LENGTH = 2;
export const SEARCH_CATEGORIES = ['content', 'drops', 'users'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const SearchUserResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  level: z.number().int(),
  user_tier: z.string(),
  follower_count: z.number().int(),
  user_type: z.string(),
});
export const SearchDropResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  drop_type: z.string(),
  gem_reward_base: z.number(),
  key_cost: z.number(),
  status: z.string(),
  creator_name: z.string(),
  current_participants: z.number().int(),
});
export const SearchContentResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  platform: z.string().nullable(),
  creator_name: z.string().nullable(),
  share_price: z.number().nullable(),
});
export type SearchUserResult = z.infer<typeof SearchUserResultSchema>;
export type SearchDropResult = z.infer<typeof SearchDropResultSchema>;
export type SearchContentResult = z.infer<typeof SearchContentResultSchema>;

export const SearchQuerySchema = z.object({
  q: z
    .string({ error: `Search needs at least ${SEARCH_MINIMUM_LENGTH} characters` })
    .trim()
    .min(SEARCH_MINIMUM_LENGTH, `Search needs at least ${SEARCH_MINIMUM_LENGTH} characters`)
    .max(100, 'Search is limited to 100 characters'),
  type: z.enum(['all', ...SEARCH_CATEGORIES]).default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** Each list is ranked best first (exact, then prefix, then word prefix, then substring; boosted profiles first). */
export const SearchResponseSchema = z
  .object({
    query: z.string(),
    content: z.array(SearchContentResultSchema),
    drops: z.array(SearchDropResultSchema),
    users: z.array(SearchUserResultSchema),
    total: z.number().int(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const searchRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/search',
  summary: 'Searches users, drops and content (2 characters minimum), ranked',
  tags: ['search'],
  request: { query: SearchQuerySchema },
  responses: { 200: SearchResponseSchema },
});
