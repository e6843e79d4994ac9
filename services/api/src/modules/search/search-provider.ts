import { Injectable } from '@nestjs/common';
import type { SearchCategory, SearchContentResult, SearchDropResult, SearchUserResult } from '@app/contracts/search';

export interface SearchResultByCategory {
  users: SearchUserResult;
  drops: SearchDropResult;
  content: SearchContentResult;
}

/** One ranked hit: higher `score` first. */
export interface SearchHit<Category extends SearchCategory> {
  score: number;
  result: SearchResultByCategory[Category];
}

/**
 * The extension point of search: a context that owns searchable things registers a provider for its category
 * (`searchProviders.register(provider)` in its module's constructor or `onModuleInit`). Several providers of one
 * category are merged by score.
 */
export interface SearchProvider<Category extends SearchCategory = SearchCategory> {
  category: Category;
  search(text: string, limit: number, now: string): Promise<SearchHit<Category>[]>;
}

@Injectable()
export class SearchProviderRegistry {
  private readonly providers: SearchProvider[] = [];

  register(provider: SearchProvider): void {
    this.providers.push(provider);
  }

  forCategory<Category extends SearchCategory>(category: Category): SearchProvider<Category>[] {
    return this.providers.filter((provider): provider is SearchProvider<Category> => provider.category === category);
  }
}

/**
 * SQL for a text match score against `column` with the lower-cased query in `parameter`: exact 100, prefix 60, a
 * word starting with it 40 (words split on spaces, `_`, `-`, `.`), anywhere 20, else 0.
 */
export function matchScoreSql(column: string, parameter = '$1'): string {
  const text = `coalesce(lower(${column}), '')`;
  return `(CASE WHEN ${text} = ${parameter} THEN 100
                WHEN starts_with(${text}, ${parameter}) THEN 60
                WHEN strpos(' ' || translate(${text}, '_-.', '   '), ' ' || ${parameter}) > 0 THEN 40
                WHEN strpos(${text}, ${parameter}) > 0 THEN 20
                ELSE 0 END)`;
}
