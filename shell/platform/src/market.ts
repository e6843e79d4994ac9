// @app/platform/market: the shares market's dialogs and add-funds, which are forms (react-hook-form with the zod
// resolver). Apart from '@app/platform/app' so that a remote's first page that shows none of them does not load
// them (issue 45); a shared module of its own, so each exists once in the page.
// The Buy Shares dialog: the content page (mf-earn) and the Investment Hub (mf-invest) both open it.
export { BuySharesDialog, affordableShares, buySharesSchema } from './market/buy-shares-dialog';
export type { BuySharesTarget } from './market/buy-shares-dialog';
// Dollars in from where they are needed: every USD-spending dialog offers Add funds when short.
export { AddFundsForm, AddFundsOffer, returnPathOf, startUsdTopUp, suggestedTopUp } from './money/add-funds';
export type { AddFundsFormProps, AddFundsOfferProps } from './money/add-funds';
// The resale market: everyone's listings (Investment Hub) or one item's (content page), buying from a listing, and
// Make an Offer (also on public profiles' holdings).
export { BuyListingDialog, buyListingSchema } from './market/buy-listing-dialog';
export type { BuyListingTarget } from './market/buy-listing-dialog';
export { MakeOfferDialog, defaultOfferQuantity, makeOfferSchema } from './market/make-offer-dialog';
export type { MakeOfferTarget } from './market/make-offer-dialog';
export { OfferToSellerDialog } from './market/offer-to-seller';
export type { OfferToSellerTarget } from './market/offer-to-seller';
export { ListingsMarket, MARKET_PAGE_SIZE, useListingsMarket } from './market/listings-market';
export { ListForResaleDialog, listForResaleSchema } from './market/list-for-resale-dialog';
