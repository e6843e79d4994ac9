import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { balancesOf, demoToken } from '../account/account-helpers';

/** A page of its own (own local storage) signed in with a token. */
async function pageFor(browser: Browser, token: string, pathname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(pathname);
  return page;
}

/**
 * The content path in the composed app: a creator publishes on /create (with gem funding) and lands on the content
 * page after the toast; a fan likes it once, comments and tips; an advertiser sponsors it with a package. Balances
 * move by the exact amounts and `ledger verify` is clean. Demo sandboxes engage with each other only, so all three
 * are demo personas.
 */
test('a creator publishes content; a fan likes, comments and tips it; an advertiser sponsors it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const creatorToken = await demoToken(request, 'creator');
  const fanToken = await demoToken(request, 'investor');
  const brandToken = await demoToken(request, 'advertiser');
  const title = `E2E street food ${Date.now().toString(36)}`;

  // The creator publishes through the Share Existing Content form, funding it with 10 gems.
  const creatorBefore = await balancesOf(request, creatorToken);
  const creator = await pageFor(browser, creatorToken, '/create');
  const form = creator.getByRole('form', { name: 'Share existing content' });
  await form.getByLabel('Platform').selectOption('tiktok');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Tasting every stall on one street');
  await form.getByLabel('Content URL').fill('https://www.tiktok.com/@e2e/video/1');
  await form.getByLabel('Fund with gems (optional)').fill('10');
  await form.getByRole('button', { name: 'Share Content' }).click();
  await expect(creator.getByText('Content created!', { exact: true })).toBeVisible();
  await expect(creator).toHaveURL(/\/content\/[^/]+$/, { timeout: 10_000 });
  const contentId = decodeURIComponent(creator.url().split('/content/')[1]);
  await expect(creator.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(creator.getByText('YOUR CONTENT', { exact: true })).toBeVisible();
  expect((await balancesOf(request, creatorToken)).gems_balance).toBeCloseTo(creatorBefore.gems_balance - 10, 6);

  // The fan likes (once), comments and tips 5 gems.
  const fanBefore = await balancesOf(request, fanToken);
  const fan = await pageFor(browser, fanToken, `/content/${encodeURIComponent(contentId)}`);
  await expect(fan.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(fan.getByText('YOUR CONTENT', { exact: true })).toHaveCount(0);
  await fan.getByRole('button', { name: /^Like \(/ }).click();
  await expect(fan.getByRole('button', { name: 'Liked' })).toBeDisabled();
  await fan.getByRole('textbox', { name: 'Add a comment' }).fill('Which stall was the best?');
  await fan.getByRole('button', { name: 'Post Comment' }).click();
  await expect(fan.getByText('Which stall was the best?')).toBeVisible();
  await fan.getByRole('button', { name: 'Tip Creator' }).click();
  const tip = fan.getByRole('dialog', { name: 'Tip Creator' });
  await tip.getByRole('button', { name: '5', exact: true }).click();
  await tip.getByRole('button', { name: 'Send Tip' }).click();
  await expect(fan.getByText('Tipped 5 gems', { exact: true })).toBeVisible();
  const fanAfter = await balancesOf(request, fanToken);
  expect(fanAfter.gems_balance).toBeCloseTo(fanBefore.gems_balance - 5, 6);
  expect(fanAfter.points_balance).toBeGreaterThan(fanBefore.points_balance);

  // The fan saves it; the home page's Saved tile lists it and the Social Feed shows it.
  await fan.getByRole('button', { name: /^Save \(/ }).click();
  await expect(fan.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await fan.getByRole('link', { name: 'Back to Home' }).click();
  await expect(fan.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await fan.getByRole('button', { name: 'Saved' }).click();
  await expect(fan.getByRole('dialog', { name: 'Saved Content' }).getByRole('link', { name: title })).toBeVisible();
  await fan.keyboard.press('Escape');
  await fan.getByRole('tab', { name: 'Social Feed' }).click();
  await expect(fan.getByRole('link', { name: title })).toBeVisible();

  // The creator's own profile lists it under Content.
  const profile = await pageFor(browser, creatorToken, '/profile/me');
  await profile.getByRole('tab', { name: 'Content' }).click();
  await expect(profile.getByRole('link', { name: title })).toBeVisible();

  // The creator sees the comment and pins it.
  await creator.reload();
  const comment = creator.getByRole('article', { name: /^Comment by / });
  await expect(comment).toContainText('Which stall was the best?');
  await comment.getByRole('button', { name: 'Pin' }).click();
  await expect(comment.getByText('Pinned')).toBeVisible();

  // The advertiser sponsors it with Quick Boost.
  const brand = await pageFor(browser, brandToken, `/content/${encodeURIComponent(contentId)}`);
  await brand.getByRole('button', { name: 'Sponsor' }).click();
  const sponsor = brand.getByRole('dialog', { name: 'Sponsor Content' });
  await sponsor.getByRole('radio', { name: /Quick Boost/ }).check();
  await sponsor.getByRole('button', { name: 'Sponsor' }).click();
  await expect(
    brand.getByText('Content sponsored successfully! It will receive 1.5x visibility boost for 1 hours.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(brand.getByText(/Boosted 1.5x by 1 sponsor/)).toBeVisible();

  // The auditor's tool replays every stream, checks the hash chains, the double entry and the projections.
  const apiFolder = path.resolve(__dirname, '../../../services/api');
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
