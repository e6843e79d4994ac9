/** The market context's public surface: what other modules may import. */
export { marketPriceFor } from './domain/price';
