// @app/platform: the core shared (as a federation singleton) by the shell and every remote. It stays
// small because the landing page loads it: no schema library, no query cache, no dialog primitives.
// Those are in '@app/platform/app' (see app.ts), loaded with the signed-in screens.
export {
  ApiError,
  isApiError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  UNKNOWN_ERROR_CODE,
  apiErrorFromResponse,
} from './api/api-error';
export type { FieldError } from './api/api-error';
export { apiClient, configureApiClient, createApiClient } from './api/api-client';
export type { ApiClient, ApiClientOptions, CallInput, CallOutput, RequestOptions } from './api/api-client';
export { tokenStorage } from './api/token-storage';
export { yieldToBrowser } from './scheduling/yield-to-browser';
export { arrivalState } from './ui/arrival-state';
export { SessionContext, useCurrentUser, useSession } from './session/session-context';
export type { Session, SessionStatus, SignUpInput, SignedUp } from './session/session-context';
export {
  forgetReferralCode,
  normaliseReferralCode,
  pendingReferralCode,
  rememberReferralCode,
} from './session/pending-referral';
export { SessionProvider, startSessionRequests } from './session/session-provider';
export { onUnauthorized, reportUnauthorized } from './session/session-events';
export { canOpenAccountDialogs, onAccountDialogRequest, openAccountDialog } from './session/account-dialogs';
export type { AccountDialogName } from './session/account-dialogs';
export { demoPersonas, greetingName, isAdvertiser, profileSlug } from './session/user';
export type { DemoPersona, User } from './session/user';
export * from './format/format';
export { Button, ButtonLink } from './ui/button';
export type { ButtonProps, ButtonVariant } from './ui/button';
export { PasswordField, TextField } from './ui/text-field';
export {
  Badge,
  Card,
  CountBadge,
  EmptyState,
  ErrorBox,
  PageHeader,
  PageSpinner,
  Skeleton,
  SkeletonList,
  Spinner,
} from './ui/feedback';
export { DefaultErrorFallback, ErrorBoundary } from './ui/error-boundary';
export type { ErrorBoundaryFallbackProps } from './ui/error-boundary';
export { NotFoundPage } from './ui/not-found-page';
export {
  advertiserKeys,
  contentKeys,
  dropKeys,
  leaderboardKeys,
  ledgerKeys,
  notificationKeys,
  paymentKeys,
  platformStatsKeys,
  portfolioKeys,
  refreshMoneyViews,
  rewardKeys,
  searchKeys,
  shopKeys,
  userKeys,
} from './query/query-keys';
export { errorMessage } from './api/error-message';
export { useIdempotencyKey } from './api/idempotency';
export { TIERS, TIER_MULTIPLIERS, normaliseTier, tierLabel, tierMultiplier } from './session/tier';
export type { Tier } from './session/tier';
export { Chart, canDrawCharts } from './charts';
export * from './telemetry';
export type { ChartProps, ChartSeries } from './charts';
