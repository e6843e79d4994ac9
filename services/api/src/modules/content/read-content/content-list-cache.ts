import { Injectable } from '@nestjs/common';
import type { ContentPage, FeedPage } from '@app/contracts/content';
import { ShortLivedCache } from '../../../platform/caching/short-lived-cache';

/**
 * How old a list page or a feed tab may be when served. Everyone reading the first page or the feed in the same
 * second shares one read of the database (README, Performance); content's own writes clear it at once.
 */
export const LIST_CACHE_MILLISECONDS = 1_000;

/**
 * The content lists (`GET /api/content`) and the feed tabs, read through a short-lived cache. Lists are the same for
 * every viewer (a page carries no viewer state), so one key per query; the feed's drops differ only for demo
 * sandboxes, so real users share one key per tab and each sandbox has its own.
 */
@Injectable()
export class ContentListCache {
  readonly lists = new ShortLivedCache<ContentPage>(LIST_CACHE_MILLISECONDS);
  readonly feeds = new ShortLivedCache<FeedPage>(LIST_CACHE_MILLISECONDS);

  /** After a committed content or comment write (this process): the next read sees it. */
  invalidate(): void {
    this.lists.invalidate();
    this.feeds.invalidate();
  }
}
