import { Badge, Button, EmptyState, ErrorBox, errorMessage, paymentKeys } from '@app/platform';
import { Dialog, QueryView } from '@app/platform/app';
import { CreditCard, Trash2 } from '@app/platform/icons';
import { DETAIL_FIELD_LABELS, WITHDRAWAL_MESSAGES, type PaymentPreference } from '@app/contracts/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  deletePaymentPreference,
  methodLabel,
  setDefaultPaymentPreference,
  usePaymentPreferences,
  useWithdrawalMethods,
} from '../../../shared/payments-api';
import { AddPaymentMethodForm } from './add-payment-method-form';

export interface PaymentPreferencesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

function MaskedDetails({ data }: { data: Record<string, string> }) {
  return (
    <small className="ui-muted">
      {Object.entries(data)
        .map(([field, value]) => `${(DETAIL_FIELD_LABELS as Record<string, string>)[field] ?? field}: ${value}`)
        .join(' · ')}
    </small>
  );
}

function PreferenceRow({ preference, label }: { preference: PaymentPreference; label: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: paymentKeys.preferences() });
  const makeDefault = useMutation({ mutationFn: () => setDefaultPaymentPreference(preference.id), onSuccess: reload });
  const remove = useMutation({ mutationFn: () => deletePaymentPreference(preference.id), onSuccess: reload });
  const failure = makeDefault.error ?? remove.error;
  return (
    <li className="ui-list__item" aria-label={`${label}${preference.is_default ? ' (default)' : ''}`}>
      <span>
        <strong>{label}</strong> {preference.is_default ? <Badge tone="accent">Default</Badge> : null}
        <br />
        <MaskedDetails data={preference.preference_data} />
        {failure ? <ErrorBox message={errorMessage(failure, 'Could not change this payment method')} /> : null}
      </span>
      {confirming ? (
        <span className="ui-stack" role="group" aria-label="Confirm deletion">
          <span>{WITHDRAWAL_MESSAGES.deleteConfirm}</span>
          <span className="ui-row">
            <Button size="small" variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
              Yes, delete
            </Button>
            <Button size="small" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        </span>
      ) : (
        <span className="ui-row">
          {preference.is_default ? null : (
            <Button size="small" variant="secondary" busy={makeDefault.isPending} onClick={() => makeDefault.mutate()}>
              Set default
            </Button>
          )}
          <Button size="small" variant="ghost" aria-label={`Delete ${label}`} onClick={() => setConfirming(true)}>
            <Trash2 size={16} />
          </Button>
        </span>
      )}
    </li>
  );
}

/** Payment Preferences: the saved payout methods (masked), add one, make one the default, delete one. */
export default function PaymentPreferencesDialog({ open, onOpenChange }: PaymentPreferencesDialogProps) {
  const preferences = usePaymentPreferences();
  const methods = useWithdrawalMethods();
  const [adding, setAdding] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Payment Preferences"
      description="Saved payout methods for withdrawals. Details are stored encrypted and shown masked."
    >
      <QueryView
        query={preferences}
        loadingLabel="Loading payment methods"
        empty={
          <EmptyState
            title="No saved payment methods"
            message="Add one to withdraw faster."
            icon={<CreditCard size={40} />}
          />
        }
      >
        {(list) => (
          <ul className="ui-list" aria-label="Saved payment methods">
            {list.map((preference) => (
              <PreferenceRow
                key={preference.id}
                preference={preference}
                label={methodLabel(methods.data, preference.payment_method)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {adding ? (
        <QueryView
          query={methods}
          loadingLabel="Loading withdrawal methods"
          empty={<EmptyState title="No payment methods are offered right now" />}
        >
          {(list) => <AddPaymentMethodForm methods={list} onSaved={() => setAdding(false)} />}
        </QueryView>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add Payment Method
        </Button>
      )}
    </Dialog>
  );
}
