/**
 * The subscriptions context's public surface. `CreditMovesAllowanceCommand` credits the advertiser's moves
 * allowance of the current period (once per period): send it before spending moves.
 */
export { CreditMovesAllowanceCommand, type MovesAllowanceResult } from './moves/credit-moves-allowance.command';
