import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openAccountDialog, openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/**
 * A reward that waits for a person, start to finish through the screens: a new user registers an Instagram account
 * and sees "Pending review"; an administrator (granted with the operators' CLI, as in production) opens the ops
 * console's Approvals queue, finds it with its evidence and approves it with a reason; the user is notified, claims
 * the month's points and sees the balance change. Ends with `ledger verify` OK. Needs DATABASE_URL for the CLIs.
 */
test('an Instagram verification: pending review, approved in the console with a reason, notified, claimed; ledger verify OK', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Setup through the API: two fresh accounts, one of them made an administrator.
  const member = await signUpFreshUser(request, 'insta');
  const operator = await signUpFreshUser(request, 'approver');
  const operatorEmail = `${operator.user.username}@example.com`;
  execFileSync('node', ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', operatorEmail], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  const handle = `e2e_${member.user.username}`.slice(0, 30).toLowerCase();

  // The user registers the account from the account menu and is told it waits for review.
  const user = await browser.newPage();
  await openSignedIn(user, member.token);
  const walletBefore = user.getByRole('button', { name: /^Wallet, total / });
  await expect(walletBefore).toHaveAccessibleName('Wallet, total 26');
  await openAccountDialog(user, 'Instagram Verification');
  const dialog = user.getByRole('dialog', { name: 'Instagram Verification' });
  await dialog.getByLabel('Instagram username').fill(`@${handle}`);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Pending review')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Claim points' })).toBeDisabled();
  await user.keyboard.press('Escape');

  // The administrator finds it in the Approvals queue (the list trails the log by a poll: reload until it is there).
  const admin = await browser.newPage();
  await openSignedIn(admin, operator.token, '/admin');
  await admin.getByRole('tab', { name: 'Approvals' }).click();
  const row = admin.getByRole('listitem', { name: `Instagram verification: @${handle}` });
  await expect(async () => {
    await admin.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('link', { name: `https://www.instagram.com/${handle}/` })).toBeVisible();
  await row.getByLabel('Reason').fill('Verification message received');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`Instagram verification approved: @${handle}`, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The user is notified (the bell follows the notifications projection), opens it and reads the decision.
  await user.reload();
  const bell = user.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    await user.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  const panel = user.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel.getByText(
      `@${handle} is verified: you can claim your monthly Instagram points. Verification message received`,
    ),
  ).toBeVisible();
  await user.keyboard.press('Escape');

  // Verified now: the user claims the month's points (500 on the free tier) and the wallet shows them.
  await openAccountDialog(user, 'Instagram Verification');
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Claim points' }).click();
  await expect(user.getByText('+500 points').first()).toBeVisible();
  await expect(user.getByRole('button', { name: /^Wallet, total / })).toHaveAccessibleName('Wallet, total 526');
  await user.getByRole('button', { name: /^Wallet, total / }).click();
  await expect(user.getByRole('menuitem', { name: /Points\s*525/ })).toBeVisible();

  // The auditor's tool replays every stream, checks the hash chains, the double entry and the projections.
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
