import { openAccountDialog } from '@app/platform';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountMenu } from './account-menu';
import { ProfileAccountPanel } from './profile-account-panel';
import { installFakeApi } from '../../testing/fake-api';
import { renderAccount } from '../../testing/render-account';

describe('account entry points', () => {
  it('opens each account modal from the header menu', async () => {
    const user = userEvent.setup();
    installFakeApi()
      .on('GET /api/users/master-key-status', {
        body: { is_activated: false, proof_drops_completed: 0, proof_drops_required: 5, last_activated_at: null },
      })
      .on('GET /api/users/me/progress', {
        body: {
          xp_points: 2100,
          level: 2,
          level_start_xp: 2000,
          next_level_xp: 3000,
          xp_to_next_level: 900,
          level_progress_percent: 10,
        },
      });
    renderAccount(<AccountMenu />);
    const trigger = screen.getByRole('button', { name: 'Account actions' });
    await waitFor(() => expect(trigger).toHaveTextContent('Lv 2'));
    await user.click(trigger);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Convert Currency',
      'Master Key',
      'Gold Shop',
      'Achievements',
      'Instagram Verification',
      'Referral Program',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Master Key' }));
    expect(await screen.findByRole('dialog', { name: 'Master Key System' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Account actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Convert Currency' }));
    expect(await screen.findByRole('dialog', { name: 'Convert Currency' })).toBeInTheDocument();
  });

  it('opens the modal a remote asks for through the platform', async () => {
    installFakeApi().on('GET /api/users/master-key-status', {
      body: { is_activated: false, proof_drops_completed: 0, proof_drops_required: 5, last_activated_at: null },
    });
    renderAccount(<AccountMenu />);
    act(() => void openAccountDialog('master-key'));
    expect(await screen.findByRole('dialog', { name: 'Master Key System' })).toBeInTheDocument();
  });

  it('opens the Referral Program when a remote (the Growth Hub) asks for it', async () => {
    installFakeApi();
    renderAccount(<AccountMenu />, { user: { referral_code: 'ADA001', referred_by: null } });
    act(() => void openAccountDialog('referral-program'));
    expect(await screen.findByRole('dialog', { name: 'Referral Program' })).toHaveTextContent('Your code: ADA001');
  });

  it('opens influence rewards from ?openInfluenceRewards=true and removes the parameter', async () => {
    installFakeApi();
    renderAccount(<ProfileAccountPanel />, {
      route: '/profile/ada?tab=about&openInfluenceRewards=true',
      user: { referral_code: 'ADA001' },
    });
    expect(await screen.findByRole('dialog', { name: 'Influence Rewards' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location', hidden: true })).toHaveTextContent(
      /^\/profile\/ada\?tab=about$/,
    );
  });

  it('leaves the dialog closed without the parameter', () => {
    installFakeApi();
    renderAccount(<ProfileAccountPanel />, { route: '/profile/ada', user: { referral_code: 'ADA001' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Referral Program' })).toBeInTheDocument();
  });
});
