import {
  ApiError,
  Badge,
  Button,
  ErrorBox,
  Spinner,
  errorMessage,
  formatBalance,
  formatMoney,
  isApiError,
  refreshMoneyViews,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog } from '@app/platform/app';
import { Form, FormError, SubmitButton, type UseFormReturn, useRequestForm, useWatch } from '@app/platform/forms';
import { PAYMENT_DETAIL_FIELDS, WITHDRAWAL_MESSAGES, type Withdrawal } from '@app/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useWithdrawalMethods } from '../../../shared/payments-api';
import { requestWithdrawal, useUsdWithdrawalTerms, withdrawalsKey } from '../api/withdraw-api';
import { AmountStep, ConfirmStep, DetailsStep, MethodStep, StepIndicator, formatAmount } from './withdraw-steps';
import {
  GEM_TERMS,
  type WithdrawStep,
  type WithdrawTerms,
  type WithdrawValues,
  initialWithdrawValues,
  stepOfField,
  toWithdrawalRequest,
  usdTerms,
  withdrawStepSchema,
} from './withdraw-rules';

export interface WithdrawDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Available (not held) balance of the currency withdrawn, for the amount's upper bound and the Max pick. */
  availableGems: number | undefined;
  /** gems (default) or usd: the USD card's Withdraw, with the server's USD minimum and fee. */
  currency?: 'gems' | 'usd';
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
  if (fieldErrors.length === 0 && ['INSUFFICIENT_GEMS', 'INSUFFICIENT_USD', 'BELOW_USD_MINIMUM'].includes(error.code))
    fieldErrors = [{ field: 'amount', message: error.message }];
  if (fieldErrors.length === 0 && error.code === 'UNKNOWN_WITHDRAWAL_METHOD')
    fieldErrors = [{ field: 'payment_method', message: error.message }];
  return new ApiError({
    message: error.message,
    status: error.status,
    code: error.code,
    details: error.details,
    fieldErrors,
  });
}

/**
 * Withdraw Gems (or USD): amount, method, details, confirm (spec 3 §2); back to the amount step with the minimum
 * (200 gems, or the USD minimum) after success or close. USD waits for its terms from the server.
 */
export default function WithdrawDialog({ open, onOpenChange, availableGems, currency = 'gems' }: WithdrawDialogProps) {
  const usd = useUsdWithdrawalTerms(currency === 'usd');
  if (currency === 'gems')
    return <WithdrawWizard open={open} onOpenChange={onOpenChange} availableGems={availableGems} terms={GEM_TERMS} />;
  const title = 'Withdraw USD';
  if (usd.data)
    return (
      <WithdrawWizard
        open={open}
        onOpenChange={onOpenChange}
        availableGems={availableGems}
        terms={usdTerms(usd.data)}
      />
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description="Withdraw dollars to a payout method.">
      {usd.isError ? (
        <ErrorBox
          message={errorMessage(usd.error, 'The USD withdrawal terms could not be loaded')}
          onRetry={() => void usd.refetch()}
        />
      ) : (
        <Spinner label="Loading the USD terms" />
      )}
    </Dialog>
  );
}

/** The step that holds the first field a refusal names, or null when it names none. */
function firstStepWithError(mapped: unknown): WithdrawStep | null {
  const steps = isApiError(mapped) ? mapped.fieldErrors.map((fieldError) => stepOfField(fieldError.field)) : [];
  return steps.length > 0 ? (Math.min(...steps) as WithdrawStep) : null;
}

type WithdrawalMethods = ReturnType<typeof useWithdrawalMethods>;
type WithdrawalMethod = NonNullable<WithdrawalMethods['data']>[number];

/** The wizard's form: the resolver checks the fields of the step shown, against the balance and chosen method. */
function useWithdrawForm(
  step: WithdrawStep,
  availableGems: number | undefined,
  methods: WithdrawalMethod[] | undefined,
  terms: WithdrawTerms,
) {
  // The resolver runs outside render: it reads the step and the chosen method through refs.
  const context = useRef({ step, available: availableGems, methods, terms });
  context.current = { step, available: availableGems, methods, terms };
  const formRef = useRef<UseFormReturn<WithdrawValues, unknown, unknown> | null>(null);
  const chosenMethod = (name: string | undefined) =>
    context.current.methods?.find((method) => method.method_name === name);
  const form = useRequestForm<WithdrawValues, ReturnType<typeof withdrawStepSchema>>(
    () =>
      withdrawStepSchema({ ...context.current, method: chosenMethod(formRef.current?.getValues('payment_method')) }),
    (values) => toWithdrawalRequest(values, chosenMethod(values.payment_method), terms.currency),
    { defaultValues: initialWithdrawValues(terms), reValidateMode: 'onChange' },
  );
  formRef.current = form as never;
  return form;
}

function withdrawDescription(terms: WithdrawTerms): string {
  return (
    `Withdraw from ${formatAmount(terms.minAmount, terms)} to a payout method; ` +
    'the amount is held until the payout completes.'
  );
}

