/** The progress context's public surface: what other modules may import. */
export { ProgressModule } from './progress.module';
export { GetUserProgressQuery, AwardExperienceCommand } from './experience/experience';
export { counterDeltas, mergeCounterDeltas, CONTENT_CREATED_EVENT_TYPES } from './infrastructure/progress-counters.projection';
