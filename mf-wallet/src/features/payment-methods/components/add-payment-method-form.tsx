import { ApiError, isApiError, paymentKeys } from '@app/platform';
import {
  Form,
  FormCheckbox,
  FormError,
  FormSelect,
  SubmitButton,
  type UseFormReturn,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import {
  CreatePaymentPreferenceRequestSchema,
  PAYMENT_DETAIL_FIELDS,
  WITHDRAWAL_MESSAGES,
  type WithdrawalMethod,
  validatePaymentDetails,
} from '@app/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { PaymentDetailFields } from '../../../shared/payment-detail-fields';
import { savePaymentPreference } from '../../../shared/payments-api';

interface AddValues {
  payment_method: string;
  preference_data: Record<string, string>;
  is_default: boolean;
}

const detailFields = new Set<string>(PAYMENT_DETAIL_FIELDS);

/** The chosen method's fields only; a blank optional one (address_line_2) is left out. */
function toRequest(values: AddValues, method: WithdrawalMethod | undefined) {
  const data: Record<string, string> = {};
  for (const field of method?.required_fields ?? []) {
    const value = values.preference_data?.[field] ?? '';
    if (value.trim() !== '') data[field] = value;
  }
  return { payment_method: values.payment_method, preference_data: data, is_default: values.is_default };
}

function schemaFor(method: WithdrawalMethod | undefined) {
  return CreatePaymentPreferenceRequestSchema.superRefine((request, context) => {
    if (!method) return;
    const checked = validatePaymentDetails(method.required_fields, request.preference_data);
    if (!checked.ok)
      for (const error of checked.errors)
        context.addIssue({ code: 'custom', path: ['preference_data', error.field], message: error.message });
  });
}

/** The server's field errors under the form's names (details sit under `preference_data.`). */
function onFormFields(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const fieldErrors = error.fieldErrors.map((fieldError) => {
    const bare = fieldError.field.replace(/^preference_data\./, '');
    return detailFields.has(bare) ? { ...fieldError, field: `preference_data.${bare}` } : fieldError;
  });
  return new ApiError({
    message: error.message,
    status: error.status,
    code: error.code,
    details: error.details,
    fieldErrors,
  });
}

/** Add a payment method: one of the withdrawal methods, its required details (validated as the server does). */
export function AddPaymentMethodForm({ methods, onSaved }: { methods: readonly WithdrawalMethod[]; onSaved(): void }) {
  const queryClient = useQueryClient();
  const formRef = useRef<UseFormReturn<AddValues, unknown, unknown> | null>(null);
  const methodNamed = (name: string | undefined) => methods.find((method) => method.method_name === name);
  const form = useRequestForm<AddValues, ReturnType<typeof schemaFor>>(
    () => schemaFor(methodNamed(formRef.current?.getValues('payment_method'))),
    (values) => toRequest(values, methodNamed(values.payment_method)),
    { defaultValues: { payment_method: '', preference_data: {}, is_default: false }, reValidateMode: 'onChange' },
  );
  formRef.current = form as never;
  const method = methodNamed(useWatch({ control: form.control, name: 'payment_method' }));
  const save = async () => {
    try {
      await savePaymentPreference(toRequest(form.getValues(), method));
    } catch (error) {
      throw onFormFields(error);
    }
    await queryClient.invalidateQueries({ queryKey: paymentKeys.preferences() });
    form.reset();
    onSaved();
  };
  return (
    <Form
      form={form}
      onSubmit={save}
      fallbackError={WITHDRAWAL_MESSAGES.preferenceSaveFailed}
      aria-label="Add a payment method"
    >
      <FormSelect
        name="payment_method"
        label="Method"
        options={[
          { value: '', label: 'Choose a method' },
          ...methods.map((candidate) => ({ value: candidate.method_name, label: candidate.display_name })),
        ]}
      />
      {method ? <PaymentDetailFields fields={method.required_fields} prefix="preference_data" /> : null}
      <FormCheckbox name="is_default" label="Make this my default method" />
      <FormError />
      <SubmitButton>Save Payment Method</SubmitButton>
    </Form>
  );
}
