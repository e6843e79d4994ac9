import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/**
 * Issue 43, "the Growth Hub is reachable from the navigation": from the home page, by clicks only, through the user
 * menu's Growth Hub (spec 2: Profile, Growth Hub, Advertiser, Logout) and through the Wallet's Open Growth Hub. Ends
 * with `ledger verify` OK.
 */
test('the Growth Hub is reachable from the user menu and from the wallet by clicks only; ledger verify OK', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpFreshUser(request, 'grower');
  await openSignedIn(page, user.token, '/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // The user menu in the header.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Growth Hub' }).click();
  await expect(page).toHaveURL(/\/growth-hub$/);
  await expect(page.getByRole('heading', { name: 'Growth Hub', level: 1 })).toBeVisible();

  // Back home through the main navigation, then Wallet → Open Growth Hub.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await page.getByRole('link', { name: 'Open Growth Hub' }).click();
  await expect(page).toHaveURL(/\/growth-hub$/);
  await expect(page.getByRole('heading', { name: 'Growth Hub', level: 1 })).toBeVisible();

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
