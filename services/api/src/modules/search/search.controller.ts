import { Controller, Query } from '@nestjs/common';
import { searchRoute, type SearchCategory, type SearchQuery, type SearchResponse } from '@app/contracts/search';
import { Route } from '../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../platform/http/zod-validation';
import { SearchProviderRegistry, type SearchHit, type SearchResultByCategory } from './search-provider';

/** GET /api/search?q=: every registered provider of the asked categories, merged by score, best first. */
@Controller()
export class SearchController {
  constructor(private readonly registry: SearchProviderRegistry) {}

  private async category<Category extends SearchCategory>(
    category: Category,
    query: SearchQuery,
    now: string,
  ): Promise<SearchResultByCategory[Category][]> {
    if (query.type !== 'all' && query.type !== category) return [];
    const hits: SearchHit<Category>[] = (
      await Promise.all(
        this.registry.forCategory(category).map((provider) => provider.search(query.q, query.limit, now)),
      )
    ).flat();
    return hits
      .sort((left, right) => right.score - left.score)
      .slice(0, query.limit)
      .map((hit) => hit.result);
  }

  @Route(searchRoute)
  async search(@Query(new ZodValidationPipe(searchRoute.query)) query: SearchQuery): Promise<SearchResponse> {
    const now = new Date().toISOString();
    const [content, drops, users] = await Promise.all([
      this.category('content', query, now),
      this.category('drops', query, now),
      this.category('users', query, now),
    ]);
    return { query: query.q, content, drops, users, total: content.length + drops.length + users.length };
  }
}
