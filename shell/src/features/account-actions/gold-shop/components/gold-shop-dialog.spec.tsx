import { apiMe } from '@app/platform/testing';
import { GOLD_SHOP_CATALOGUE, findGoldShopItem } from '@app/contracts/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { isOwned } from '../api/gold-shop';
import GoldShopDialog from './gold-shop-dialog';

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A purchase as GET /api/users/gold-purchases lists it. */
function purchase(itemName: string, expiresAt: string | null) {
  const item = findGoldShopItem(itemName)!;
  return {
    id: `p-${item.id}`,
    item_id: item.id,
    item_name: item.name,
    item_type: item.type,
    gold_cost: item.gold_cost,
    effect_data: item.effect_data,
    purchased_at: new Date().toISOString(),
    expires_at: expiresAt,
    is_active: true,
  };
}

function shopServer() {
  return installFakeApi().on('GET /api/users/gold-shop-items', { body: GOLD_SHOP_CATALOGUE });
}

describe('Gold Shop', () => {
  it('counts a purchase as owned only until it expires; one without expiry is permanent', () => {
    expect(isOwned({ name: 'Golden Badge' }, [{ item_name: 'Golden Badge', expires_at: null }])).toBe(true);
    expect(isOwned({ name: 'Golden Badge' }, [{ item_name: 'Golden Badge', expires_at: hoursFromNow(-1) }])).toBe(
      false,
    );
    expect(isOwned({ name: 'Golden Badge' }, [{ item_name: 'Profile Boost', expires_at: null }])).toBe(false);
  });

  it("has the tabs Tier Upgrades, Boosts and Profile with the server's prices", async () => {
    const user = userEvent.setup();
    shopServer().on('GET /api/users/gold-purchases', { body: [] });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '2000' } });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Tier Upgrades',
      'Boosts',
      'Profile',
    ]);
    expect(screen.getByRole('button', { name: 'Buy Premium Upgrade for 500 gold' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Super Upgrade for 1000 gold' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Boosts' }));
    const boosts = screen.getByRole('list', { name: 'Boosts' });
    expect(within(boosts).getByRole('listitem', { name: /24h Key Multiplier/ })).toHaveTextContent('200 gold · 1 day');
    expect(within(boosts).getByRole('listitem', { name: /7-Day XP Boost/ })).toHaveTextContent('300 gold · 7 days');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('listitem', { name: /Golden Badge/ })).toHaveTextContent('150 gold · Permanent');
    expect(screen.getByRole('listitem', { name: /Profile Boost/ })).toHaveTextContent('250 gold · 30 days');
  });

  it("shows owned items and 'Not Enough Gold' where the gold does not cover the price", async () => {
    const user = userEvent.setup();
    shopServer().on('GET /api/users/gold-purchases', {
      body: [purchase('24h Key Multiplier', hoursFromNow(5)), purchase('7-Day XP Boost', hoursFromNow(-1))],
    });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '250' } });
    expect(await screen.findByRole('button', { name: 'Not Enough Gold for Premium Upgrade' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Boosts' }));
    expect(within(screen.getByRole('listitem', { name: /24h Key Multiplier/ })).getByText('Owned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not Enough Gold for 7-Day XP Boost' })).toBeDisabled();
  });

  it('does not sell a tier upgrade to a tier you already have', async () => {
    shopServer().on('GET /api/users/gold-purchases', { body: [] });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, {
      user: { gold_collected: '5000', user_tier: 'premium' },
    });
    expect(
      within(await screen.findByRole('listitem', { name: /Premium Upgrade/ })).getByText('Your tier already'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Super Upgrade for 1000 gold' })).toBeEnabled();
  });

  it('buys an item, then shows it owned with the gold refreshed', async () => {
    const user = userEvent.setup();
    const owned: ReturnType<typeof purchase>[] = [];
    const api = shopServer()
      .on('GET /api/users/gold-purchases', () => ({ body: owned }))
      .on('POST /api/users/gold-purchase', (call) => {
        const bought = purchase((call.body as { item_name: string }).item_name, null);
        owned.push(bought);
        return {
          body: { success: true, purchase: bought, gold_collected: 50, user_tier: 'free', message: 'Purchased' },
        };
      })
      .on('GET /api/users/me', { body: apiMe({ gold_collected: 50 }) });
    const { refreshes } = renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, {
      user: { gold_collected: '200' },
    });
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Buy Golden Badge for 150 gold' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: /Golden Badge/ })).getByText('Owned')).toBeInTheDocument(),
    );
    const [call] = api.callsTo('POST /api/users/gold-purchase');
    expect(call.body).toEqual({
      item_type: 'profile',
      item_name: 'Golden Badge',
      gold_cost: 150,
      effect_data: '{"badge":"golden"}',
    });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(refreshes.count).toBe(1);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('You have 50 gold.');
    expect(await screen.findByText('Purchased Golden Badge')).toBeInTheDocument();
  });

  it("shows 'Purchase failed' when the server gives no reason, and the server's reason when it does", async () => {
    const user = userEvent.setup();
    const api = shopServer()
      .on('GET /api/users/gold-purchases', { body: [] })
      .on('POST /api/users/gold-purchase', { status: 500 });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />, { user: { gold_collected: '5000' } });
    await user.click(await screen.findByRole('button', { name: 'Buy Premium Upgrade for 500 gold' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Purchase failed');
    api.on('POST /api/users/gold-purchase', {
      status: 422,
      body: { error: 'Not Enough Gold', code: 'INSUFFICIENT_BALANCE' },
    });
    await user.click(screen.getByRole('button', { name: 'Buy Premium Upgrade for 500 gold' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Not Enough Gold'));
  });

  it('shows a catalogue load failure with Try again', async () => {
    installFakeApi()
      .on('GET /api/users/gold-shop-items', { status: 500, body: { error: 'Catalogue unavailable', code: 'INTERNAL' } })
      .on('GET /api/users/gold-purchases', { body: [] });
    renderAccount(<GoldShopDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Catalogue unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
