import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAccount } from '../../../testing/render-account';
import { NotificationsButton } from './notifications-button';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'reward',
    title: `Reward ${id}`,
    message: `You received reward ${id}`,
    timestamp: minutesAgo(5),
    read: false,
    data: {},
    actionUrl: null,
    ...overrides,
  };
}

/** A server that keeps read marks, the way the real projection does. */
function serverWith(items: ReturnType<typeof notification>[]) {
  const api = installFakeApi();
  api.on('GET /api/notifications', () => ({
    body: { notifications: items, unread_count: items.filter((item) => !item.read).length },
  }));
  api.on('POST /api/notifications/read-all', () => {
    items.forEach((item) => (item.read = true));
    return { body: { success: true, unread_count: 0 } };
  });
  for (const item of items) {
    api.on(`POST /api/notifications/${item.id}/read`, () => {
      item.read = true;
      return { body: { success: true, unread_count: items.filter((candidate) => !candidate.read).length } };
    });
  }
  return api;
}

describe('Notifications', () => {
  it('caps the unread badge at 9+', async () => {
    serverWith(Array.from({ length: 12 }, (_, index) => notification(String(index))));
    renderAccount(<NotificationsButton />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(within(bell).getByLabelText('12 unread')).toHaveTextContent('9+');
  });

  it('shows relative times and marks one read on click', async () => {
    const user = userEvent.setup();
    const api = serverWith([
      notification('a', { timestamp: minutesAgo(5) }),
      notification('b', { timestamp: minutesAgo(3 * 60 + 1) }),
      notification('c', { timestamp: minutesAgo(2 * 24 * 60 + 5), read: true }),
    ]);
    renderAccount(<NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(panel).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(panel).getByText('2 days ago')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /Reward a \(unread\)/ }));
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: /Reward a \(unread\)/ })).not.toBeInTheDocument(),
    );
    expect(within(panel).getByRole('button', { name: /Reward b \(unread\)/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/notifications/a/read')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all as read, then disables the button', async () => {
    const user = userEvent.setup();
    const api = serverWith([notification('a'), notification('b')]);
    renderAccount(<NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1);
    expect(screen.queryByText(/\(unread\)/)).not.toBeInTheDocument();
  });

  it('follows a notification link into the app', async () => {
    const user = userEvent.setup();
    serverWith([notification('a', { actionUrl: '/leaderboard' })]);
    renderAccount(<NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /Reward a/ }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/leaderboard');
  });

  it('shows the empty state', async () => {
    const user = userEvent.setup();
    serverWith([]);
    renderAccount(<NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
  });

  it('shows a load failure with Try again', async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/notifications', {
      status: 500,
      body: { error: 'Projection unavailable', code: 'INTERNAL' },
    });
    renderAccount(<NotificationsButton />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Projection unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
