import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { Injectable, Logger } from '@nestjs/common';
import { formatMinor } from '@app/contracts/ledger';
import type { PaymentEvent } from '@app/contracts/payments';
import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { badRequest, conflict, notFound, unprocessable } from '../../../platform/http/api-error';
import type { LedgerMoneyCommand, MoneyMovement } from '../../../platform/use-cases/money.port';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { SYSTEM_ACCOUNTS, userAccount } from '../../ledger';
import {
  decideCheckout,
  type CheckoutCommand,
  type CheckoutRefusal,
  type CheckoutSessionState,
} from '../domain/checkout-session';
import { CheckoutSessions, checkoutSessionStreams, refundTransactionIdOf } from './checkout-sessions';

export type CheckoutOutcome =
  { kind: 'recorded'; state: CheckoutSessionState } | { kind: 'duplicate'; state: CheckoutSessionState };

export function checkoutRefusalError(refusal: CheckoutRefusal) {
  switch (refusal) {
    case 'SESSION_MUST_EXIST':
      return notFound('CHECKOUT_SESSION_NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    case 'SESSION_MUST_BE_NEW':
      return conflict('CHECKOUT_SESSION_EXISTS', 'This checkout session already exists');
    case 'SESSION_MUST_BE_OPEN':
      return conflict('CHECKOUT_SESSION_NOT_OPEN', PAYMENT_MESSAGES.sessionNotOpen);
    case 'AMOUNT_PAID_MUST_MATCH_THE_PRICE':
      return badRequest('PAYMENT_AMOUNT_MISMATCH', 'The amount paid does not match the price of the session');
    case 'SESSION_MUST_BE_PAID':
      return conflict('CHECKOUT_SESSION_NOT_REFUNDABLE', 'Only a paid session can be refunded');
  }
}

/**
 * Every change to a checkout session, through the use-case runner: the session's event and its ledger movement
 * (the credit from issuance, or the reversal of it) in one append with the session stream's expected version.
 * Parallel deliveries of one webhook queue on the session's lock here and on the version across processes; the
 * loser reloads, sees the session paid, and records nothing.
 */
@Injectable()
export class PaymentCommands {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly sessions: CheckoutSessions,
    private readonly runner: UseCaseRunner,
  ) {}

  load(sessionId: string) {
    return this.sessions.load(sessionId);
  }

  /**
   * `idempotency`: the route's `Idempotency-Key` (creating a session); webhooks and jobs are keyed by the session
   * itself.
   */
  async execute(
    sessionId: string,
    command: CheckoutCommand,
    idempotency?: IdempotentRequest,
  ): Promise<CheckoutOutcome> {
    return this.runner.run<CheckoutOutcome>({
      lockKeys: [checkoutSessionStreams.streamId(sessionId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.sessions.load(sessionId, unit.transaction);
        const decision = decideCheckout(command, loaded.state);
        if (decision.kind === 'refused') throw checkoutRefusalError(decision.refusal);
        if (decision.kind === 'duplicate')
          return { appends: [], answer: () => ({ kind: 'duplicate', state: loaded.state }) };
        const state = checkoutSessionStreams.advance(loaded, decision.events);
        return {
          appends: checkoutSessionStreams.appendOf(loaded, decision.events),
          money: creditOf(decision.events, state),
          ledgerCommand: reversalOf(decision.events, state),
          answer: () => ({ kind: 'recorded', state }),
        };
      },
      ledgerRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable('REFUND_CREDIT_SPENT', PAYMENT_MESSAGES.refundSpent)
          : undefined,
    });
  }
}

/**
 * A paid session credits from issuance what real money came in for: the catalogue's gems, the dollars paid, or a
 * moves package's moves. A plan credits nothing: the subscriptions context reacts to its `CheckoutSessionPaid`.
 */
function creditOf(events: PaymentEvent[], state: CheckoutSessionState): MoneyMovement | null {
  const paid = events.find((event) => event.type === 'CheckoutSessionPaid');
  if (!paid || !state.created || state.created.kind === 'plan') return null;
  const created = state.created;
  const amountMinor = BigInt(created.creditMinor);
  const currency = created.creditCurrency;
  return {
    transactionId: paid.data.transactionId,
    reasonCode: created.kind === 'gems' ? 'GEM_PURCHASE' : created.kind === 'moves' ? 'MOVES_PURCHASE' : 'USD_TOP_UP',
    description:
      created.kind === 'gems'
        ? `Gem purchase: ${formatMinor(amountMinor, 'gems')} gems (${created.packageId} package)`
        : created.kind === 'moves'
          ? `Moves purchase: ${formatMinor(amountMinor, 'moves')} moves (${created.packageId})`
          : `Added funds: $${formatMinor(amountMinor, 'usd')}`,
    postings: [
      { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(created.userId), currency, amountMinor },
    ],
    now: paid.data.paidAt,
    references: {
      checkoutSessionId: created.sessionId,
      provider: created.provider,
      providerEventId: paid.data.providerEventId,
    },
  };
}

/** A refund reverses the credit with a linked reversal; the ledger refuses it when the credit is already spent. */
function reversalOf(events: PaymentEvent[], state: CheckoutSessionState): LedgerMoneyCommand | null {
  const refunded = events.find((event) => event.type === 'CheckoutSessionRefunded');
  // A plan credited nothing: nothing to reverse (the subscriptions context ends the refunded plan).
  if (!refunded || !state.paid || state.created?.kind === 'plan') return null;
  return {
    type: 'ReverseTransaction',
    data: {
      originalTransactionId: state.paid.transactionId,
      reversalTransactionId: refunded.data.reversalTransactionId,
      description: 'Refund of a card payment',
      now: refunded.data.refundedAt,
    },
  };
}

export { refundTransactionIdOf };
