/**
 * The payments context's public surface. Money arrives in the ledger as `GEM_PURCHASE` / `USD_TOP_UP` /
 * `MOVES_PURCHASE` transactions; a paid advertiser plan is the `CheckoutSessionPaid` event with `kind: 'plan'`
 * (schema in `@app/contracts/payments`), which the subscriptions context reacts to. Advertiser checkouts start with
 * `StartAdvertiserCheckoutCommand`.
 */
export { PaymentProviders } from './infrastructure/providers/payment-providers';
export { signLocalPayload, LOCAL_SIGNATURE_HEADER } from './infrastructure/providers/local-signature';
export { StartAdvertiserCheckoutCommand } from './start-checkout/advertiser-checkout.command';
export type { ReturnAddresses } from './start-checkout/checkout-starter';
