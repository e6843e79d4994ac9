import { Body, Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { v7 as uuidv7 } from 'uuid';
import {
  maskPaymentDetails,
  requestWithdrawalRoute,
  validatePaymentDetails,
  type UsdWithdrawalTerms,
  type WithdrawalCurrency,
  type WithdrawalMethod,
  getWithdrawalMethodsRoute,
  getUsdWithdrawalTermsRoute,
  getWithdrawalsRoute,
} from '@app/contracts/withdrawals';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { badRequest } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { WITHDRAWALS_CONFIG, type WithdrawalsConfig } from '../config/withdrawals-config';
import { decideWithdrawal, initialWithdrawal, type WithdrawalCommand } from '../domain/withdrawal';
import { DetailsCipher } from '../infrastructure/details-cipher';
import { WithdrawalCommands, withdrawalRefusalError } from '../infrastructure/withdrawal-commands';
import { WITHDRAWAL_COLUMNS, withdrawalView, type WithdrawalRow } from './withdrawal-views';
import { Route } from '../../../platform/http/route.decorator';

interface Queryable {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * `GET /api/withdrawal/methods`, `GET /api/withdrawal/usd-terms`, `POST /api/withdrawal/request`,
 * `GET /api/withdrawal/requests`.
 */
@Controller()
export class WithdrawalController {
  constructor(
    private readonly commands: WithdrawalCommands,
    private readonly cipher: DetailsCipher,
    private readonly queryBus: QueryBus,
    @Inject(WITHDRAWALS_CONFIG) private readonly config: WithdrawalsConfig,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
  ) {}

  @Route(getWithdrawalMethodsRoute)
  methods(): WithdrawalMethod[] {
    return this.config.methods.map((method) => ({ ...method, required_fields: [...method.required_fields] }));
  }

  @Route(getUsdWithdrawalTermsRoute)
  usdTerms(): UsdWithdrawalTerms {
    return {
      currency_type: 'usd',
      min_amount: this.config.usd.minAmount,
      fee_percentage: this.config.usd.feePercentage,
    };
  }

  @Route(requestWithdrawalRoute)
  async request(
    @IdempotencyKey(requestWithdrawalRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(requestWithdrawalRoute.body))
    body: {
      amount: bigint;
      payment_method: string;
      payment_details: Record<string, unknown>;
      currency_type: WithdrawalCurrency;
    },
  ) {
    const user = await getExistingUser(this.queryBus, caller.userId);
    const method = this.config.methods.find((candidate) => candidate.method_name === body.payment_method.toLowerCase());
    const withdrawalId = uuidv7();
    const command = (encryptedDetails: string, maskedDetails: Record<string, string>): WithdrawalCommand => ({
      type: 'RequestWithdrawal',
      data: {
        withdrawalId,
        userId: caller.userId,
        holdId: `withdrawal-${withdrawalId}`,
        amountMinor: body.amount,
        method,
        currency: body.currency_type,
        usdTerms: {
          minAmountMinor: BigInt(Math.round(this.config.usd.minAmount * 100)) * 100n,
          feePercentage: this.config.usd.feePercentage,
        },
        holdDays: this.config.holdDays,
        isDemo: user.is_demo === true,
        encryptedDetails,
        maskedDetails,
        now: new Date().toISOString(),
      },
    });
    // The decider's refusals (demo account, below 200 gems, unknown method) come before the details' field errors.
    const preview = decideWithdrawal(command('', {}), initialWithdrawal());
    if (preview.kind === 'refused') throw withdrawalRefusalError(preview.refusal, this.config.usd.minAmount);
    const checked = validatePaymentDetails(method!.required_fields, body.payment_details);
    if (!checked.ok) throw badRequest('VALIDATION_ERROR', checked.errors[0].message, checked.errors);
    const details = Object.fromEntries(
      Object.entries(checked.details).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    const outcome = await this.commands.execute(
      withdrawalId,
      command(this.cipher.encrypt(details, caller.userId), maskPaymentDetails(details)),
      idempotency,
    );
    const withdrawal = withdrawalView(rowOf(outcome.state));
    const what = withdrawal.currency_type === 'usd' ? `$${withdrawal.amount.toFixed(2)}` : `${withdrawal.amount} gems`;
    return {
      success: true as const,
      message: `Withdrawal of ${what} requested: the amount is held until the payout completes.`,
      withdrawal,
    };
  }

  @Route(getWithdrawalsRoute)
  async list(@CurrentUser() caller: AuthenticatedUser) {
    const rows = await this.database.query<WithdrawalRow>(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC LIMIT 100`,
      [caller.userId],
    );
    return { withdrawals: rows.rows.map(withdrawalView) };
  }
}

function rowOf(state: Awaited<ReturnType<WithdrawalCommands['load']>>['state']): WithdrawalRow {
  const requested = state.requested!;
  return {
    withdrawal_id: requested.withdrawalId,
    currency: requested.currency ?? 'gems',
    amount_minor: requested.amountMinor,
    fee_minor: requested.feeMinor,
    fee_percentage: String(requested.feePercentage),
    method: requested.method,
    masked_details: requested.maskedDetails,
    status: state.status === 'none' ? 'pending' : state.status,
    failure_reason: state.failureReason,
    payout_reference: state.payoutReference,
    created_at: new Date(requested.requestedAt),
    processed_at: state.resolvedAt ? new Date(state.resolvedAt) : null,
  };
}