/** Refreshes what a withdrawal changed: the balances, the withdrawal list and the session's user. */
function useRefreshAfterWithdrawal() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return () =>
    Promise.all([
      refreshMoneyViews(queryClient),
      queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
      refresh(),
    ]);
}

function WithdrawWizard(props: Omit<WithdrawDialogProps, 'currency'> & { terms: WithdrawTerms }) {
  const { open, onOpenChange, availableGems, terms } = props;
  const refreshAfterWithdrawal = useRefreshAfterWithdrawal();
  const methods = useWithdrawalMethods();
  const idempotency = useIdempotencyKey();
  const [step, setStep] = useState<WithdrawStep>(0);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const form = useWithdrawForm(step, availableGems, methods.data, terms);
  const methodName = useWatch({ control: form.control, name: 'payment_method' });
  const method = methods.data?.find((candidate) => candidate.method_name === methodName);

  const reset = () => {
    form.reset(initialWithdrawValues(terms));
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
    if (step < 3) return setStep((step + 1) as WithdrawStep);
    try {
      const answer = await requestWithdrawal(
        toWithdrawalRequest(form.getValues(), method, terms.currency),
        idempotency.key(),
      );
      setDone(answer.withdrawal);
      idempotency.renew();
      await refreshAfterWithdrawal();
    } catch (error) {
      const mapped = onWizardFields(error);
      const fieldStep = firstStepWithError(mapped);
      if (fieldStep !== null) {
        idempotency.renew();
        setStep(fieldStep);
      }
      throw mapped;
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={terms.currency === 'usd' ? 'Withdraw USD' : 'Withdraw Gems'}
      description={withdrawDescription(terms)}
    >
      {done ? (
        <WithdrawalRequested done={done} terms={terms} onDone={() => changeOpen(false)} onNewWithdrawal={reset} />
      ) : (
        <WizardSteps
          form={form}
          step={step}
          onSubmit={submit}
          onBack={back}
          availableGems={availableGems}
          methods={methods}
          method={method}
          terms={terms}
        />
      )}
    </Dialog>
  );
}

/** The steps' form: the current step's fields, Back (after the first) and Next or Confirm Withdrawal. */
function WizardSteps(props: {
  form: ReturnType<typeof useWithdrawForm>;
  step: WithdrawStep;
  onSubmit(): Promise<void>;
  onBack(): void;
  availableGems: number | undefined;
  methods: WithdrawalMethods;
  method: WithdrawalMethod | undefined;
  terms: WithdrawTerms;
}) {
  const { form, step, onSubmit, onBack, availableGems, methods, method, terms } = props;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      fallbackError={WITHDRAWAL_MESSAGES.requestFailed}
      aria-label={terms.currency === 'usd' ? 'Withdraw USD' : 'Withdraw gems'}
    >
      <StepIndicator step={step} />
      {step === 0 ? <AmountStep availableGems={availableGems} terms={terms} /> : null}
      {step === 1 ? <MethodStep methods={methods} terms={terms} /> : null}
      {step === 2 ? <DetailsStep method={method} /> : null}
      {step === 3 ? <ConfirmStep method={method} terms={terms} /> : null}
      <FormError />
      <div className="ui-row">
        {step > 0 ? (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        ) : null}
        <SubmitButton>{step < 3 ? 'Next' : 'Confirm Withdrawal'}</SubmitButton>
      </div>
    </Form>
  );
}

/** What is on hold and what is paid out after the fee. */
function withdrawalSummary(done: Withdrawal, terms: WithdrawTerms): string {
  if (terms.currency === 'usd')
    return (
      `${formatMoney(done.amount)} is on hold; ` +
      `${formatMoney(done.net_amount)} is paid out after a ${formatMoney(done.fee)} fee.`
    );
  return (
    `${formatBalance(done.amount)} gems are on hold; ` +
    `${formatBalance(done.net_amount)} gems are paid out after a ${formatBalance(done.fee)} gem fee.`
  );
}

/** After the request: what was asked, its status, and Done or a new withdrawal. */
function WithdrawalRequested(props: {
  done: Withdrawal;
  terms: WithdrawTerms;
  onDone(): void;
  onNewWithdrawal(): void;
}) {
  const { done, terms, onDone, onNewWithdrawal } = props;
  return (
    <div className="ui-stack" role="status">
      <p>
        <strong>Withdrawal requested.</strong> {withdrawalSummary(done, terms)}
      </p>
      <p className="ui-row">
        Status{' '}
        <Badge tone={done.status === 'failed' ? 'danger' : done.status === 'processed' ? 'success' : 'warning'}>
          {done.status}
        </Badge>
      </p>
      <div className="ui-row">
        <Button onClick={onDone}>Done</Button>
        <Button variant="secondary" onClick={onNewWithdrawal}>
          New withdrawal
        </Button>
      </div>
    </div>
  );
}
