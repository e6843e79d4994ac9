/** The drops context's public surface: what other modules may import. */
export { ListDropsQuery, type DropListFilter } from './queries/list-drops.query';
