import { expect, test } from '@playwright/test';
import { apiGet, balancesOf, demoToken, openAccountDialog, openSignedIn, signUpFreshUser } from './account-helpers';

interface ShopItem {
  id: string;
  name: string;
  type: 'tier_upgrade' | 'boost' | 'profile';
  gold_cost: number;
}
interface Purchase {
  item_name: string;
  expires_at: string | null;
}

const tabOf = { tier_upgrade: 'Tier Upgrades', boost: 'Boosts', profile: 'Profile' } as const;

test.describe('Gold Shop', () => {
  test('buys an item with gold: the gold goes down and the item shows as owned', async ({ page, request }) => {
    const token = await demoToken(request, 'creator');
    const before = await balancesOf(request, token);
    const catalogue = await apiGet<ShopItem[]>(request, token, '/api/users/gold-shop-items');
    const purchases = await apiGet<Purchase[]>(request, token, '/api/users/gold-purchases');
    const owned = (item: ShopItem) =>
      purchases.some(
        (purchase) =>
          purchase.item_name === item.name && (!purchase.expires_at || Date.parse(purchase.expires_at) > Date.now()),
      );
    // Boosts and profile items leave the tier alone; take the cheapest one this persona does not own yet.
    const item = catalogue
      .filter(
        (candidate) =>
          candidate.type !== 'tier_upgrade' && !owned(candidate) && candidate.gold_cost <= before.gold_collected,
      )
      .sort((left, right) => left.gold_cost - right.gold_cost)[0];
    expect(
      item,
      'the demo creator owns every affordable boost and profile item in this database: run against a fresh database',
    ).toBeDefined();

    await openSignedIn(page, token);
    await openAccountDialog(page, 'Gold Shop');
    const dialog = page.getByRole('dialog', { name: 'Gold Shop' });
    await dialog.getByRole('tab', { name: tabOf[item.type] }).click();
    await dialog.getByRole('button', { name: `Buy ${item.name} for ${item.gold_cost} gold` }).click();
    await expect(page.getByText(`Purchased ${item.name}`, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('listitem', { name: new RegExp(item.name) }).getByText('Owned')).toBeVisible();
    const after = await balancesOf(request, token);
    expect(after.gold_collected).toBe(before.gold_collected - item.gold_cost);
    await expect(dialog).toHaveAccessibleDescription(
      `You have ${new Intl.NumberFormat('en-US').format(after.gold_collected)} gold.`,
    );
  });

  test("a new account has no gold: every item says 'Not Enough Gold'", async ({ page, request }) => {
    const fresh = await signUpFreshUser(request, 'gold');
    await openSignedIn(page, fresh.token);
    await openAccountDialog(page, 'Gold Shop');
    const dialog = page.getByRole('dialog', { name: 'Gold Shop' });
    await expect(dialog.getByRole('button', { name: 'Not Enough Gold for Premium Upgrade' })).toBeDisabled();
    await dialog.getByRole('tab', { name: 'Boosts' }).click();
    await expect(dialog.getByRole('button', { name: 'Not Enough Gold for 24h Key Multiplier' })).toBeDisabled();
  });
});

test.describe('Achievements', () => {
  test('claims First Steps once: a toast with gold and XP, then Completed, and the gold arrives', async ({
    page,
    request,
  }) => {
    const fresh = await signUpFreshUser(request, 'ach');
    const before = await balancesOf(request, fresh.token);
    // Progress is a projection of the sign-up event: wait until it has caught up.
    await expect
      .poll(
        async () =>
          (await apiGet<{ id: string; is_claimable: boolean }[]>(request, fresh.token, '/api/users/achievements')).find(
            (achievement) => achievement.id === 'first-steps',
          )?.is_claimable,
        { timeout: 15_000 },
      )
      .toBe(true);
    await openSignedIn(page, fresh.token);
    await openAccountDialog(page, 'Achievements');
    const dialog = page.getByRole('dialog', { name: 'Achievements' });
    await expect(dialog.getByRole('tab', { name: 'All' })).toBeVisible();
    const firstSteps = dialog.getByRole('listitem', { name: 'First Steps' });
    await expect(dialog.getByRole('listitem', { name: 'Social Butterfly' }).getByText('Locked')).toBeVisible();
    await firstSteps.getByRole('button', { name: 'Claim First Steps' }).click();
    await expect(page.getByText('Achievement unlocked: First Steps', { exact: true })).toBeVisible();
    await expect(page.getByText('+5 gold · +100 XP', { exact: true })).toBeVisible();
    await expect(firstSteps.getByText('Completed')).toBeVisible();
    await expect(firstSteps.getByRole('button', { name: 'Claim First Steps' })).toHaveCount(0);
    const after = await balancesOf(request, fresh.token);
    expect(after.gold_collected).toBe(before.gold_collected + 5);
    // A second claim is refused by the server.
    const again = await request.post('/api/users/achievements/first-steps/claim', {
      headers: { Authorization: `Bearer ${fresh.token}` },
      data: {},
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    await dialog.getByRole('tab', { name: 'Social' }).click();
    await expect(dialog.getByRole('tabpanel').getByRole('listitem', { name: 'First Steps' })).toHaveCount(0);
  });
});
