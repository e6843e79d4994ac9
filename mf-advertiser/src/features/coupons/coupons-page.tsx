import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorBox,
  PageHeader,
  SkeletonList,
  TextField,
  errorMessage,
  formatBalance,
} from '@app/platform';
import {
  Form,
  FormError,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useZodForm,
} from '@app/platform/forms';
import {
  COUPON_DEFAULTS,
  COUPON_MESSAGES,
  COUPON_REWARD_TYPES,
  COUPON_VALUE_UNITS,
  CreateCouponRequestSchema,
  LEADERBOARD_BANDS,
  type CouponStatus,
  type CouponView,
  type RedemptionView,
} from '@app/contracts/incentives';
import { useState } from 'react';
import { useAssignCoupon, useCoupons, useCreateCoupon, useMyDrops, useRedeemCoupon } from './coupons-api';

const STATUS_TONES: Record<CouponStatus, 'success' | 'neutral' | 'danger'> = {
  active: 'success',
  scheduled: 'neutral',
  expired: 'danger',
};
const BAND_LABELS: Record<string, string> = {
  'top-5': 'Top 5',
  'top-10': 'Top 10',
  'top-25': 'Top 25',
  'growth-leaders': 'Growth leaders (weekly)',
};
const DAY_MS = 24 * 60 * 60 * 1000;
const dateOnly = (at: Date) => at.toISOString().slice(0, 10);

export function formatCouponValue(value: number, unit: CouponView['value_unit']): string {
  switch (unit) {
    case 'percentage':
      return `${formatBalance(value)}% off`;
    case 'usd':
      return `$${value.toFixed(2)}`;
    case 'item':
      return value === 1 ? '1 item' : `${formatBalance(value)} items`;
    default:
      return `${formatBalance(value)} ${unit}`;
  }
}

/** Spec 3 §9 defaults: coupon, 10 percent, quantity 10, today to 30 days ahead. */
function CreateCouponForm({ onDone }: { onDone(): void }) {
  const create = useCreateCoupon();
  const today = new Date();
  const form = useZodForm(CreateCouponRequestSchema, {
    defaultValues: {
      title: '',
      description: '',
      reward_type: COUPON_DEFAULTS.reward_type,
      value: String(COUPON_DEFAULTS.value),
      value_unit: COUPON_DEFAULTS.value_unit,
      quantity_total: String(COUPON_DEFAULTS.quantity_total),
      start_date: dateOnly(today),
      end_date: dateOnly(new Date(today.getTime() + COUPON_DEFAULTS.duration_days * DAY_MS)),
    },
  });
  const submit = async () => {
    await create.mutateAsync(form.getValues());
    form.reset();
    onDone();
  };
  return (
    <Card>
      <Form form={form} onSubmit={submit} fallbackError={COUPON_MESSAGES.createFailed} aria-label="New coupon">
        <FormTextField name="title" label="Title" required />
        <FormTextArea name="description" label="Description" />
        <FormSelect
          name="reward_type"
          label="Reward type"
          options={COUPON_REWARD_TYPES.map((value) => ({ value, label: value }))}
        />
        <FormTextField name="value" label="Value" inputMode="decimal" />
        <FormSelect
          name="value_unit"
          label="Unit"
          options={COUPON_VALUE_UNITS.map((value) => ({ value, label: value }))}
        />
        <FormTextField name="quantity_total" label="Quantity" inputMode="numeric" />
        <FormTextField name="start_date" label="Starts" type="date" />
        <FormTextField name="end_date" label="Ends" type="date" />
        <FormError />
        <SubmitButton>Create coupon</SubmitButton>
      </Form>
    </Card>
  );
}

/** Attach to one of the advertiser's drops, or to a weekly leaderboard band. */
function AssignCoupon({ coupon }: { coupon: CouponView }) {
  const [targetType, setTargetType] = useState<'drop' | 'leaderboard'>('drop');
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const drops = useMyDrops(targetType === 'drop');
  const assign = useAssignCoupon();
  const attach = async () => {
    setProblem(null);
    if (!target)
      return setProblem(targetType === 'drop' ? COUPON_MESSAGES.selectDropFirst : 'Select a leaderboard band first.');
    try {
      await assign.mutateAsync({ id: coupon.id, body: { target_type: targetType, target_id: target } });
      setTarget('');
    } catch (error) {
      setProblem(
        errorMessage(
          error,
          targetType === 'drop' ? COUPON_MESSAGES.assignDropFailed : COUPON_MESSAGES.assignLeaderboardFailed,
        ),
      );
    }
  };
  const options =
    targetType === 'drop'
      ? (drops.data ?? []).map((drop) => ({ value: drop.id, label: drop.title }))
      : LEADERBOARD_BANDS.map((band) => ({ value: band, label: BAND_LABELS[band] }));
  return (
    <div className="ui-row" role="group" aria-label={`Assign ${coupon.title}`}>
      <label>
        Assign to{' '}
        <select
          value={targetType}
          onChange={(event) => {
            setTargetType(event.target.value as 'drop' | 'leaderboard');
            setTarget('');
          }}
        >
          <option value="drop">A drop</option>
          <option value="leaderboard">The leaderboard</option>
        </select>
      </label>
      <label>
        {targetType === 'drop' ? 'Drop' : 'Band'}{' '}
        <select value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">
            {targetType === 'drop'
              ? drops.isPending
                ? 'Loading drops…'
                : options.length === 0
                  ? 'No drops yet'
                  : 'Choose a drop'
              : 'Choose a band'}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <Button size="small" variant="secondary" busy={assign.isPending} onClick={() => void attach()}>
        Attach
      </Button>
      {problem ? <span role="alert">{problem}</span> : null}
    </div>
  );
}

