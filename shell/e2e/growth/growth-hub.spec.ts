import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiGet, balancesOf, demoToken, openSignedIn } from '../account/account-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const apiFolder = path.resolve(__dirname, '../../../services/api');

async function post(request: APIRequestContext, token: string, url: string, data: unknown = {}): Promise<void> {
  const response = await request.post(url, { headers: bearer(token), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
}

/**
 * The Growth Hub in the composed app: a demo creator stakes gems and creates a funding project, a second demo creator
 * pledges to it, and the first subscribes to a Social Shield once an admin verified their followers. Balances move by
 * exactly the amounts, and `ledger verify` is clean afterwards. Demo sandboxes deal with each other only.
 */
test('stake, create a project, pledge from a second user, subscribe to a shield; ledger verify OK', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const creator = await demoToken(request, 'creator');
  const backer = await demoToken(request, 'creator');
  const before = await balancesOf(request, creator);

  // Stake 100 gems in Steady Growth through the Stake modal, with its live projection.
  const page = await browser.newPage();
  await openSignedIn(page, creator, '/growth-hub');
  await page.getByRole('tab', { name: 'Growth Channels' }).click();
  await page.getByRole('article', { name: 'Steady Growth' }).getByRole('button', { name: 'Stake' }).click();
  const stake = page.getByRole('dialog', { name: 'Stake gems' });
  await stake.getByLabel('Amount (gems)').fill('100');
  await expect(stake.getByLabel('Projection')).toContainText('1 gems');
  await stake.getByRole('button', { name: 'Stake' }).click();
  await expect(stake).toBeHidden();
  await expect(page.getByRole('list', { name: 'Your stakes' })).toContainText('Steady Growth');
  expect((await balancesOf(request, creator)).gems_balance).toBeCloseTo(before.gems_balance - 100, 6);

  // Create a project with two reward tiers, then drop the first.
  const title = `E2E film ${Date.now().toString(36)}`;
  await page.getByRole('tab', { name: 'Creator Funding' }).click();
  await page.getByRole('button', { name: 'Create Project' }).click();
  const create = page.getByRole('dialog', { name: 'Create Project' });
  await create.getByLabel('Title', { exact: true }).fill(title);
  await create.getByLabel('Description', { exact: true }).fill('A short film about the sea');
  await create.getByLabel('Funding goal (gems)').fill('1000');
  await create.getByRole('button', { name: 'Add tier' }).click();
  const tiers = create.getByRole('group', { name: /^Reward tier \d/ });
  await tiers.nth(0).getByLabel('Amount (gems)').fill('25');
  await tiers.nth(0).getByLabel('Tier title').fill('Thanks');
  await tiers.nth(1).getByLabel('Amount (gems)').fill('50');
  await tiers.nth(1).getByLabel('Tier title').fill('Poster');
  await create.getByRole('button', { name: 'Remove reward tier 1' }).click();
  await create.getByRole('button', { name: 'Create Project' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('article', { name: title })).toContainText('Poster: 50 gems');

  // A second demo creator pledges 50 gems for the Poster tier.
  const backerBefore = await balancesOf(request, backer);
  const backerPage = await (await browser.newContext()).newPage();
  await openSignedIn(backerPage, backer, '/growth-hub');
  await backerPage.getByRole('tab', { name: 'Creator Funding' }).click();
  await backerPage.getByRole('article', { name: title }).getByRole('button', { name: 'Pledge' }).click();
  const pledge = backerPage.getByRole('dialog', { name: `Back ${title}` });
  await pledge.getByLabel('Pledge (gems)').fill('50');
  await pledge.getByLabel('Reward tier').selectOption({ label: 'Poster (from 50 gems)' });
  await pledge.getByRole('button', { name: 'Pledge' }).click();
  await expect(pledge).toBeHidden();
  await expect(backerPage.getByRole('article', { name: title })).toContainText('1 backers');
  expect((await balancesOf(request, backer)).gems_balance).toBeCloseTo(backerBefore.gems_balance - 50, 6);

  // Followers count only once an admin verified them; then the Basic Shield can be selected, confirmed and bought.
  await post(request, creator, '/api/users/register-influence-rewards', {
    full_name: 'Ada Lovelace',
    platform: 'instagram',
    platform_username: `ada${Date.now().toString(36)}`,
    phone_number: '+44 20 7946 0000',
    email: 'ada@example.com',
    follower_count: 1500,
  });
  const adminEmail = `growthadmin${Date.now().toString(36)}@example.com`;
  const signUp = await request.post('/api/auth/signup', {
    data: {
      email: adminEmail,
      password: 'correct horse battery',
      username: `gadm${Date.now().toString(36)}`,
      display_name: 'E2E admin',
    },
  });
  expect(signUp.status(), await signUp.text()).toBeLessThan(300);
  const admin = (await signUp.json()) as { token: string };
  execFileSync('node', ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', adminEmail], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  const me = await apiGet<{ id: string }>(request, creator, '/api/users/me');
  await post(request, admin.token, `/api/admin/users/${me.id}/verify-influence`, { verified_follower_count: 1500 });

  const beforeShield = await balancesOf(request, creator);
  await page.getByRole('tab', { name: 'Social Shield' }).click();
  await expect(page.getByRole('button', { name: 'Select Pro Shield' })).toBeDisabled();
  await page.getByRole('button', { name: 'Select Basic Shield' }).click();
  const shield = page.getByRole('dialog', { name: 'Subscribe to Basic Shield' });
  await expect(shield).toContainText('Coverage begins 24 hours after activation');
  await shield.getByRole('button', { name: 'Confirm' }).click();
  await shield.getByRole('button', { name: 'Subscribe' }).click();
  await expect(shield).toBeHidden();
  await expect(page.getByText('Your Social Shield')).toBeVisible();
  expect((await balancesOf(request, creator)).gems_balance).toBeCloseTo(beforeShield.gems_balance - 29, 6);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
