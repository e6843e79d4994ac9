import { type InputHTMLAttributes, forwardRef, useId, useState } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="ui-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...rest}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
});

/** The error under a field, or else its hint; the input's aria-describedby points at `id`. */
function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="ui-field__error">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className="ui-field__hint">
        {hint}
      </p>
    );
  }
  return null;
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Starts with the password shown (a form taking over from one where the visitor had shown it). */
  defaultVisible?: boolean;
};

/** A password input with a show/hide toggle that says what it will do. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, defaultVisible = false, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="ui-field__row">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="ui-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...rest}
        />
        <button
          type="button"
          className="ui-field__toggle"
          onClick={() => setVisible((current) => !current)}
          aria-controls={inputId}
        >
          {visible ? 'Hide password' : 'Show password'}
        </button>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
});
