/** Today, UTC, as the campaign form sends dates. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A valid campaign draft (spec 3 §5): standard, 1,000 people, a week, so it costs exactly 50 moves. */
export const campaignDraft = (overrides: Record<string, unknown> = {}) => ({
  name: 'Winter launch',
  objective: 'engagement',
  description: 'Our winter line',
  startDate: today(),
  endDate: null,
  budget: 1000,
  dailyBudget: 100,
  bidStrategy: 'lowest_cost',
  bidAmount: 5,
  targetCtr: 2,
  targetCpc: 0.5,
  campaignType: 'standard',
  audienceSize: 1000,
  locations: [],
  interests: [],
  ...overrides,
});
