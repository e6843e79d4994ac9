import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { CountBadge } from './feedback';
import { Dialog } from './dialog';
import { ErrorBoundary } from './error-boundary';
import { QueryView } from './query-view';
import { Tabs } from './tabs';
import { PasswordField, TextField } from './text-field';

describe('UI kit', () => {
  it('labels fields and links their error message', () => {
    render(<TextField label="Email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('shows and hides a password', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('closes a dialog with Escape', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="Search">
          <input aria-label="Query" />
        </Dialog>
      );
    }
    render(<Harness />);
    // Radix's dialog arrives with the first open (dialog.tsx): a moment later than the render.
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches tabs', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Period"
        items={[
          { value: 'daily', label: 'Today', content: <p>daily list</p> },
          { value: 'weekly', label: 'This Week', content: <p>weekly list</p> },
        ]}
      />,
    );
    expect(screen.getByText('daily list')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'This Week' }));
    expect(screen.getByRole('tab', { name: 'This Week' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('weekly list')).toBeVisible();
  });

  it('caps the count badge at 9+ and hides it at zero', () => {
    const { rerender } = render(<CountBadge count={12} label="12 unread" />);
    expect(screen.getByLabelText('12 unread')).toHaveTextContent('9+');
    rerender(<CountBadge count={0} label="none" />);
    expect(screen.queryByLabelText('none')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong' with the message and recovers on Try Again", async () => {
    const user = userEvent.setup();
    let shouldThrow = true;
    function Fragile() {
      if (shouldThrow) throw new Error('boom');
      return <p>recovered</p>;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
  });

  describe('QueryView', () => {
    function renderQuery(queryFn: () => Promise<string[]>) {
      function Harness() {
        const query = useQuery({ queryKey: ['items'], queryFn, retry: false });
        return (
          <QueryView query={query} empty={<p>No items yet</p>} unavailable={<p>No such item</p>}>
            {(items) => (
              <ul>
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </QueryView>
        );
      }
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Harness />
        </QueryClientProvider>,
      );
    }

    it('renders the loaded list', async () => {
      renderQuery(async () => ['alpha']);
      expect(await screen.findByText('alpha')).toBeInTheDocument();
    });

    it('renders the empty state for an empty list', async () => {
      renderQuery(async () => []);
      expect(await screen.findByText('No items yet')).toBeInTheDocument();
    });

    it("renders the caller's state for a real 404 (e.g. 'Holding not found.')", async () => {
      renderQuery(async () => {
        throw new ApiError({ message: 'Not found', status: 404, code: 'NOT_FOUND' });
      });
      expect(await screen.findByText('No such item')).toBeInTheDocument();
    });

    it("renders 'Failed to load data: {message}' with Try again, which refetches", async () => {
      const user = userEvent.setup();
      let calls = 0;
      renderQuery(async () => {
        calls += 1;
        if (calls === 1)
          throw new ApiError({ message: 'HTTP Error 500: Internal Server Error', status: 500, code: 'UNKNOWN_ERROR' });
        return ['beta'];
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to load data: HTTP Error 500: Internal Server Error',
      );
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('beta')).toBeInTheDocument();
    });
  });
});
