// The sign-in page's plain form until react-hook-form is loaded, and the real form taking over what was done in it.
import * as formsModule from '@app/platform/forms';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  type AuthField,
  FormOnFirstUse,
  type FormsModule,
  type HandOver,
  LiveFields,
  defaultValuesOf,
} from './form-on-first-use';

const fields: AuthField[] = [
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'password', label: 'Password', type: 'password' },
];
const schema = z.object({ email: z.string(), password: z.string() });

function RealForm({
  forms,
  handOver,
  onSubmit,
}: {
  forms: FormsModule;
  handOver: HandOver | null;
  onSubmit(values: unknown): void;
}) {
  const { Form, SubmitButton, useZodForm } = forms;
  const form = useZodForm(schema, { defaultValues: defaultValuesOf(fields, handOver) as z.input<typeof schema> });
  return (
    <Form form={form} aria-label="Sign In" fallbackError="Failed" onSubmit={onSubmit}>
      <LiveFields forms={forms} fields={fields} handOver={handOver} />
      <SubmitButton>Sign In</SubmitButton>
    </Form>
  );
}

function renderForm({
  forms,
  failed = false,
  load = jest.fn(),
  onSubmit = jest.fn(),
}: {
  forms?: FormsModule;
  failed?: boolean;
  load?: jest.Mock;
  onSubmit?: jest.Mock;
}) {
  const element = (current: FormsModule | undefined, currentFailed: boolean) => (
    <FormOnFirstUse
      forms={current}
      failed={currentFailed}
      load={load}
      label="Sign In"
      fields={fields}
      submitLabel="Sign In"
      fallbackError="Unable to sign in."
    >
      {(module, handOver) => <RealForm forms={module} handOver={handOver} onSubmit={onSubmit} />}
    </FormOnFirstUse>
  );
  const view = render(element(forms, failed));
  return {
    load,
    onSubmit,
    arrive: (module: FormsModule) => view.rerender(element(module, false)),
    fail: () => view.rerender(element(undefined, true)),
  };
}

const password = () => screen.getByLabelText('Password', { selector: 'input' });

describe('a form painted before react-hook-form', () => {
  it('paints the same labelled form and asks for the forms on the first focus', async () => {
    const user = userEvent.setup();
    const { load } = renderForm({});
    expect(screen.getByRole('form', { name: 'Sign In' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Email'));
    expect(load).toHaveBeenCalled();
  });

  it('hands the values, the focused field and the typing on to the real form', async () => {
    const user = userEvent.setup();
    const { arrive } = renderForm({});
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(password(), 'sec');
    arrive(formsModule);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(password()).toHaveValue('sec');
    expect(password()).toHaveFocus();
    // The caret where it was (an email input has none to set: browsers leave it at the end of the value).
    await user.keyboard('ret');
    expect(password()).toHaveValue('secret');
  });

  it('keeps a shown password shown and sends a submit pressed before the real form was there', async () => {
    const user = userEvent.setup();
    const { arrive, onSubmit } = renderForm({});
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(password(), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('aria-busy', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    arrive(formsModule);
    expect(password()).toHaveAttribute('type', 'text');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret-password' }),
    );
  });

  it('says so when the form could not be loaded after a submit', async () => {
    const user = userEvent.setup();
    const { fail } = renderForm({});
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    fail();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to sign in.');
    expect(screen.getByRole('button', { name: 'Sign In' })).not.toHaveAttribute('aria-busy');
  });
});
