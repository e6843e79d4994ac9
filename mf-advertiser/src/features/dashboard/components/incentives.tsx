import { Badge, ButtonLink, Card, EmptyState, formatCount } from '@app/platform';
import { useCoupons } from '../../coupons/coupons-api';
import { formatCouponValue } from '../../coupons/coupons-page';

/** Coupons shown in the dashboard's incentives section; the rest are on /coupons. */
export const DASHBOARD_COUPONS = 5;

/** The coupons (cached 30 s); a failed load is an empty list on the dashboard (spec 3 §8). */
function useDashboardCoupons() {
  const coupons = useCoupons();
  return {
    loading: coupons.isPending,
    coupons: coupons.data?.coupons ?? [],
    redemptions: coupons.data?.redemptions ?? [],
  };
}

/** Incentive highlights (spec 3 §2): active coupons, redemptions, and the way to the coupons page. */
export function IncentiveHighlights() {
  const { loading, coupons, redemptions } = useDashboardCoupons();
  const active = coupons.filter((coupon) => coupon.status === 'active').length;
  const stats = [
    { label: 'Active coupons', value: loading ? '…' : formatCount(active) },
    { label: 'Redemptions', value: loading ? '…' : formatCount(redemptions.length) },
  ];
  return (
    <Card
      title="Incentive highlights"
      actions={
        <ButtonLink to="/coupons" variant="ghost">
          Manage coupons
        </ButtonLink>
      }
    >
      <div className="ui-row">
        {stats.map((stat) => (
          <div key={stat.label} className="ui-stat" style={{ flex: 1 }}>
            <span className="ui-stat__label">{stat.label}</span>
            <span className="ui-stat__value" aria-label={stat.label}>
              {stat.value}
            </span>
          </div>
        ))}
      </div>
    </Card>
  );
}

/** The incentives (coupons) section: the latest coupons with value, status and what is left. */
export function CouponsSection() {
  const { loading, coupons } = useDashboardCoupons();
  return (
    <Card
      title="Incentives"
      actions={
        <ButtonLink to="/coupons" variant="secondary">
          All coupons
        </ButtonLink>
      }
    >
      {loading ? null : coupons.length === 0 ? (
        <EmptyState
          title="No coupons yet"
          message="Reward creators on your drops or the weekly leaderboard with a coupon."
        />
      ) : (
        <ul className="ui-stack" aria-label="Coupons" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {coupons.slice(0, DASHBOARD_COUPONS).map((coupon) => (
            <li key={coupon.id} className="ui-row">
              <strong>{coupon.title}</strong>
              <Badge tone={coupon.status === 'active' ? 'success' : coupon.status === 'expired' ? 'danger' : 'neutral'}>
                {coupon.status}
              </Badge>
              <span>{formatCouponValue(coupon.value, coupon.value_unit)}</span>
              <span className="ui-muted">
                {formatCount(coupon.quantity_remaining)} of {formatCount(coupon.quantity_total)} left · until{' '}
                {coupon.end_date.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {coupons.length > DASHBOARD_COUPONS ? (
        <ButtonLink to="/coupons" variant="ghost">{`See all ${coupons.length} coupons`}</ButtonLink>
      ) : null}
    </Card>
  );
}
