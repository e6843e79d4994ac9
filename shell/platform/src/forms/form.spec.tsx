import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { Form, useRequestForm, useZodForm } from './form';
import { FormError, FormTextField, SubmitButton } from './form-fields';

const SignUpSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please fill in all required fields')
    .pipe(z.email('Please enter a valid email address')),
  username: z.string().min(3, 'Username must be at least 3 characters long'),
});

function SignUp({ submit }: { submit(values: z.output<typeof SignUpSchema>): Promise<unknown> }) {
  const form = useZodForm(SignUpSchema, { defaultValues: { email: '', username: '' } });
  return (
    <Form form={form} onSubmit={submit} fallbackError="Unable to create an account" aria-label="Sign up">
      <FormTextField name="email" label="Email" />
      <FormTextField name="username" label="Username" />
      <FormError />
      <SubmitButton>Create</SubmitButton>
    </Form>
  );
}

describe('forms on react-hook-form and the contracts', () => {
  it("shows the schema's messages under the fields and sends nothing while they stand", async () => {
    const user = userEvent.setup();
    const submit = jest.fn();
    render(<SignUp submit={submit} />);
    await user.type(screen.getByLabelText('Email'), 'not-mail');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's field_errors under their fields and the rest in an alert", async () => {
    const user = userEvent.setup();
    const submit = jest
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          message: 'Invalid input',
          status: 400,
          code: 'VALIDATION_ERROR',
          fieldErrors: [{ field: 'username', message: 'Username is already taken' }],
        }),
      )
      .mockRejectedValueOnce(new ApiError({ message: 'Too many attempts', status: 429, code: 'RATE_LIMITED' }))
      .mockRejectedValueOnce(
        new ApiError({ message: 'HTTP Error 500: Internal Server Error', status: 500, code: 'UNKNOWN_ERROR' }),
      );
    render(<SignUp submit={submit} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({ email: 'ada@example.com', username: 'ada' });

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to create an account');
  });

  it('checks text inputs as the typed request the contract describes', async () => {
    const user = userEvent.setup();
    const submit = jest.fn();
    const RequestSchema = z.object({
      seats: z.number().int('Seats must be a whole number').min(1, 'At least 1 seat').nullable(),
    });
    function Seats() {
      const form = useRequestForm(
        RequestSchema,
        (values: { seats: string }) => ({ seats: values.seats.trim() === '' ? null : Number(values.seats) }),
        { defaultValues: { seats: '' } },
      );
      return (
        <Form form={form} onSubmit={submit} fallbackError="Failed">
          <FormTextField name="seats" label="Seats" />
          <SubmitButton>Save</SubmitButton>
        </Form>
      );
    }
    render(<Seats />);
    await user.type(screen.getByLabelText('Seats'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Seats must be a whole number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Seats'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(submit).toHaveBeenCalledWith({ seats: null });
  });
});
