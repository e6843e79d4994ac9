import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn, signUpFreshUser } from './account/account-helpers';
import { watchForErrors } from './helpers';

const apiFolder = path.resolve(__dirname, '../../services/api');

/**
 * Plans, moves and coupons (issue 25, spec 3 §7): a real advertiser (sandboxes cannot pay) upgrades to Premium on the
 * local provider's hosted checkout, comes back to /plans and sees the tier the webhook confirmed; buys 100 moves the
 * same way and sees them arrive on top of the premium week's 200; creates a coupon with the spec defaults and redeems
 * one. The unprefixed /advertisers/... calls go through the shell's server. `ledger verify` is clean afterwards.
 */
test('an advertiser upgrades to premium through the local checkout, buys moves, creates and redeems a coupon', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchForErrors(page);
  const fresh = await signUpFreshUser(request, 'plan');
  const converted = await request.post('/api/users/become-advertiser', {
    headers: { Authorization: `Bearer ${fresh.token}` },
  });
  expect(converted.status(), await converted.text()).toBeLessThan(300);
  const token = ((await converted.json()) as { token?: string }).token ?? fresh.token;

  // The unprefixed plan call reaches the API through the shell's server.
  const plans = await apiGet<{ data: { current_tier: string } }>(request, token, '/advertisers/subscription/plans');
  expect(plans.data.current_tier).toBe('free');

  await openSignedIn(page, token, '/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('$49.00').first()).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(page).toHaveURL(/\/plans\?plan=upgraded/, { timeout: 20_000 });
  await expect(page.getByRole('status').first()).toContainText('Your plan is now Premium.', { timeout: 30_000 });

  await page.goto('/plans/moves');
  await expect(page.getByText(/adds 200 moves each week/)).toBeVisible();
  await page.getByRole('button', { name: 'Buy 100 moves' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page).toHaveURL(/\/plans\/moves\?checkout=/, { timeout: 20_000 });
  await expect(page.getByText('Moves available:')).toContainText('300', { timeout: 30_000 });

  await page.goto('/coupons');
  await expect(page.getByRole('region', { name: 'No coupons yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByRole('form', { name: 'New coupon' }).getByLabel(/Title/).fill('E2E deal');
  await page.getByRole('form', { name: 'New coupon' }).getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('heading', { name: /E2E deal/ })).toBeVisible();
  const redeem = page.getByRole('form', { name: 'Redeem E2E deal' });
  await redeem.getByLabel('Recipient name').fill('Grace');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('table', { name: 'Redemptions' })).toContainText('Grace');
  await expect(page.getByText(/9 of 10 left/)).toBeVisible();
  expect(errors.pageErrors).toEqual([]);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
