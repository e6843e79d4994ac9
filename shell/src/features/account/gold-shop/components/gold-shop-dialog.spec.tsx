import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../testing/fake-api';
import { renderAccount } from '../../testing/render-account';
import { GOLD_SHOP_ITEMS, isOwned } from '../api/gold-shop';
import GoldShopDialog from './gold-shop-dialog';

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('Gold Shop', () => {
  it('counts a purchase as owned only until it expires; one without expiry is permanent', () => {
    const badge = GOLD_SHOP_ITEMS.find((item) => item.item_name === 'Golden Badge')!;
    expect(isOwned(badge, [{ item_name: 'Golden Badge', expires_at: null }])).toBe(true);
    expect(isOwned(badge, [{ item_name: 'Golden Badge', expires_at: hoursFromNow(-1) }])).toBe(false);
    expect(isOwned(badge, [{ item_name: 'Profile Boost', expires_at: null }])).toBe(false);
  });

  it('has the tabs Tier Upgrades, Boosts and Profile with the catalogue prices', async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/users/gold-purchases', { body: [] });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '2000' } });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Tier Upgrades', 'Boosts', 'Profile']);
    expect(screen.getByRole('button', { name: 'Buy Premium Upgrade for 500 gold' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Super Upgrade for 1000 gold' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Boosts' }));
    const boosts = screen.getByRole('list', { name: 'Boosts' });
    expect(within(boosts).getByText('1 day', { exact: false })).toBeInTheDocument();
    expect(within(boosts).getByRole('button', { name: 'Buy 7-Day XP Boost for 300 gold' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('button', { name: 'Buy Golden Badge for 150 gold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Profile Boost for 250 gold' })).toBeInTheDocument();
  });

  it("shows owned items and 'Not Enough Gold' where the gold does not cover the price", async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/users/gold-purchases', { body: [{ item_name: '24h Key Multiplier', item_type: 'boost', gold_cost: 200, expires_at: hoursFromNow(5) }] });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '250' } });
    expect(await screen.findByRole('button', { name: 'Not Enough Gold for Premium Upgrade' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Boosts' }));
    const multiplier = screen.getByRole('listitem', { name: /24h Key Multiplier/ });
    expect(within(multiplier).getByText('Owned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not Enough Gold for 7-Day XP Boost' })).toBeDisabled();
  });

  it('buys an item, then shows it owned with the gold refreshed', async () => {
    const user = userEvent.setup();
    const owned: { item_name: string; expires_at: string | null }[] = [];
    const api = installFakeApi()
      .on('GET /api/users/gold-purchases', () => ({ body: owned }))
      .on('POST /api/users/gold-purchase', (call) => {
        owned.push({ item_name: (call.body as { item_name: string }).item_name, expires_at: null });
        return { body: { success: true } };
      })
      .on('GET /api/users/me', { body: { id: 'user-1', gold_collected: 50 } });
    const { refreshes } = renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '200' } });
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Buy Golden Badge for 150 gold' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: /Golden Badge/ })).getByText('Owned')).toBeInTheDocument());
    expect(api.callsTo('POST /api/users/gold-purchase')[0].body).toEqual({ item_type: 'badge', item_name: 'Golden Badge', gold_cost: 150, effect_data: '{"badge":"golden"}' });
    expect(refreshes.count).toBe(1);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('You have 50 gold.');
  });

  it("shows 'Purchase failed' when the server gives no reason, and the server's reason when it does", async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('GET /api/users/gold-purchases', { body: [] }).on('POST /api/users/gold-purchase', { status: 500 });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '5000' } });
    await user.click(await screen.findByRole('button', { name: 'Buy Premium Upgrade for 500 gold' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Purchase failed');
    api.on('POST /api/users/gold-purchase', { status: 422, body: { error: 'Not Enough Gold', code: 'INSUFFICIENT_BALANCE' } });
    await user.click(screen.getByRole('button', { name: 'Buy Premium Upgrade for 500 gold' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Not Enough Gold'));
  });
});
