import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button, type ButtonProps } from '../ui/button';
import { ErrorBox } from '../ui/feedback';
import { PasswordField, TextField } from '../ui/text-field';
import { ROOT_SERVER_ERROR, useFieldError } from './form';

type NamedInput<Props> = Omit<Props, 'name' | 'defaultValue' | 'value' | 'onChange' | 'onBlur'> & {
  name: string;
  label: string;
  hint?: string;
  /** Numbers are kept as numbers in the form values (`valueAsNumber`). */
  numeric?: boolean;
};

/** A text input registered under `name`, with the schema's or the server's message under it. */
export function FormTextField({ name, numeric, ...rest }: NamedInput<InputHTMLAttributes<HTMLInputElement>>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextField {...rest} {...register(name, numeric ? { valueAsNumber: true } : undefined)} error={error} />;
}

export function FormPasswordField({
  name,
  ...rest
}: NamedInput<Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>> & { defaultVisible?: boolean }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <PasswordField {...rest} {...register(name)} error={error} />;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-message`} className="ui-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The id, error and accessible wiring of a field whose control is not one of the UI kit's text fields. */
function useFramedField(name: string, id: string | undefined, hint: string | undefined) {
  const error = useFieldError(name);
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const controlProps = {
    id: fieldId,
    className: 'ui-field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${fieldId}-message` : undefined,
  };
  return { error, fieldId, controlProps };
}

export function FormTextArea({
  name,
  label,
  hint,
  id,
  ...rest
}: NamedInput<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { register } = useFormContext();
  const { error, fieldId, controlProps } = useFramedField(name, id, hint);
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <textarea {...controlProps} {...rest} {...register(name)} />
    </FieldFrame>
  );
}

export function FormSelect({
  name,
  label,
  hint,
  id,
  options,
  numeric,
  ...rest
}: NamedInput<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext();
  const { error, fieldId, controlProps } = useFramedField(name, id, hint);
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <select {...controlProps} {...rest} {...register(name, numeric ? { valueAsNumber: true } : undefined)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Radio buttons for one field, in a fieldset whose legend names it. */
export function FormRadioGroup({
  name,
  legend,
  options,
  className = 'account-choice',
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  className?: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <fieldset className={className} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="account-choice__option">
          <input type="radio" value={option.value} {...register(name)} />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? <p className="ui-field__error">{error}</p> : null}
    </fieldset>
  );
}

export function FormCheckbox({ name, label }: { name: string; label: ReactNode }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className="ui-field">
      <label className="account-choice__option">
        <input type="checkbox" {...register(name)} aria-invalid={error ? true : undefined} />
        <span>{label}</span>
      </label>
      {error ? <p className="ui-field__error">{error}</p> : null}
    </div>
  );
}

/** The form-wide failure (what the server said that belongs to no one field), as an alert. */
export function FormError() {
  const error = useFieldError(ROOT_SERVER_ERROR);
  return error ? <ErrorBox message={error} /> : null;
}

/** The submit button: busy while the submission runs. */
export function SubmitButton({ busy, ...rest }: Omit<ButtonProps, 'type'>) {
  const { formState } = useFormContext();
  return <Button type="submit" busy={busy ?? formState.isSubmitting} {...rest} />;
}
