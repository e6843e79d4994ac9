import { Button, ErrorBox, PasswordField, TextField } from '@app/platform';
import {
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/**
 * The sign-in page is many visitors' first screen, and react-hook-form is 13 KB gzip of it (issue 45). So the page
 * paints its form as plain inputs with the same markup, and loads `@app/platform/forms` when the visitor first
 * focuses, presses or types in it (or at once for the Create Account form, which a click opened). The real form then
 * takes over what was done meanwhile: the values typed, the focused field and its caret, a shown password, and a
 * submit pressed before it was there.
 */
export type FormsModule = typeof import('@app/platform/forms');

/** A field as both forms show it. */
export interface AuthField extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'defaultValue' | 'value' | 'type'
> {
  name: string;
  label: string;
  type?: 'email' | 'text' | 'password';
  defaultValue?: string;
}

/** What the visitor did in the plain form, for the real one. */
export interface HandOver {
  values: Record<string, string>;
  focused: string | null;
  selection: [number, number] | null;
  passwordVisible: boolean;
  submitted: boolean;
}

let loaded: FormsModule | undefined;
let loading: Promise<FormsModule> | undefined;

function loadForms(): Promise<FormsModule> {
  loading ??= import('@app/platform/forms').then(
    (forms) => (loaded = forms),
    (error: unknown) => {
      loading = undefined; // a failed download is tried again on the next interaction
      throw error;
    },
  );
  return loading;
}

/** The forms module once loaded; `load()` starts it (again, after a failure). */
export function useFormsOnFirstUse(now: boolean): { forms: FormsModule | undefined; failed: boolean; load(): void } {
  const [forms, setForms] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    if (loaded) return setForms(loaded);
    loadForms().then(
      (module) => setForms(() => module),
      () => setFailed(true),
    );
  }, []);
  useEffect(() => {
    if (now) load();
  }, [now, load]);
  return { forms, failed, load };
}

function readHandOver(form: HTMLFormElement, submitted: boolean): HandOver {
  const values: Record<string, string> = {};
  let passwordVisible = false;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    values[element.name] = element.value;
    if (element.name === 'password' && element.type === 'text') passwordVisible = true;
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && active.form === form ? active : null;
  let selection: [number, number] | null = null;
  if (focused?.selectionStart != null && focused.selectionEnd != null)
    selection = [focused.selectionStart, focused.selectionEnd];
  return { values, focused: focused?.name ?? null, selection, passwordVisible, submitted };
}

/** Puts the focus, caret and a pending submit on the real form, once it is in the page. */
function applyHandOver(form: HTMLFormElement, handOver: HandOver): void {
  const input = handOver.focused ? form.elements.namedItem(handOver.focused) : null;
  if (input instanceof HTMLInputElement) {
    input.focus();
    try {
      if (handOver.selection) input.setSelectionRange(...handOver.selection);
    } catch {
      // Email inputs have no selection API: the caret stays at the end, where typing goes on.
    }
  }
  if (handOver.submitted) form.requestSubmit();
}

function PlainField({ field }: { field: AuthField }) {
  const { type = 'text', ...rest } = field;
  return type === 'password' ? <PasswordField {...rest} /> : <TextField {...rest} type={type} />;
}

interface FormOnFirstUseProps {
  forms: FormsModule | undefined;
  failed: boolean;
  load(): void;
  /** The form's accessible name (both forms have it). */
  label: string;
  fields: readonly AuthField[];
  submitLabel: string;
  /** Shown when the form could not be loaded after a submit. */
  fallbackError: string;
  children(forms: FormsModule, handOver: HandOver | null): ReactNode;
}

/** The plain form until the forms module is there, then `children` with what the visitor did meanwhile. */
export function FormOnFirstUse({
  forms,
  failed,
  load,
  label,
  fields,
  submitLabel,
  fallbackError,
  children,
}: FormOnFirstUseProps) {
  const plainForm = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const handOver = useRef<HandOver | null | undefined>(undefined);
  const applied = useRef(false);
  // Read while the plain form is still in the page: the render that replaces it commits in the same task.
  if (forms && handOver.current === undefined)
    handOver.current = plainForm.current ? readHandOver(plainForm.current, submitted) : null;
  useLayoutEffect(() => {
    const taken = handOver.current;
    if (!forms || !taken || applied.current) return;
    applied.current = true;
    const form = Array.from(document.forms).find((candidate) => candidate.getAttribute('aria-label') === label);
    if (form) applyHandOver(form, taken);
  }, [forms, label]);

  if (forms) return <>{children(forms, handOver.current ?? null)}</>;
  return (
    <form
      ref={plainForm}
      aria-label={label}
      noValidate
      onFocus={load}
      onPointerDown={load}
      onKeyDown={load}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        load();
      }}
    >
      {failed && submitted ? <ErrorBox message={fallbackError} /> : null}
      {fields.map((field) => (
        <PlainField key={field.name} field={field} />
      ))}
      <Button type="submit" size="large" className="auth-submit" busy={submitted && !failed}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The real form's fields, from the same descriptions. */
export function LiveFields({
  forms,
  fields,
  handOver,
}: {
  forms: FormsModule;
  fields: readonly AuthField[];
  handOver: HandOver | null;
}) {
  const { FormPasswordField, FormTextField } = forms;
  return (
    <>
      {fields.map(({ defaultValue: _defaultValue, type = 'text', ...field }) =>
        type === 'password' ? (
          <FormPasswordField key={field.name} {...field} defaultVisible={handOver?.passwordVisible} />
        ) : (
          <FormTextField key={field.name} {...field} type={type} />
        ),
      )}
    </>
  );
}

/** The default values of a form: the descriptions' own, then what the visitor typed before it arrived. */
export function defaultValuesOf(fields: readonly AuthField[], handOver: HandOver | null): Record<string, string> {
  return { ...Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? ''])), ...handOver?.values };
}
