/** The market context's public surface: what other modules may import. */
export { marketStreamId } from './domain/market';
export { marketPriceFor } from './domain/price';
export { GetShareholdersQuery } from './queries/get-shareholders.query';
