import { expect, test } from '@playwright/test';
import { openAccountDialog, openSignedIn, signUpFreshUser } from './account-helpers';

test.describe('Own profile', () => {
  test('?openInfluenceRewards=true opens the influence rewards dialog, then leaves the URL; level and referral code show', async ({
    page,
    request,
  }) => {
    const fresh = await signUpFreshUser(request, 'prof');
    await openSignedIn(page, fresh.token, '/profile?openInfluenceRewards=true');
    const dialog = page.getByRole('dialog', { name: 'Influence Rewards' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/profile/${fresh.user.username}$`));
    await dialog.getByLabel('Follower count').fill('400');
    await dialog.getByLabel('Platform username').fill('someone');
    await dialog.getByLabel('Phone number').fill('+1 555 0100');
    await dialog.getByRole('button', { name: 'Register' }).click();
    // The rule is the follower field's own message, shown under it.
    await expect(dialog.getByText('Minimum 500 followers required for influence rewards')).toBeVisible();
    await expect(dialog.getByLabel('Follower count')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: /^Level \d+$/ })).toBeVisible();
    await expect(page.getByTestId('own-referral-code')).not.toBeEmpty();
  });
});

test.describe('Master Key', () => {
  test('a new free account has done 0 of 5 proof drops today: Activate stays disabled', async ({ page, request }) => {
    const fresh = await signUpFreshUser(request, 'mk');
    await openSignedIn(page, fresh.token);
    await openAccountDialog(page, 'Master Key');
    const dialog = page.getByRole('dialog', { name: 'Master Key System' });
    await expect(dialog.getByRole('progressbar', { name: 'Proof drops completed today: 0 of 5' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Activate Master Key' })).toBeDisabled();
    await expect(dialog.getByText('Not activated')).toBeVisible();
  });
});
