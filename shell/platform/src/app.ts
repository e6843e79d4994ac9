// @app/platform/app: what the signed-in screens add to the core: the query cache and its views, the
// accessible primitives (dialogs, tabs, menus, toasts), the response schemas, the standalone frame, the shares
// market's calls. Every remote's first page takes it, so it holds no form code: forms are '@app/platform/forms',
// the market's dialogs and add-funds '@app/platform/market' (issue 45), each a shared module of its own.
export { createQueryClient, sharedQueryClient, shouldRetry } from './query/query-client';
export { idempotencyHeader, useMoneyMutation } from './query/money-mutation';
export { AppProviders } from './providers';
export { QueryView } from './ui/query-view';
export type { QueryViewProps } from './ui/query-view';
export { Dialog } from './ui/dialog';
export { Tabs } from './ui/tabs';
export type { TabItem } from './ui/tabs';
export { ToastProvider, useToast } from './ui/toast';
export type { ToastInput } from './ui/toast';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './ui/menu';
export { toUser } from './session/user-schema';
export { uploadImage } from './api/upload-image';
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
// The page the payment provider's checkout returns to says what arrived.
export { CheckoutReturnNotice } from './money/checkout-return-notice';
export type { CheckoutReturnNoticeProps } from './money/checkout-return-notice';
// A toast handed over through a navigation (the sign-in screens sit outside the signed-in frame's toasts).
export { ArrivalToast } from './ui/arrival-toast';
