import { Badge, Card, EmptyState, formatBalance, formatMoney, refreshMoneyViews, useSession } from '@app/platform';
import { QueryView } from '@app/platform/app';
import type { Withdrawal } from '@app/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { methodLabel, useWithdrawalMethods } from '../../../shared/payments-api';
import { useWithdrawals } from '../api/withdraw-api';

/** `200 gems` or `$25.00`: a withdrawal is of gems or USD. */
const amountOf = (withdrawal: Withdrawal, amount: number) =>
  withdrawal.currency_type === 'usd' ? formatMoney(amount) : `${formatBalance(amount)} gems`;

const tones: Record<Withdrawal['status'], 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  processed: 'success',
  failed: 'danger',
};

/** The user's withdrawals, pending → processed | failed; when one settles, every balance view reloads. */
export function WithdrawalsCard() {
  const withdrawals = useWithdrawals();
  const methods = useWithdrawalMethods();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const pending = withdrawals.data?.filter((withdrawal) => withdrawal.status === 'pending').length ?? 0;
  const previousPending = useRef(pending);
  useEffect(() => {
    if (pending < previousPending.current) void Promise.all([refreshMoneyViews(queryClient), refresh()]);
    previousPending.current = pending;
  }, [pending, queryClient, refresh]);
  return (
    <Card title="Withdrawals">
      <QueryView
        query={withdrawals}
        loadingLabel="Loading withdrawals"
        empty={
          <EmptyState
            title="No withdrawals yet"
            message="Withdraw from 200 gems with the Gems card's Withdraw button."
          />
        }
      >
        {(list) => (
          <ul className="ui-list" aria-label="Withdrawals">
            {list.slice(0, 10).map((withdrawal) => (
              <li key={withdrawal.id} className="ui-list__item">
                <span>
                  {amountOf(withdrawal, withdrawal.amount)} to {methodLabel(methods.data, withdrawal.payment_method)}
                  <br />
                  <small className="ui-muted">
                    {new Date(withdrawal.created_at).toLocaleString()} · fee {amountOf(withdrawal, withdrawal.fee)}
                    {withdrawal.failure_reason ? ` · ${withdrawal.failure_reason}` : ''}
                  </small>
                </span>
                <Badge tone={tones[withdrawal.status]}>{withdrawal.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
