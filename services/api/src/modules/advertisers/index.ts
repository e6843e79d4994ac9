// The advertisers context's public surface: the commands, queries and events other contexts may use.
export { MovesSpentQuery } from './queries/moves-spent.query';
export { GetBrandProfileQuery } from './queries/get-brand-profile.query';
