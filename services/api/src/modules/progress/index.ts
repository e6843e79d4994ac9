/** The progress context's public surface: what other modules may import. */
export { GetUserProgressQuery } from './queries/get-user-progress.query';
export { AwardExperienceCommand } from './award-experience/award-experience.command';
export {
  counterDeltas,
  mergeCounterDeltas,
  CONTENT_CREATED_EVENT_TYPES,
  type CounterDelta,
} from './projections/counter-deltas';
