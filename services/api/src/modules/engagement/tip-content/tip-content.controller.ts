import { Body, Controller, Param } from '@nestjs/common';
import {
  ENGAGEMENT_MESSAGES,
  fundContentRoute,
  TIP_OR_FUND_AMOUNT_RULES,
  tipContentRoute,
  tipGemsRoute,
  tipOrFundAmountField,
  type FundCurrency,
  type TipGemsRequest,
  type TipOrFundRequest,
  type TipResponse,
} from '@app/contracts/engagement';
import { minorToApiNumber } from '@app/contracts/ledger';
import { badRequest, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import { decideTip } from '../domain/decide-money';
import { contentPoolStreamId } from '../domain/streams';
import { contentIdOf } from '../engagement-ids';
import { EngagementCommands, refuse, usd } from '../infrastructure/engagement-commands';

/** The exact amount for the currency named beside it: above 0, USD and gems in cents, points whole. */
function amountOf(currency: FundCurrency, raw: unknown): bigint {
  const rule = TIP_OR_FUND_AMOUNT_RULES[currency];
  const parsed = tipOrFundAmountField(currency).safeParse(raw);
  const fail = (message: string) => badRequest('VALIDATION_ERROR', message, [{ field: 'amount', message }]);
  if (!parsed.success) throw fail(parsed.error.issues[0]?.message ?? 'Enter an amount above 0');
  const text = typeof raw === 'number' ? String(raw) : String(raw).trim();
  const decimals = text.includes('.') ? text.split('.')[1]!.replace(/0+$/, '').length : 0;
  if (decimals > rule.decimals)
    throw fail(
      rule.decimals === 0 ? 'Amount must be a whole number' : `Amount must have at most ${rule.decimals} decimals`,
    );
  if (parsed.data <= 0n) throw fail('Enter an amount above 0');
  return parsed.data;
}

/** Tips and funds (spec 2 §5, §7): ledger-backed, idempotent, no overdraft (a refused tip moves nothing). */
@Controller()
export class TipContentController {
  constructor(private readonly commands: EngagementCommands) {}

  @Route(tipGemsRoute)
  tipGems(
    @IdempotencyKey(tipGemsRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(tipGemsRoute.body)) body: TipGemsRequest,
  ): Promise<TipResponse> {
    return this.give(
      'tip',
      caller,
      contentIdOf(body.content_id),
      'Gems',
      BigInt(body.tip_amount) * 10_000n,
      idempotency,
    );
  }

  @Route(tipContentRoute)
  tip(
    @IdempotencyKey(tipContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(tipContentRoute.body)) body: TipOrFundRequest,
  ): Promise<TipResponse> {
    return this.give(
      'tip',
      caller,
      contentIdOf(rawId),
      body.currency_type,
      amountOf(body.currency_type, body.amount),
      idempotency,
    );
  }

  @Route(fundContentRoute)
  fund(
    @IdempotencyKey(fundContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(tipContentRoute.body)) body: TipOrFundRequest,
  ): Promise<TipResponse> {
    return this.give(
      'fund',
      caller,
      contentIdOf(rawId),
      body.currency_type,
      amountOf(body.currency_type, body.amount),
      idempotency,
    );
  }

  private async give(
    kind: 'tip' | 'fund',
    caller: AuthenticatedUser,
    contentId: string,
    currency: FundCurrency,
    amountMinor: bigint,
    idempotency: IdempotentRequest,
  ): Promise<TipResponse> {
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const ledgerCurrency = currency === 'USD' ? 'usd' : currency === 'Gems' ? 'gems' : 'points';
    return this.commands.run({
      idempotency,
      lockKeys: [contentPoolStreamId(contentId)],
      moneyRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable(
              'INSUFFICIENT_BALANCE',
              currency === 'Gems' ? ENGAGEMENT_MESSAGES.insufficientGems : ENGAGEMENT_MESSAGES.insufficientBalance,
            )
          : undefined,
      decide: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        const pool = await this.commands.store.pool(contentId, unit.transaction);
        const decision = decideTip(
          {
            kind,
            contentId,
            fromUserId: caller.userId,
            fromIsDemo: caller.isDemo,
            content,
            currency,
            amountMinor,
            transactionId,
            now,
          },
          pool.state,
        );
        if (decision.kind === 'refused') refuse(decision);
        return {
          streams: [{ loaded: pool, events: decision.events }],
          money: decision.money,
          answer: (posted) => ({
            success: true as const,
            kind,
            transaction_id: posted ?? transactionId,
            content_id: contentId,
            amount: minorToApiNumber(amountMinor, ledgerCurrency),
            currency_type: currency,
            usd_value: usd(decision.usdMinor),
            new_revenue: usd(decision.newRevenueUsdMinor),
            new_share_price: usd(decision.newSharePriceUsdMinor),
          }),
        };
      },
    });
  }
}
