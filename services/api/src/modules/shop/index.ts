/** The shop context's public surface: what other modules may import. */
export { ShopModule } from './shop.module';
export { GetActiveBoostsQuery } from './boosts/get-active-boosts.query';
