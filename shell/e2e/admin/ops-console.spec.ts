import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoToken, openSignedIn } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/**
 * The ops console in the composed app: a non-administrator gets the 403 screen; an administrator (granted with the
 * operators' CLI, as in production) verifies the ledger, rebuilds a projection and follows it to the swap, and opens
 * the jobs and verification queues. Needs DATABASE_URL for the CLI to reach the database the API uses.
 */
test('the ops console: 403 for others; verify, rebuild with progress, jobs and verifications for an administrator', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage();
  await openSignedIn(visitor, await demoToken(request, 'creator'), '/admin');
  await expect(visitor.getByRole('heading', { name: '403: administrators only' })).toBeVisible();
  await expect(visitor.getByRole('tab', { name: 'Ledger' })).toHaveCount(0);

  const stamp = Date.now().toString(36);
  const email = `opsadmin${stamp}@example.com`;
  const signUp = await request.post('/api/auth/signup', { data: { email, password: 'correct horse battery', username: `ops${stamp}`, display_name: 'E2E operator' } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  execFileSync('node', ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', email], { cwd: apiFolder, env: process.env, encoding: 'utf8' });

  const page = await browser.newPage();
  await openSignedIn(page, token, '/admin');
  await expect(page.getByRole('heading', { name: 'Ops console' })).toBeVisible();
  await page.getByRole('button', { name: 'Run verification' }).click();
  const report = page.getByRole('region', { name: 'Verification report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText('Ledger consistent')).toBeVisible();

  await page.getByRole('tab', { name: 'Projections' }).click();
  const row = page.getByRole('row', { name: 'leaderboard' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Rebuild leaderboard' }).click();
  // Running, the row shows a progress bar; done, the time and the events it folded.
  await expect(row.getByText(/Rebuilt .* \(\d+ events\)/)).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Failed jobs', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the queue board' })).toHaveAttribute('href', '/api/admin/queues');
  await page.getByRole('tab', { name: 'Verifications' }).click();
  await expect(page.getByRole('heading', { name: 'Instagram accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Influence followers' })).toBeVisible();
});
