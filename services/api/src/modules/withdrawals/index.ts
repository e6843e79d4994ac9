/** The withdrawals context's public surface: the payout port, for a deployment that brings its own rail. */
export {
  PAYOUT_PROVIDER,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
} from './infrastructure/payout-provider.port';
export { PayoutReactor } from './process-payouts/payout.reactor';
