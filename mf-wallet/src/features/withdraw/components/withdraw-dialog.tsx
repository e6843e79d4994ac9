import { ApiError, Badge, Button, formatBalance, isApiError, refreshMoneyViews, useIdempotencyKey, useSession } from '@app/platform';
import { Dialog, Form, FormError, SubmitButton, type UseFormReturn, useRequestForm, useWatch } from '@app/platform/app';
import { PAYMENT_DETAIL_FIELDS, WITHDRAWAL_MESSAGES, type Withdrawal } from '@app/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useWithdrawalMethods } from '../../../shared/payments-api';
import { requestWithdrawal, withdrawalsKey } from '../api/withdraw-api';
import { AmountStep, ConfirmStep, DetailsStep, MethodStep, StepIndicator } from './withdraw-steps';
import { INITIAL_WITHDRAW_VALUES, type WithdrawStep, type WithdrawValues, stepOfField, toWithdrawalRequest, withdrawStepSchema } from './withdraw-rules';

export interface WithdrawDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Available (not held) gems, for the amount's upper bound and the Max pick. */
  availableGems: number | undefined;
}

const detailFields = new Set<string>(PAYMENT_DETAIL_FIELDS);

/**
 * The server's refusal, with its field errors named like the wizard's inputs (a detail field under
 * `payment_details.`); refusals that name no field but concern one (not enough gems, an unknown method) get it.
 */
function onWizardFields(error: unknown): unknown {
  if (!isApiError(error)) return error;
  let fieldErrors = error.fieldErrors.map((fieldError) => {
    const bare = fieldError.field.replace(/^payment_details\./, '');
    return detailFields.has(bare) ? { ...fieldError, field: `payment_details.${bare}` } : fieldError;
  });
  if (fieldErrors.length === 0 && error.code === 'INSUFFICIENT_GEMS') fieldErrors = [{ field: 'amount', message: error.message }];
  if (fieldErrors.length === 0 && error.code === 'UNKNOWN_WITHDRAWAL_METHOD') fieldErrors = [{ field: 'payment_method', message: error.message }];
  return new ApiError({ message: error.message, status: error.status, code: error.code, details: error.details, fieldErrors });
}

/** Withdraw Gems: amount, method, details, confirm (spec 3 §2); back to the amount step with 200 gems after success or close. */
export default function WithdrawDialog({ open, onOpenChange, availableGems }: WithdrawDialogProps) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const methods = useWithdrawalMethods();
  const idempotency = useIdempotencyKey();
  const [step, setStep] = useState<WithdrawStep>(0);
  const [done, setDone] = useState<Withdrawal | null>(null);
  // The resolver runs outside render: it reads the step and the chosen method through refs.
  const context = useRef({ step, availableGems, methods: methods.data });
  context.current = { step, availableGems, methods: methods.data };
  const formRef = useRef<UseFormReturn<WithdrawValues, unknown, unknown> | null>(null);
  const chosenMethod = (name: string | undefined) => context.current.methods?.find((method) => method.method_name === name);
  const form = useRequestForm<WithdrawValues, ReturnType<typeof withdrawStepSchema>>(
    () => withdrawStepSchema({ ...context.current, method: chosenMethod(formRef.current?.getValues('payment_method')) }),
    (values) => toWithdrawalRequest(values, chosenMethod(values.payment_method)),
    { defaultValues: INITIAL_WITHDRAW_VALUES, reValidateMode: 'onChange' },
  );
  formRef.current = form as never;
  const methodName = useWatch({ control: form.control, name: 'payment_method' });
  const method = methods.data?.find((candidate) => candidate.method_name === methodName);

  const reset = () => {
    form.reset(INITIAL_WITHDRAW_VALUES);
    setStep(0);
    setDone(null);
    idempotency.renew();
  };
  const changeOpen = (isOpen: boolean) => {
    if (!isOpen) reset();
    onOpenChange(isOpen);
  };
  const back = () => {
    // Going back may change the request: a new submission gets a new key.
    idempotency.renew();
    form.clearErrors();
    setStep((current) => Math.max(0, current - 1) as WithdrawStep);
  };

  const submit = async () => {
    if (step < 3) {
      setStep((step + 1) as WithdrawStep);
      return;
    }
    try {
      const answer = await requestWithdrawal(toWithdrawalRequest(form.getValues(), method), idempotency.key());
      setDone(answer.withdrawal);
      idempotency.renew();
      await Promise.all([refreshMoneyViews(queryClient), queryClient.invalidateQueries({ queryKey: withdrawalsKey }), refresh()]);
    } catch (error) {
      const mapped = onWizardFields(error);
      const fields = isApiError(mapped) ? mapped.fieldErrors.map((fieldError) => stepOfField(fieldError.field)) : [];
      if (fields.length > 0) {
        idempotency.renew();
        setStep(Math.min(...fields) as WithdrawStep);
      }
      throw mapped;
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Withdraw Gems" description="Withdraw from 200 gems to a payout method; the gems are held until the payout completes.">
      {done ? (
        <div className="ui-stack" role="status">
          <p>
            <strong>Withdrawal requested.</strong> {formatBalance(done.amount)} gems are on hold; {formatBalance(done.net_amount)} gems are paid out after a{' '}
            {formatBalance(done.fee)} gem fee.
          </p>
          <p className="ui-row">
            Status <Badge tone={done.status === 'failed' ? 'danger' : done.status === 'processed' ? 'success' : 'warning'}>{done.status}</Badge>
          </p>
          <div className="ui-row">
            <Button onClick={() => changeOpen(false)}>Done</Button>
            <Button variant="secondary" onClick={reset}>
              New withdrawal
            </Button>
          </div>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} fallbackError={WITHDRAWAL_MESSAGES.requestFailed} aria-label="Withdraw gems">
          <StepIndicator step={step} />
          {step === 0 ? <AmountStep availableGems={availableGems} /> : null}
          {step === 1 ? <MethodStep methods={methods} /> : null}
          {step === 2 ? <DetailsStep method={method} /> : null}
          {step === 3 ? <ConfirmStep method={method} /> : null}
          <FormError />
          <div className="ui-row">
            {step > 0 ? (
              <Button variant="secondary" onClick={back}>
                Back
              </Button>
            ) : null}
            <SubmitButton>{step < 3 ? 'Next' : 'Confirm Withdrawal'}</SubmitButton>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
