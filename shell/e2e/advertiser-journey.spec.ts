import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn, signUpFreshUser } from './account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../services/api');

/**
 * Issue 25's whole advertiser journey on one real account: a new user becomes an advertiser and sets a brand, creates
 * a campaign from /campaigns/new paid from the free plan's moves allowance (exactly the moves shown leave the
 * balance), adds their content to it, pauses and resumes it; another user sees that content in the Social Feed and
 * opens it, and the campaign's impressions and clicks arrive from telemetry. `ledger verify` is clean.
 */
test('a new advertiser runs a campaign on their content and sees its impressions arrive', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const advertiser = await signUpFreshUser(request, 'journey');
  await openSignedIn(page, advertiser.token, '/advertiser/onboarding');
  await page.getByRole('main').getByRole('button', { name: 'Become an Advertiser' }).click();
  await expect(page.getByRole('heading', { name: 'Advertiser Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Set Up Brand' }).click();
  const brand = page.getByRole('dialog', { name: 'Brand Profile' });
  await brand.getByLabel('Brand name').fill('Journey Co');
  await brand.getByRole('button', { name: 'Save Brand' }).click();
  await expect(page.getByRole('heading', { name: 'Journey Co' })).toBeVisible();

  // The advertiser's own content, to promote.
  const title = `Journey clip ${Date.now().toString(36)}`;
  const created = await request.post('/api/content', {
    headers: { Authorization: `Bearer ${advertiser.token}` },
    data: {
      platform: 'tiktok',
      title,
      description: 'Our launch clip',
      platform_url: 'https://www.tiktok.com/@journey/video/1',
      total_shares: 100,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // A new advertiser holds no moves until the first spend credits the free plan's 50 of the month.
  expect((await apiGet<{ moves_balance: number }>(request, advertiser.token, '/api/users/me')).moves_balance).toBe(0);
  await page.goto('/campaigns/new');
  await expect(page.getByRole('heading', { name: 'Create Campaign' })).toBeVisible();
  const name = `Journey ${Date.now().toString(36)}`;
  await page.getByLabel('Campaign name').fill(name);
  await expect(page.getByLabel('Cost breakdown')).toContainText('Total cost50 moves');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(
    page.getByText('Campaign created successfully! 50 moves deducted from your balance.', { exact: true }),
  ).toBeVisible();
  expect((await apiGet<{ moves_balance: number }>(request, advertiser.token, '/api/users/me')).moves_balance).toBe(0);

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Content' }).first().click();
  const adding = page.getByRole('dialog', { name: 'Add content' });
  // By role: while the list loads, a skeleton labelled 'Loading content' would match a label lookup.
  await adding.getByRole('combobox', { name: 'Content' }).selectOption({ label: `${title} (tiktok)` });
  await adding.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(adding).toHaveCount(0);

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog', { name: 'Activate campaign?' }).getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog', { name: 'Pause campaign?' }).getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog', { name: 'Resume campaign?' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const campaignUrl = page.url();

  // Someone else scrolls the Social Feed to the clip (an impression) and opens it (a click, then a view).
  const viewer = await signUpFreshUser(request, 'seer');
  const context = await browser.newContext();
  const other = await context.newPage();
  await openSignedIn(other, viewer.token, '/dashboard');
  await other.getByRole('tab', { name: 'Social Feed' }).click();
  const card = other.getByRole('link', { name: title });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await card.click();
  await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await context.close(); // the tracker's last batch leaves by beacon if the 3-second flush has not sent it

  const impressions = page.getByRole('region', { name: 'Impressions' });
  await expect
    .poll(
      async () => {
        await page.goto(campaignUrl);
        return (await impressions.innerText()).replace(/\s+/g, ' ');
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toMatch(/^Impressions [1-9][0-9]* [1-9][0-9]* clicks/);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
