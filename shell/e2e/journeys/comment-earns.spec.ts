import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { balancesOf, openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/**
 * Issue 43, "a comment on a post earns engagement points": a real user opens someone else's post from the home
 * feed, writes a comment through the form, is told what it earned, and their points rose by exactly the spec's
 * amount (comment 0.3 × tier 1, spec 2 §9), with the 3 free engagement shares. Both accounts are real sign-ups (demo
 * sandboxes never earn from real accounts' content). Ends with `ledger verify` OK.
 */
test('a comment on someone else’s post earns 0.3 points and 3 free shares; ledger verify OK', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await signUpFreshUser(request, 'author');
  const fan = await signUpFreshUser(request, 'fan');
  const title = `Night market tour ${Date.now().toString(36)}`;
  const created = await request.post('/api/content', {
    headers: { Authorization: `Bearer ${author.token}`, 'Idempotency-Key': randomUUID() },
    data: {
      platform: 'tiktok',
      title,
      description: 'Every stall, one evening',
      platform_url: 'https://www.tiktok.com/@author/video/43',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contentId = ((await created.json()) as { contentId: string }).contentId;
  const before = await balancesOf(request, fan.token);

  // From here on, clicks and keystrokes only: Home → Social Feed → the post → the comment form.
  await openSignedIn(page, fan.token, '/dashboard');
  await page.getByRole('tab', { name: 'Social Feed' }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${contentId}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Which stall had the best dumplings?');
  await page.getByRole('button', { name: 'Post Comment' }).click();

  await expect(page.getByText('Comment posted', { exact: true })).toBeVisible();
  await expect(page.getByText('+0.3 points and 3 free shares', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Comment by / })).toContainText(
    'Which stall had the best dumplings?',
  );

  const after = await balancesOf(request, fan.token);
  expect(Math.round((after.points_balance - before.points_balance) * 10)).toBe(3);
  expect(after.keys_balance).toBe(before.keys_balance);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
