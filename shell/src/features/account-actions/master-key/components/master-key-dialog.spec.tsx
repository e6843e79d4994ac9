import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import MasterKeyDialog from './master-key-dialog';

const status = (completed: number, required: number, activated = false) => ({
  is_activated: activated,
  proof_drops_completed: completed,
  proof_drops_required: required,
  last_activated_at: activated ? new Date().toISOString() : null,
});

describe('Master Key', () => {
  it('shows progress and keeps Activate disabled until the requirement is reached', async () => {
    installFakeApi().on('GET /api/users/master-key-status', { body: status(3, 5) });
    renderAccount(<MasterKeyDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('progressbar', { name: 'Proof drops completed today: 3 of 5' })).toHaveAttribute(
      'value',
      '3',
    );
    expect(screen.getByRole('button', { name: 'Activate Master Key' })).toBeDisabled();
    expect(screen.getByText('Complete 2 more proof drops today to activate the Master Key.')).toBeInTheDocument();
  });

  it('activates once the requirement is reached and shows the key as active', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/master-key-status', { body: status(1, 1) })
      .on('POST /api/users/activate-master-key', {
        body: {
          ...status(1, 1, true),
          success: true,
          activated_at: new Date().toISOString(),
          valid_until: new Date().toISOString(),
          message: 'Master Key activated until the end of the day',
        },
      });
    renderAccount(<MasterKeyDialog open onOpenChange={() => undefined} />, { user: { user_tier: 'super' } });
    await user.click(await screen.findByRole('button', { name: 'Activate Master Key' }));
    expect(await screen.findByText('Activated for today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate Master Key' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/users/activate-master-key')[0].body).toEqual({});
  });

  it("shows the server's refusal or 'Activation failed'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/master-key-status', { body: status(2, 2) })
      .on('POST /api/users/activate-master-key', {
        status: 422,
        body: {
          error: 'Complete 2 proof drops today to activate the Master Key (1 of 2 done)',
          code: 'MASTER_KEY_NOT_READY',
        },
      });
    renderAccount(<MasterKeyDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Activate Master Key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Complete 2 proof drops today to activate the Master Key (1 of 2 done)',
    );
    api.on('POST /api/users/activate-master-key', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Activate Master Key' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Activation failed'));
  });

  it('shows a load failure with Try again', async () => {
    installFakeApi().on('GET /api/users/master-key-status', {
      status: 500,
      body: { error: 'Database unavailable', code: 'INTERNAL' },
    });
    renderAccount(<MasterKeyDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
