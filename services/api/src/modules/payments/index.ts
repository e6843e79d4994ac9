/**
 * The payments context's public surface. Nothing is needed by other contexts yet: money arrives in the ledger as
 * `GEM_PURCHASE` / `USD_TOP_UP` transactions, which any context reads from the log.
 */
export { PaymentProviders } from './providers/payment-providers';
export { signLocalPayload, LOCAL_SIGNATURE_HEADER } from './providers/local-signature';
