import { Body, Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { v7 as uuidv7 } from 'uuid';
import {
  COUPON_DEFAULTS,
  COUPON_MESSAGES,
  assignCouponRoute,
  createCouponRoute,
  redeemCouponRoute,
  type AssignCouponRequest,
  type CouponResponse,
  type CouponsResponse,
  type CreateCouponRequest,
  type RedeemCouponRequest,
  type RedeemCouponResponse,
  listCouponsRoute,
} from '@app/contracts/incentives';
import { forbidden, notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { ListDropsQuery } from '@app/contracts/drops';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { CouponCommands } from '../infrastructure/coupon-commands';
import { CouponViews } from '../infrastructure/coupon-views';
import { Route } from '../../../platform/http/route.decorator';

const DAY_MS = 24 * 60 * 60 * 1000;
const BAND_LABELS: Record<string, string> = {
  'top-5': 'Top 5 this week',
  'top-10': 'Top 10 this week',
  'top-25': 'Top 25 this week',
  'growth-leaders': 'Growth leaders this week',
};

/** A date (`YYYY-MM-DD`, the start of that UTC day) or a date and time, as an ISO instant. */
const instant = (value: string) =>
  new Date(Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value)).toISOString();
/** An end given as a date lasts through that day (UTC). */
const endInstant = (value: string) =>
  value.length === 10 ? new Date(Date.parse(`${value}T00:00:00.000Z`) + DAY_MS).toISOString() : instant(value);

/** Spec 3 §7's coupon calls, served without the /api prefix (bootstrap's UNPREFIXED_ROUTES). Advertisers only. */
@Controller()
export class CouponsController {
  constructor(
    private readonly commands: CouponCommands,
    private readonly views: CouponViews,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(listCouponsRoute)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<CouponsResponse> {
    await this.advertiser(caller);
    return { status: 'success', message: 'Coupons loaded', data: await this.views.list(caller.userId) };
  }

  @Route(createCouponRoute)
  async create(
    @IdempotencyKey(createCouponRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createCouponRoute.body)) body: CreateCouponRequest,
  ): Promise<CouponResponse> {
    await this.advertiser(caller);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const startDate = instant(body.start_date ?? today);
    const endDate = body.end_date
      ? endInstant(body.end_date)
      : new Date(Date.parse(`${today}T00:00:00.000Z`) + (COUPON_DEFAULTS.duration_days + 1) * DAY_MS).toISOString();
    const couponId = uuidv7();
    const outcome = await this.commands.execute(
      couponId,
      {
        type: 'CreateCoupon',
        data: {
          couponId,
          ownerId: caller.userId,
          title: body.title,
          description: body.description ?? '',
          rewardType: body.reward_type ?? COUPON_DEFAULTS.reward_type,
          valueHundredths: Math.round(Number(body.value ?? COUPON_DEFAULTS.value) * 100),
          valueUnit: body.value_unit ?? COUPON_DEFAULTS.value_unit,
          quantityTotal: Number(body.quantity_total ?? body.quantity ?? COUPON_DEFAULTS.quantity_total),
          startDate,
          endDate,
          createdAt: now.toISOString(),
        },
      },
      idempotency,
    );
    return {
      status: 'success',
      message: 'Coupon created',
      data: { coupon: await this.views.one(outcome.state.couponId) },
    };
  }

  /**
   * A drop: one of the caller's own (else 403). A leaderboard band: awarded when each week closes
   * (`LeaderboardAwardsJob`).
   */
  @Route(assignCouponRoute)
  async assign(
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(assignCouponRoute.params)) params: { id: string },
    @Body(new ZodValidationPipe(assignCouponRoute.body)) body: AssignCouponRequest,
  ): Promise<CouponResponse> {
    await this.advertiser(caller);
    let label = body.target_label?.trim() || '';
    if (body.target_type === 'drop') {
      const mine = await this.queryBus.execute(
        new ListDropsQuery({ creatorId: caller.userId, viewerId: caller.userId, limit: 1000 }),
      );
      const drop = mine.find((candidate) => String(candidate.id) === body.target_id);
      if (!drop) throw forbidden(COUPON_MESSAGES.notOwnDrop, 'NOT_OWN_DROP');
      label ||= drop.title;
    } else {
      label ||= BAND_LABELS[body.target_id];
    }
    const outcome = await this.commands.execute(params.id, {
      type: 'AssignCoupon',
      data: {
        ownerId: caller.userId,
        assignmentId: uuidv7(),
        targetType: body.target_type,
        targetId: body.target_id,
        targetLabel: label,
        now: new Date().toISOString(),
      },
    });
    return {
      status: 'success',
      message: body.target_type === 'drop' ? 'Coupon attached to the drop' : 'Coupon assigned to the leaderboard',
      data: { coupon: await this.views.one(outcome.state.couponId) },
    };
  }

  @Route(redeemCouponRoute)
  async redeem(
    @IdempotencyKey(redeemCouponRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(redeemCouponRoute.params)) params: { id: string },
    @Body(new ZodValidationPipe(redeemCouponRoute.body)) body: RedeemCouponRequest,
  ): Promise<RedeemCouponResponse> {
    await this.advertiser(caller);
    const redemptionId = uuidv7();
    const outcome = await this.commands.execute(
      params.id,
      {
        type: 'RedeemCoupon',
        data: { ownerId: caller.userId, redemptionId, userName: body.user_name.trim(), now: new Date().toISOString() },
      },
      idempotency,
    );
    const redeemed = outcome.events.find((event) => event.type === 'CouponRedeemed');
    const id = redeemed?.type === 'CouponRedeemed' ? redeemed.data.redemptionId : redemptionId;
    if (!redeemed && outcome.kind !== 'recorded') throw notFound('COUPON_NOT_FOUND', COUPON_MESSAGES.notFound);
    return {
      status: 'success',
      message: 'Coupon redeemed',
      data: { coupon: await this.views.one(outcome.state.couponId), redemption: await this.views.redemption(id) },
    };
  }

  private async advertiser(caller: AuthenticatedUser) {
    const user = await getExistingUser(this.queryBus, caller.userId);
    if (user.user_type !== 'advertiser') throw forbidden(COUPON_MESSAGES.advertisersOnly, 'ADVERTISER_ONLY');
    return user;
  }
}
