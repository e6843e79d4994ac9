import { apiClient } from '@app/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { identifier, optionalAmountText } from '../../shared/amount';

export const SEARCH_MINIMUM_LENGTH = 2;
export const SEARCH_DEBOUNCE_MILLISECONDS = 300;

const text = z.string().optional().nullable();
const count = z.union([z.number(), z.string()]).optional().nullable().transform((value) => (value === undefined || value === null ? null : Number(value)));

const contentSchema = z.object({ id: identifier, title: text, description: text, platform: text, creator_name: text, share_price: optionalAmountText }).loose();
const dropSchema = z
  .object({ id: identifier, title: text, description: text, drop_type: text, gem_reward_base: optionalAmountText, key_cost: optionalAmountText, status: text, creator_name: text, current_participants: count })
  .loose();
const userSchema = z.object({ id: identifier, username: text, display_name: text, avatar_url: text, level: count, user_tier: text, follower_count: count, user_type: text }).loose();

const searchResponseSchema = z
  .object({
    content: z.array(contentSchema).optional().nullable().transform((value) => value ?? []),
    drops: z.array(dropSchema).optional().nullable().transform((value) => value ?? []),
    users: z.array(userSchema).optional().nullable().transform((value) => value ?? []),
  })
  .loose();
export type SearchResults = z.output<typeof searchResponseSchema>;

/** Searches once the (debounced, trimmed) term has at least 2 characters. */
export function useSearch(term: string) {
  return useQuery({
    queryKey: ['search', term],
    queryFn: ({ signal }) => apiClient().get('/api/search', { query: { q: term }, schema: searchResponseSchema, signal }),
    enabled: term.length >= SEARCH_MINIMUM_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
