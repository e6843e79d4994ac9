import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAccount } from '../../../testing/render-account';
import { ClientErrorsPanel } from './client-errors-panel';

const report = (overrides: Record<string, unknown> = {}) => ({
  id: '7',
  source: 'api-client',
  error: 'GET /api/drops/4 answered 502',
  drop_id: '4',
  response_status: 502,
  error_details: { path: '/api/drops/4' },
  client_timestamp: '2026-11-27T10:00:00.000Z',
  received_at: '2026-11-27T10:00:01.000Z',
  user_id: 'u1',
  user_agent: 'agent',
  ...overrides,
});

describe('ops console: client errors panel', () => {
  it('lists the newest reports and filters them by source through the API', async () => {
    const api = installFakeApi().on('GET /api/admin/client-errors', (call) =>
      call.query.get('source') === 'error-boundary'
        ? {
            body: {
              errors: [
                report({
                  id: '8',
                  source: 'error-boundary',
                  error: 'Cannot read x',
                  response_status: null,
                  drop_id: null,
                  error_details: 'at Card',
                  user_id: null,
                }),
              ],
            },
          }
        : { body: { errors: [report()] } },
    );
    renderAccount(<ClientErrorsPanel />, { user: { is_admin: true } });
    const first = await screen.findByRole('listitem', { name: 'Client error 7' });
    expect(within(first).getByText('GET /api/drops/4 answered 502', { exact: false })).toBeInTheDocument();
    expect(within(first).getByText('502')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/client-errors')[0]!.query.get('limit')).toBe('50');

    await userEvent.type(screen.getByLabelText('Source'), 'error-boundary');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const crash = await screen.findByRole('listitem', { name: 'Client error 8' });
    expect(within(crash).getByText('signed out', { exact: false })).toBeInTheDocument();
    expect(within(crash).getByText('at Card')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Client error 7' })).not.toBeInTheDocument());
  });

  it('says so when nothing was reported', async () => {
    installFakeApi().on('GET /api/admin/client-errors', { body: { errors: [] } });
    renderAccount(<ClientErrorsPanel />, { user: { is_admin: true } });
    expect(await screen.findByText('No client errors')).toBeInTheDocument();
  });
});
