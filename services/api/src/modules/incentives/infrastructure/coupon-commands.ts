import { Injectable } from '@nestjs/common';
import type { TransactionHandle } from '@app/event-store';
import { COUPON_MESSAGES, type CouponEvent } from '@app/contracts/incentives';
import { ApiError, conflict, forbidden, notFound } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { decideCoupon, type CouponCommand, type CouponRefusal, type CouponState } from '../domain/coupon';
import { Coupons, couponStreams } from './coupon-streams';

export type CouponOutcome = { kind: 'recorded' | 'duplicate'; state: CouponState; events: CouponEvent[] };

export function couponRefusalError(refusal: CouponRefusal): ApiError {
  switch (refusal) {
    case 'COUPON_MUST_EXIST':
    case 'MUST_BE_OWNER':
      // Another advertiser's coupon reads as unknown: ids are not disclosed.
      return notFound('COUPON_NOT_FOUND', COUPON_MESSAGES.notFound);
    case 'COUPON_MUST_BE_NEW':
      return conflict('COUPON_EXISTS', 'This coupon already exists');
    case 'COUPON_MUST_BE_ACTIVE':
      return conflict('COUPON_NOT_ACTIVE', COUPON_MESSAGES.notActive);
    case 'QUANTITY_MUST_REMAIN':
      return conflict('COUPON_EXHAUSTED', COUPON_MESSAGES.exhausted);
    case 'TARGET_MUST_BE_NEW':
      return conflict('ALREADY_ASSIGNED', COUPON_MESSAGES.alreadyAssigned);
    case 'ASSIGNMENT_MUST_EXIST':
      return forbidden('No such leaderboard assignment', 'ASSIGNMENT_NOT_FOUND');
  }
}

/**
 * Every change to a coupon through the use-case runner: the events on `coupon-<id>` with its expected version
 * (parallel redemptions queue on the stream's lock, and across processes the loser of the version race decides
 * again on the new state), and the read-model rows in the same transaction.
 */
@Injectable()
export class CouponCommands {
  constructor(
    private readonly coupons: Coupons,
    private readonly runner: UseCaseRunner,
  ) {}

  load(couponId: string) {
    return this.coupons.load(couponId);
  }

  async execute(couponId: string, command: CouponCommand, idempotency?: IdempotentRequest): Promise<CouponOutcome> {
    return this.runner.run<CouponOutcome>({
      lockKeys: [couponStreams.streamId(couponId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.coupons.load(couponId, unit.transaction);
        const decision = decideCoupon(command, loaded.state);
        if (decision.kind === 'refused') throw couponRefusalError(decision.refusal);
        if (decision.kind === 'duplicate')
          return { appends: [], answer: () => ({ kind: 'duplicate', state: loaded.state, events: [] }) };
        const state = couponStreams.advance(loaded, decision.events);
        await writeRows(unit.transaction, state, decision.events);
        return {
          appends: couponStreams.appendOf(loaded, decision.events),
          answer: () => ({ kind: 'recorded', state, events: decision.events }),
        };
      },
    });
  }
}

async function writeRows(transaction: TransactionHandle, state: CouponState, events: CouponEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'CouponCreated': {
        const data = event.data;
        await transaction.query(
          `INSERT INTO incentive_coupons (coupon_id, owner_id, title, description, reward_type, value_hundredths,
           value_unit, quantity_total, quantity_remaining, start_date, end_date, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11)`,
          [
            data.couponId,
            data.ownerId,
            data.title,
            data.description,
            data.rewardType,
            data.valueHundredths,
            data.valueUnit,
            data.quantityTotal,
            data.startDate,
            data.endDate,
            data.createdAt,
          ],
        );
        break;
      }
      case 'CouponAssigned':
        await transaction.query(
          `INSERT INTO incentive_assignments (assignment_id, coupon_id, target_type, target_id, target_label,
           assigned_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            event.data.assignmentId,
            event.data.couponId,
            event.data.targetType,
            event.data.targetId,
            event.data.targetLabel,
            event.data.assignedAt,
          ],
        );
        break;
      case 'CouponRedeemed':
        await transaction.query(
          `INSERT INTO incentive_redemptions (redemption_id, coupon_id, owner_id, user_name, user_id, source,
           redeemed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            event.data.redemptionId,
            event.data.couponId,
            state.created!.ownerId,
            event.data.userName,
            event.data.userId,
            event.data.source,
            event.data.redeemedAt,
          ],
        );
        break;
      case 'CouponBandAwarded':
        break;
    }
  }
  if (events.some((event) => event.type === 'CouponRedeemed')) {
    await transaction.query('UPDATE incentive_coupons SET quantity_remaining = $2 WHERE coupon_id = $1', [
      state.couponId,
      state.quantityRemaining,
    ]);
  }
}
