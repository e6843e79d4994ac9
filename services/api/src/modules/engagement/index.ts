/** The engagement context's public surface: what other modules may import. */
export { GetLiveBoostsQuery } from './queries/get-live-boosts.query';
export { userContentStreamId, sponsorshipStreamId } from './domain/streams';
