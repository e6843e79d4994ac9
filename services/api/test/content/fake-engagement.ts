import { Module } from '@nestjs/common';
import { CqrsModule, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  GetContentEngagementQuery,
  GetLiveSponsorshipsQuery,
  noEngagement,
  type ContentEngagementFacts,
  type LiveSponsorship,
} from '../../src/modules/content';

/**
 * Stands in for the engagement context (built separately) in the content tests: what it would answer about likes,
 * revenue and sponsorships, set by each test. The thing under test is how content composes those facts.
 */
export const engagementFacts = {
  facts: new Map<string, Partial<ContentEngagementFacts>>(),
  sponsorships: [] as LiveSponsorship[],
  reset() {
    this.facts.clear();
    this.sponsorships = [];
  },
};

@QueryHandler(GetContentEngagementQuery)
class FakeEngagementHandler implements IQueryHandler<GetContentEngagementQuery, ContentEngagementFacts[]> {
  async execute(query: GetContentEngagementQuery): Promise<ContentEngagementFacts[]> {
    return query.contentIds.map((id) => ({
      ...noEngagement(id),
      ...engagementFacts.facts.get(id),
      sponsorship: engagementFacts.sponsorships.find((sponsorship) => sponsorship.contentId === id) ?? null,
    }));
  }
}

@QueryHandler(GetLiveSponsorshipsQuery)
class FakeSponsorshipsHandler implements IQueryHandler<GetLiveSponsorshipsQuery, LiveSponsorship[]> {
  async execute(query: GetLiveSponsorshipsQuery): Promise<LiveSponsorship[]> {
    return [...engagementFacts.sponsorships].sort((a, b) => b.totalBoostMultiplier - a.totalBoostMultiplier).slice(0, query.limit);
  }
}

@Module({ imports: [CqrsModule], providers: [FakeEngagementHandler, FakeSponsorshipsHandler] })
export class FakeEngagementModule {}
