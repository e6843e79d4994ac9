/** The shop context's public surface: what other modules may import. */
export { GetActiveBoostsQuery } from './boosts/get-active-boosts.query';
