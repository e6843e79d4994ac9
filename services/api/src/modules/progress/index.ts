/** The progress context's public surface: what other modules may import. */
export { GetUserProgressQuery, AwardExperienceCommand } from './experience/experience.messages';
export { counterDeltas, mergeCounterDeltas, CONTENT_CREATED_EVENT_TYPES, type CounterDelta } from './counters/counter-deltas';
