import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';
import { errorMessage } from '../api/error-message';

/**
 * One way to write a form (ARCHITECTURE §6): react-hook-form validated by the zod schema of the request, usually the
 * contract's own (`@app/contracts/...`), so the screen shows the same messages the API would answer with.
 *
 * ```tsx
 * const form = useZodForm(CreateDropRequestSchema, { defaultValues });
 * // or, to keep zod off a first screen:
 * // useZodForm(() => import('@app/contracts/drops').then((c) => c.CreateDropRequestSchema))
 * <Form form={form} onSubmit={(values) => mutation.mutateAsync(values)} fallbackError="Could not create the drop">
 *   <FormTextField name="title" label="Title" />
 *   <FormError />
 *   <SubmitButton>Create</SubmitButton>
 * </Form>
 * ```
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema | (() => Promise<Schema>),
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> & {
    defaultValues?: DefaultValues<z.input<Schema>>;
  } = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    // The resolver's generics track zod's input/output split; the cast keeps them tied to this schema.
    resolver: lazyZodResolver(schema) as never,
  });
}

/**
 * The zod resolver, loaded on the form's first validation (issue 45): a page whose form is its first screen (sign-in)
 * then paints without the resolver, and, when it passes its schema as a loader (`() => import(...)`), without zod.
 */
function lazyZodResolver(schema: z.ZodType | (() => Promise<z.ZodType>)): Resolver<FieldValues> {
  return async (values, context, options) => {
    const [{ zodResolver }, contract] = await Promise.all([
      import('@hookform/resolvers/zod'),
      typeof schema === 'function' ? schema() : schema,
    ]);
    const resolve = zodResolver(contract as never) as unknown as Resolver<FieldValues>;
    return resolve(values, context, options);
  };
}

/**
 * A form whose inputs hold text (`Values`) while the API takes a typed request: `toRequest` says what the text
 * means, and the contract's `schema` checks that request. Messages land on the inputs of the same name, so a form's
 * field names follow the request's (`key_cost`, `max_participants`, ...). The submit handler gets the request as it
 * goes over the wire (checked, not transformed: the API parses it with the same schema).
 */
export function useRequestForm<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema | (() => Schema),
  toRequest: (values: Values) => unknown,
  options: Omit<UseFormProps<Values, unknown, z.input<Schema>>, 'resolver'> = {},
): UseFormReturn<Values, unknown, z.input<Schema>> {
  const resolver: Resolver<Values, unknown, z.input<Schema>> = async (values) => {
    const contract = typeof schema === 'function' ? (schema as () => Schema)() : schema;
    const request = toRequest(values);
    const parsed = await contract.safeParseAsync(request);
    if (parsed.success) return { values: request as z.input<Schema>, errors: {} };
    // Nested like react-hook-form keeps them (`errors.root.server`, `errors.links.0`), first message per field.
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.length > 0 ? issue.path.map(String) : ROOT_SERVER_ERROR.split('.');
      let node = errors;
      for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as never };
  };
  return useForm<Values, unknown, z.input<Schema>>({ mode: 'onSubmit', ...options, resolver });
}

/** The message of the form-wide error (`errors.root.server`): what the API said that belongs to no field. */
export const ROOT_SERVER_ERROR = 'root.server' as const;

/**
 * Puts an API failure on the form: each `field_errors` entry under its field (when the form has that field), and
 * the rest as the form-wide message (the server's `error`, or `fallback` when it sent none, see `errorMessage`).
 */
export function applyServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
  rootMessage: string = errorMessage(error, fallback),
): void {
  const values = form.getValues() as Record<string, unknown>;
  let shownOnAField = false;
  if (isApiError(error)) {
    for (const fieldError of error.fieldErrors) {
      const name = fieldError.field;
      if (name in values || name.split('.')[0] in values) {
        form.setError(name as FieldPath<Values>, { type: 'server', message: fieldError.message });
        shownOnAField = true;
      }
    }
  }
  if (!shownOnAField || !isApiError(error) || error.fieldErrors.length === 0) {
    form.setError(ROOT_SERVER_ERROR as FieldPath<Values>, { type: 'server', message: rootMessage });
  }
}

export interface FormProps<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Throw (or reject) to fail: the error goes on the form through `applyServerErrors`. */
  onSubmit(values: Output): unknown;
  /** The form-wide message when the failure carries no text of the server's ('Conversion failed', ...). */
  fallbackError: string;
  /** The form-wide message for a failure when the screen words it itself (spec: sign-in never echoes the server). */
  describeError?(error: unknown): string | undefined;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** A `<form>` bound to `form`, its fields available to the `Form*` components below through context. */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  fallbackError,
  describeError,
  children,
  className = 'ui-stack',
  ...rest
}: FormProps<Input, Output>) {
  const submit: SubmitHandler<Output> = async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(
        form as unknown as UseFormReturn<FieldValues>,
        error,
        fallbackError,
        describeError?.(error) ?? errorMessage(error, fallbackError),
      );
    }
  };
  return (
    <FormProvider {...form}>
      <form
        className={className}
        noValidate
        onSubmit={(event) => void form.handleSubmit(submit as never)(event)}
        aria-label={rest['aria-label']}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The message react-hook-form holds for `name` (a dotted path), from the schema or from the server. */
export function useFieldError(name: string): string | undefined {
  const { formState, getFieldState } = useFormContext();
  return getFieldState(name, formState).error?.message;
}
