import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiGet, demoToken, openSignedIn } from './account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../services/api');
const movesOf = async (request: Parameters<typeof apiGet>[0], token: string) =>
  (await apiGet<{ moves_balance: number }>(request, token, '/api/users/me')).moves_balance;

/**
 * Campaigns in the composed app (issue 25): the demo advertiser (a sandbox funded with 1,000 moves) creates a campaign
 * from /campaigns/new with the live cost panel, exactly that many moves leave the balance, the campaign is activated
 * paused and resumed from its detail screen with confirmation, and `ledger verify` is clean.
 */
test('an advertiser creates a campaign, sees the moves spent, activates, pauses and resumes it; ledger verify OK', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await demoToken(request, 'advertiser');
  const before = await movesOf(request, token);
  expect(before).toBeGreaterThanOrEqual(50);

  await openSignedIn(page, token, '/campaigns/new');
  await expect(page.getByRole('heading', { name: 'Create Campaign' })).toBeVisible();
  const name = `Winter launch ${Date.now().toString(36)}`;
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Locations').fill('US, Canada');
  // standard × 1 week × (1.00 + 2 × 0.05 targeting) × 1 = 55 moves
  const breakdown = page.getByLabel('Cost breakdown');
  await expect(breakdown).toContainText('Total cost55 moves');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(
    page.getByText('Campaign created successfully! 55 moves deducted from your balance.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  expect(await movesOf(request, token)).toBe(before - 55);

  await expect(page.getByText(`Moves available: ${(before - 55).toLocaleString('en-US')}`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('55 moves');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog', { name: 'Activate campaign?' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog', { name: 'Pause campaign?' }).getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog', { name: 'Resume campaign?' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  expect(await movesOf(request, token)).toBe(before - 55);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
