import { expect, test } from '@playwright/test';
import { watchForErrors } from '../helpers';
import { balancesOf, demoToken, openAccountDialog, openSignedIn, signUpFreshUser } from './account-helpers';

test.describe('Convert Currency', () => {
  test('converts gems into keys through the ledger and updates the wallet', async ({ page, request }) => {
    const errors = watchForErrors(page);
    const token = await demoToken(request, 'investor');
    const before = await balancesOf(request, token);
    expect(before.gems_balance).toBeGreaterThanOrEqual(6);
    await openSignedIn(page, token);
    await openAccountDialog(page, 'Convert Currency');
    const dialog = page.getByRole('dialog', { name: 'Convert Currency' });
    await expect(dialog.getByTestId('convert-daily-limit')).toContainText('3 keys a day from points');
    await dialog.getByRole('radio', { name: /Gems/ }).check();
    await dialog.getByRole('button', { name: '3 keys' }).click();
    await expect(dialog.getByTestId('convert-cost')).toHaveText('6 gems');
    await dialog.getByRole('button', { name: 'Convert to 3 keys' }).click();
    await expect(page.getByText('Converted 6 gems to 3 keys', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = await balancesOf(request, token);
    expect(after.keys_balance).toBe(before.keys_balance + 3);
    expect(after.gems_balance).toBeCloseTo(before.gems_balance - 6, 4);
    // The header's wallet total follows the session refresh.
    await page.getByRole('button', { name: /^Wallet, total/ }).click();
    await expect(page.getByRole('menu')).toContainText(
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(after.keys_balance),
    );
    expect(errors.pageErrors).toEqual([]);
  });

  test('a new account cannot afford a key from points: the button is disabled', async ({ page, request }) => {
    const fresh = await signUpFreshUser(request, 'conv');
    await openSignedIn(page, fresh.token);
    await openAccountDialog(page, 'Convert Currency');
    const dialog = page.getByRole('dialog', { name: 'Convert Currency' });
    await expect(dialog.getByRole('button', { name: 'Convert to 1 key' })).toBeDisabled();
    await expect(dialog.getByText('Not enough points: you need 500.')).toBeVisible();
    await dialog.getByLabel('Keys to receive').fill('0');
    await dialog.getByLabel('Keys to receive').blur();
    await expect(dialog.getByLabel('Keys to receive')).toHaveValue('1');
  });
});

test.describe('Upgrade Your Tier', () => {
  test('pays with gems through the ledger and moves the user up a tier', async ({ page, request }) => {
    // A tier only goes up, so each run moves one demo persona one step: take the first one that can still move.
    const gemsCost = { free: 200, premium: 275 } as const;
    let chosen: { token: string; before: Awaited<ReturnType<typeof balancesOf>> } | undefined;
    for (const persona of ['creator', 'investor', 'advertiser'] as const) {
      const token = await demoToken(request, persona);
      const before = await balancesOf(request, token);
      if (before.user_tier !== 'super' && before.gems_balance >= gemsCost[before.user_tier as 'free' | 'premium']) {
        chosen = { token, before };
        break;
      }
    }
    expect(
      chosen,
      'every demo persona is already on the super tier in this database: run the e2e against a fresh database',
    ).toBeDefined();
    const { token, before } = chosen!;
    const target = before.user_tier === 'premium' ? 'Super' : 'Premium';
    const cost = gemsCost[before.user_tier as 'free' | 'premium'];
    await openSignedIn(page, token);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Upgrade Tier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Your Tier' });
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${target}`) })).toBeChecked();
    await dialog.getByRole('radio', { name: new RegExp(`^${cost} gems`) }).check();
    await dialog.getByRole('button', { name: `Upgrade to ${target}` }).click();
    await expect(page.getByText(`Upgraded to ${target}`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = await balancesOf(request, token);
    expect(after.user_tier).toBe(target.toLowerCase());
    expect(after.gems_balance).toBeCloseTo(before.gems_balance - cost, 4);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menu')).toContainText(`· ${target.toLowerCase()}`);
  });

  test("a new account sees 'Insufficient balance' and cannot upgrade", async ({ page, request }) => {
    const fresh = await signUpFreshUser(request, 'upg');
    await openSignedIn(page, fresh.token);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Upgrade Tier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Your Tier' });
    await expect(dialog.getByRole('radio', { name: /7,500 points/ })).toBeChecked();
    await expect(dialog.getByText('Insufficient balance')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
    await expect(dialog.getByText(/Live prices could not be loaded/)).toHaveCount(0);
  });
});
