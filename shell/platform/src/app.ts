// @app/platform/app: what the signed-in screens add to the core: the query cache and its views, the
// accessible primitives (dialogs, tabs, menus, toasts), the response schemas, the standalone frame.
export { createQueryClient, sharedQueryClient, shouldRetry } from './query/query-client';
export { AppProviders } from './providers';
export { QueryView } from './ui/query-view';
export type { QueryViewProps } from './ui/query-view';
export { Dialog } from './ui/dialog';
export { Tabs } from './ui/tabs';
export type { TabItem } from './ui/tabs';
export { ToastProvider, useToast } from './ui/toast';
export type { ToastInput } from './ui/toast';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './ui/menu';
export {
  meResponseSchema,
  profileResponseSchema,
  refreshResponseSchema,
  sessionResponseSchema,
  signUpResponseSchema,
  toUser,
} from './session/user-schema';
export { StandaloneFrame } from './standalone/standalone-frame';
export { StandaloneApp, renderStandalone } from './standalone/render-standalone';
export type { StandaloneAppProps } from './standalone/render-standalone';
export {
  POINTS_PER_DOLLAR,
  covers,
  fromMinor,
  pointsInDollars,
  subtractAmounts,
  sumAmounts,
  sumDecimals,
  toMinor,
} from './money/decimal';
export type { Currency } from './money/decimal';
// Forms: react-hook-form with the zod resolver. Screens and remotes take react-hook-form from here, never directly,
// so it exists once in the page (this module is a federation singleton).
export { Form, ROOT_SERVER_ERROR, applyServerErrors, useFieldError, useRequestForm, useZodForm } from './forms/form';
export type { FormProps } from './forms/form';
export {
  FormCheckbox,
  FormError,
  FormPasswordField,
  FormRadioGroup,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
} from './forms/form-fields';
export { Controller, useController, useFormContext, useWatch } from 'react-hook-form';
export type { UseFormReturn } from 'react-hook-form';
// The Buy Shares dialog: the content page (mf-earn) and the Investment Hub (mf-invest) both open it.
export { BuySharesDialog, affordableShares, buySharesSchema } from './market/buy-shares-dialog';
export type { BuySharesTarget } from './market/buy-shares-dialog';
// Dollars in from where they are needed: every USD-spending dialog offers Add funds when short, and the page the
// checkout returns to says what arrived.
export { AddFundsForm, AddFundsOffer, returnPathOf, startUsdTopUp, suggestedTopUp } from './money/add-funds';
export type { AddFundsFormProps, AddFundsOfferProps } from './money/add-funds';
export { CheckoutReturnNotice } from './money/checkout-return-notice';
export type { CheckoutReturnNoticeProps } from './money/checkout-return-notice';
// The resale market: everyone's listings (Investment Hub) or one item's (content page), buying from a listing, and
// Make an Offer (also on public profiles' holdings).
export { BuyListingDialog, buyListingSchema } from './market/buy-listing-dialog';
export type { BuyListingTarget } from './market/buy-listing-dialog';
export { MakeOfferDialog, defaultOfferQuantity, makeOfferSchema } from './market/make-offer-dialog';
export type { MakeOfferTarget } from './market/make-offer-dialog';
export { OfferToSellerDialog } from './market/offer-to-seller';
export type { OfferToSellerTarget } from './market/offer-to-seller';
export { ListingsMarket, MARKET_PAGE_SIZE, useListingsMarket } from './market/listings-market';
// The shares market's calls and panels, shared by the wallet's Overview and the Investment Hub.
export {
  sharesKeys,
  useAnswerOffer,
  useBuyListing,
  useCancelListing,
  useCreateListing,
  useHoldingDetail,
  useHoldings,
  useMyListings,
  useOffers,
  useSetHoldingVisibility,
} from './market/market-api';
export { OffersPanel } from './market/offers-panel';
export { ListForResaleDialog, listForResaleSchema } from './market/list-for-resale-dialog';
// A toast handed over through a navigation (the sign-in screens sit outside the signed-in frame's toasts).
export { ArrivalToast } from './ui/arrival-toast';
