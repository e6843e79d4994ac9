import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { balancesOf, openSignedIn, signUpFreshUser } from '../account/account-helpers';

/** The Points card of the wallet page, as the person reads it. */
async function pointsOnWallet(page: Page): Promise<string> {
  await page.goto('/wallet');
  const card = page.getByRole('region', { name: 'Points balance' });
  await expect(card).toBeVisible();
  return (await card.locator('.wallet-balance__amount').innerText()).trim();
}

/**
 * Issue 43's referral journey: A (signed up through the API) opens their profile, opens the Referral Program and
 * reads their link; a friend in a browser of their own opens that link, creates an account with e-mail through the
 * form and sees the referral toast. A's points rose by 500 and the friend has the opening 25 plus 250, both read on
 * the wallet screen; `ledger verify` is clean.
 */
test('a friend signs up from my referral link and I get my 500 points; ledger verify OK', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const referrer = await signUpFreshUser(request, 'ref');
  const referrerBefore = (await balancesOf(request, referrer.token)).points_balance;

  // A: profile → Referral Program → the link to share.
  await openSignedIn(page, referrer.token, '/profile');
  await page.getByRole('button', { name: 'Open Referral Program' }).click();
  const dialog = page.getByRole('dialog', { name: 'Referral Program' });
  await expect(dialog).toBeVisible();
  const link = await dialog.getByLabel('Your referral link').inputValue();
  expect(link).toMatch(/\/auth\?ref=[A-Z0-9]{6}$/);
  const code = new URL(link).searchParams.get('ref');
  expect(code).toBe(referrer.user.referral_code);
  await page.keyboard.press('Escape');

  // The friend: a browser of their own, the link, the sign-up form.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(friend.getByText(`Referral code ${code}`)).toBeVisible();
  await expect(friend.getByLabel('Referral code (optional)')).toHaveValue(code!);
  const unique = `friend${Date.now().toString(36)}`;
  const form = friend.getByRole('form', { name: 'Create Account' });
  await form.getByLabel('Email').fill(`${unique}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await form.getByLabel('Username').fill(unique);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(friend).toHaveURL(/\/dashboard$/);
  // Exact: the toast's live-region announcement ("Notification Welcome! …") carries the same words for a moment.
  await expect(friend.getByText('Welcome! Referral applied: +250 points', { exact: true })).toBeVisible();

  // Read on the screens: the friend's 25 opening points plus 250, and A's 500 more.
  expect(await pointsOnWallet(friend)).toBe('275');
  expect(await pointsOnWallet(page)).toBe(String(referrerBefore + 500));
  // The Referral Program now says the friend was referred.
  await friend.goto('/profile');
  await friend.getByRole('button', { name: 'Open Referral Program' }).click();
  await expect(friend.getByRole('dialog', { name: 'Referral Program' }).getByText('Referral Applied')).toBeVisible();
  await friendContext.close();

  // The auditor's tool replays every stream, checks the hash chains, the double entry, issuance and the projections.
  const apiFolder = path.resolve(__dirname, '../../../services/api');
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