/** Redemption asks for the recipient's name (spec 3 §5). */
function RedeemCoupon({ coupon }: { coupon: CouponView }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const redeem = useRedeemCoupon();
  const submit = async () => {
    setProblem(null);
    if (!name.trim()) return setProblem(COUPON_MESSAGES.userNameRequired);
    try {
      await redeem.mutateAsync({ id: coupon.id, userName: name.trim() });
      setName('');
    } catch (error) {
      setProblem(errorMessage(error, COUPON_MESSAGES.redeemFailed));
    }
  };
  const usable = coupon.status === 'active' && coupon.quantity_remaining > 0;
  return (
    <form
      className="ui-row"
      aria-label={`Redeem ${coupon.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Recipient name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={!usable}
      />
      <Button type="submit" size="small" busy={redeem.isPending} disabled={!usable}>
        Redeem
      </Button>
      {problem ? <span role="alert">{problem}</span> : null}
    </form>
  );
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const remaining = `${coupon.quantity_remaining} of ${coupon.quantity_total} left`;
  const period = `${coupon.start_date.slice(0, 10)} to ${coupon.end_date.slice(0, 10)}`;
  return (
    <li>
      <Card>
        <h2>
          {coupon.title} <Badge tone={STATUS_TONES[coupon.status]}>{coupon.status}</Badge>
        </h2>
        {coupon.description ? <p>{coupon.description}</p> : null}
        <p>
          {formatCouponValue(coupon.value, coupon.value_unit)} · {coupon.reward_type} · {remaining} · {period}
        </p>
        {coupon.assignments.length > 0 ? (
          <ul aria-label={`${coupon.title} assignments`}>
            {coupon.assignments.map((assignment) => (
              <li key={assignment.id}>
                {assignment.target_type === 'drop' ? 'Drop' : 'Leaderboard'}: {assignment.target_label}
              </li>
            ))}
          </ul>
        ) : null}
        <AssignCoupon coupon={coupon} />
        <RedeemCoupon coupon={coupon} />
      </Card>
    </li>
  );
}

function Redemptions({ redemptions }: { redemptions: RedemptionView[] }) {
  if (redemptions.length === 0) return <p>No redemptions yet.</p>;
  return (
    <table className="ui-table" aria-label="Redemptions">
      <thead>
        <tr>
          <th scope="col">Recipient</th>
          <th scope="col">Coupon</th>
          <th scope="col">Reward</th>
          <th scope="col">Redeemed</th>
        </tr>
      </thead>
      <tbody>
        {redemptions.map((redemption) => (
          <tr key={redemption.id}>
            <th scope="row">{redemption.user_name}</th>
            <td>
              {redemption.coupon_title}
              {redemption.source === 'leaderboard' ? ' (leaderboard)' : ''}
            </td>
            <td>{formatCouponValue(redemption.reward_value, redemption.reward_unit)}</td>
            <td>{redemption.redeemed_at.slice(0, 10)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /coupons: the advertiser's coupons (incentives) with creation, assignment and redemption. */
export function CouponsPage() {
  const coupons = useCoupons();
  const [creating, setCreating] = useState(false);
  return (
    <div className="ui-stack">
      <PageHeader
        title="Coupons"
        subtitle="Vouchers you give to your community: attach them to drops or award them to the weekly leaderboard"
        actions={<Button onClick={() => setCreating((open) => !open)}>{creating ? 'Close' : 'New coupon'}</Button>}
      />
      {creating ? <CreateCouponForm onDone={() => setCreating(false)} /> : null}
      {coupons.isPending ? <SkeletonList label="Loading coupons" /> : null}
      {coupons.isError ? (
        <ErrorBox message={`Failed to load coupons: ${coupons.error.message}`} onRetry={() => void coupons.refetch()} />
      ) : null}
      {coupons.data ? (
        <>
          {coupons.data.coupons.length === 0 ? (
            <EmptyState
              title="No coupons yet"
              message="Create a coupon to reward participants of your drops or the week's leaders."
              action={creating ? undefined : <Button onClick={() => setCreating(true)}>Create coupon</Button>}
            />
          ) : (
            <ul className="ui-stack" aria-label="Coupons">
              {coupons.data.coupons.map((coupon) => (
                <CouponCard key={coupon.id} coupon={coupon} />
              ))}
            </ul>
          )}
          <h2>Redemptions</h2>
          <Redemptions redemptions={coupons.data.redemptions} />
        </>
      ) : null}
    </div>
  );
}
