import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { suggestedContentRoute, type SuggestedContentResponse } from '@app/contracts/advertisers';
import type { ContentView } from '@app/contracts/content';
import { GetMostEngagedContentQuery } from '@app/contracts/content';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { TelemetryCountsQuery, type TelemetryCountRow } from '../../telemetry';
import { requireAdvertiser } from '../advertiser-only';
import { suggestContent } from '../domain/suggested-content';
import { Route } from '../../../platform/http/route.decorator';

/** Candidates read from content: more than shown, since own and already sponsored items are left out. */
const CANDIDATES = 30;
const RECENT_DAYS = 7;

/** `GET /api/advertisers/suggested-content` (advertisers only): up to 6 items worth sponsoring, by real engagement. */
@Controller()
export class SuggestedContentController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(suggestedContentRoute)
  async suggested(@CurrentUser() caller: AuthenticatedUser): Promise<SuggestedContentResponse> {
    await requireAdvertiser(this.queryBus, caller.userId);
    const candidates = await this.queryBus.execute<GetMostEngagedContentQuery, ContentView[]>(
      new GetMostEngagedContentQuery(CANDIDATES),
    );
    const now = new Date();
    const recentViews = new Map<string, number>();
    if (candidates.length > 0) {
      const rows = await this.queryBus.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
        new TelemetryCountsQuery(
          candidates.map((item) => ({ type: 'content' as const, id: item.id })),
          new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000),
          now,
        ),
      );
      for (const row of rows)
        if (row.eventType !== 'click') recentViews.set(row.targetId, (recentViews.get(row.targetId) ?? 0) + row.count);
    }
    return { status: 'success', data: suggestContent(candidates, recentViews, caller.userId) };
  }
}
