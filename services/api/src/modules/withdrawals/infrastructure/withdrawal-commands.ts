import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { Inject, Injectable } from '@nestjs/common';
import { WITHDRAWAL_MESSAGES, type WithdrawalEvent } from '@app/contracts/withdrawals';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type ApiError,
} from '../../../platform/http/api-error';
import type { UnitOfWork } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { WITHDRAWALS_CONFIG, type WithdrawalsConfig } from '../config/withdrawals-config';
import {
  decideWithdrawal,
  type WithdrawalCommand,
  type WithdrawalRefusal,
  type WithdrawalState,
} from '../domain/withdrawal';
import { Withdrawals, withdrawalStreams } from './withdrawal-streams';

export type WithdrawalOutcome = { kind: 'recorded' | 'duplicate'; state: WithdrawalState };

/** `usdMinimum`: the configured USD minimum in dollars, for its message. */
export function withdrawalRefusalError(refusal: WithdrawalRefusal, usdMinimum = 0): ApiError {
  switch (refusal) {
    case 'DEMO_ACCOUNTS_MUST_NOT_WITHDRAW':
      return forbidden(WITHDRAWAL_MESSAGES.demoAccount, 'DEMO_ACCOUNT_CANNOT_WITHDRAW');
    case 'AMOUNT_MUST_BE_AT_LEAST_200_GEMS':
      return badRequest('INSUFFICIENT_GEMS', WITHDRAWAL_MESSAGES.insufficientGems);
    case 'METHOD_MUST_BE_OFFERED':
      return badRequest('UNKNOWN_WITHDRAWAL_METHOD', WITHDRAWAL_MESSAGES.unknownMethod);
    case 'AMOUNT_MUST_REACH_THE_METHOD_MINIMUM':
      return badRequest('BELOW_METHOD_MINIMUM', WITHDRAWAL_MESSAGES.belowMethodMinimum);
    case 'AMOUNT_MUST_REACH_THE_USD_MINIMUM':
      return badRequest('BELOW_USD_MINIMUM', WITHDRAWAL_MESSAGES.usdBelowMinimum(usdMinimum));
    case 'USD_AMOUNT_MUST_BE_WHOLE_CENTS':
      return badRequest('VALIDATION_ERROR', WITHDRAWAL_MESSAGES.usdWholeCents, [
        { field: 'amount', message: WITHDRAWAL_MESSAGES.usdWholeCents },
      ]);
    case 'WITHDRAWAL_MUST_EXIST':
      return notFound('WITHDRAWAL_NOT_FOUND', 'Withdrawal not found');
    case 'WITHDRAWAL_MUST_BE_NEW':
    case 'WITHDRAWAL_MUST_BE_PENDING':
      return conflict('WITHDRAWAL_NOT_PENDING', 'This withdrawal is already resolved');
  }
}

/**
 * Every change to a withdrawal through the use-case runner: its event, the ledger's hold command the decider chose
 * (place, capture with the fee, release) and the `withdrawals` row, in one transaction with the stream's expected
 * version. The hold decides "at most the available gems" on the user's own ledger stream, so two parallel requests
 * that together exceed the balance cannot both pass: the second conflicts, reruns, and is refused.
 */
@Injectable()
export class WithdrawalCommands {
  constructor(
    private readonly withdrawals: Withdrawals,
    private readonly runner: UseCaseRunner,
    @Inject(WITHDRAWALS_CONFIG) private readonly config: WithdrawalsConfig,
  ) {}

  load(withdrawalId: string) {
    return this.withdrawals.load(withdrawalId);
  }

  async execute(
    withdrawalId: string,
    command: WithdrawalCommand,
    idempotency?: IdempotentRequest,
  ): Promise<WithdrawalOutcome> {
    return this.runner.run<WithdrawalOutcome>({
      lockKeys: [withdrawalStreams.streamId(withdrawalId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.withdrawals.load(withdrawalId, unit.transaction);
        const decision = decideWithdrawal(command, loaded.state);
        if (decision.kind === 'refused') throw withdrawalRefusalError(decision.refusal, this.config.usd.minAmount);
        if (decision.kind === 'duplicate')
          return { appends: [], answer: () => ({ kind: 'duplicate', state: loaded.state }) };
        const state = withdrawalStreams.advance(loaded, decision.events);
        await this.writeRow(unit, decision.events, state);
        return {
          appends: withdrawalStreams.appendOf(loaded, decision.events),
          ledgerCommand: decision.money,
          answer: () => ({ kind: 'recorded', state }),
        };
      },
      ledgerRefusal: (refusal) => {
        if (refusal !== 'BALANCE_MUST_COVER_AMOUNT') return undefined;
        return command.type === 'RequestWithdrawal' && command.data.currency === 'usd'
          ? unprocessable('INSUFFICIENT_USD', WITHDRAWAL_MESSAGES.notEnoughUsd)
          : unprocessable('INSUFFICIENT_GEMS', WITHDRAWAL_MESSAGES.notEnoughAvailable);
      },
    });
  }

  private async writeRow(unit: UnitOfWork, events: WithdrawalEvent[], state: WithdrawalState): Promise<void> {
    const requested = state.requested!;
    if (events.some((event) => event.type === 'WithdrawalRequested')) {
      await unit.transaction.query(
        `INSERT INTO withdrawals (withdrawal_id, user_id, amount_minor, fee_minor, fee_percentage, method,
         masked_details, status, created_at, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)`,
        [
          requested.withdrawalId,
          requested.userId,
          requested.amountMinor,
          requested.feeMinor,
          requested.feePercentage,
          requested.method,
          JSON.stringify(requested.maskedDetails),
          requested.requestedAt,
          requested.currency ?? 'gems',
        ],
      );
      return;
    }
    await unit.transaction.query(
      `UPDATE withdrawals SET status = $2, failure_reason = $3, payout_reference = $4, processed_at = $5
       WHERE withdrawal_id = $1`,
      [requested.withdrawalId, state.status, state.failureReason, state.payoutReference, state.resolvedAt],
    );
  }
}
