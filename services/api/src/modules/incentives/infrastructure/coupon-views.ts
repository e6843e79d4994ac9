import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { couponStatus, type CouponView, type RedemptionView } from '@app/contracts/incentives';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

interface CouponRow {
  coupon_id: string;
  title: string;
  description: string;
  reward_type: CouponView['reward_type'];
  value_hundredths: string;
  value_unit: CouponView['value_unit'];
  quantity_total: number;
  quantity_remaining: number;
  start_date: Date;
  end_date: Date;
  created_at: Date;
}

interface RedemptionRow {
  redemption_id: string;
  coupon_id: string;
  title: string;
  user_name: string;
  value_hundredths: string;
  value_unit: CouponView['value_unit'];
  source: RedemptionView['source'];
  redeemed_at: Date;
}

/** A redemption with its coupon's title and value; callers add the WHERE (and order) clause. */
const REDEMPTION_SELECT = `SELECT r.redemption_id, r.coupon_id, c.title, r.user_name, c.value_hundredths, c.value_unit,
       r.source, r.redeemed_at
  FROM incentive_redemptions r JOIN incentive_coupons c ON c.coupon_id = r.coupon_id`;

const hundredthsToNumber = (hundredths: string | number) => Number(BigInt(hundredths)) / 100;

const redemptionView = (row: RedemptionRow): RedemptionView => ({
  id: row.redemption_id,
  coupon_id: row.coupon_id,
  coupon_title: row.title,
  user_name: row.user_name,
  reward_value: hundredthsToNumber(row.value_hundredths),
  reward_unit: row.value_unit,
  source: row.source,
  redeemed_at: row.redeemed_at.toISOString(),
});

/** The coupons screens' lists, from the rows written with the coupons' events (read-your-writes by construction). */
@Injectable()
export class CouponViews {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async list(ownerId: string, now = new Date()): Promise<{ coupons: CouponView[]; redemptions: RedemptionView[] }> {
    const coupons = await this.pool.query<CouponRow>(
      'SELECT * FROM incentive_coupons WHERE owner_id = $1 ORDER BY created_at DESC, coupon_id LIMIT 200',
      [ownerId],
    );
    const views = await this.withAssignments(coupons.rows, now);
    const redemptions = await this.pool.query<RedemptionRow>(
      `${REDEMPTION_SELECT} WHERE r.owner_id = $1 ORDER BY r.redeemed_at DESC, r.redemption_id LIMIT 200`,
      [ownerId],
    );
    return { coupons: views, redemptions: redemptions.rows.map(redemptionView) };
  }

  async one(couponId: string, now = new Date()): Promise<CouponView> {
    const rows = await this.pool.query<CouponRow>('SELECT * FROM incentive_coupons WHERE coupon_id = $1', [couponId]);
    const [view] = await this.withAssignments(rows.rows, now);
    return view;
  }

  async redemption(redemptionId: string): Promise<RedemptionView> {
    const rows = await this.pool.query<RedemptionRow>(`${REDEMPTION_SELECT} WHERE r.redemption_id = $1`, [
      redemptionId,
    ]);
    return redemptionView(rows.rows[0]);
  }

  private async withAssignments(rows: CouponRow[], now: Date): Promise<CouponView[]> {
    if (rows.length === 0) return [];
    const assignments = await this.pool.query<{
      assignment_id: string;
      coupon_id: string;
      target_type: 'drop' | 'leaderboard';
      target_id: string;
      target_label: string;
    }>(
      `SELECT assignment_id, coupon_id, target_type, target_id, target_label FROM incentive_assignments
       WHERE coupon_id = ANY($1) ORDER BY assigned_at, assignment_id`,
      [rows.map((row) => row.coupon_id)],
    );
    return rows.map((row) => ({
      id: row.coupon_id,
      title: row.title,
      description: row.description,
      reward_type: row.reward_type,
      value: hundredthsToNumber(row.value_hundredths),
      value_unit: row.value_unit,
      quantity_total: row.quantity_total,
      quantity_remaining: row.quantity_remaining,
      start_date: row.start_date.toISOString(),
      end_date: row.end_date.toISOString(),
      status: couponStatus(row.start_date.toISOString(), row.end_date.toISOString(), now),
      assignments: assignments.rows
        .filter((assignment) => assignment.coupon_id === row.coupon_id)
        .map((assignment) => ({
          id: assignment.assignment_id,
          target_type: assignment.target_type,
          target_id: assignment.target_id,
          target_label: assignment.target_label,
        })),
      created_at: row.created_at.toISOString(),
    }));
  }
}
