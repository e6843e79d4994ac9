import { type Page, expect, test } from '@playwright/test';
import { signInAsDemo } from './helpers';

// Runs in the `phone` project (390 × 844, touch, see playwright.config.ts): nothing on any top-level route may be
// wider than the screen, the header stays on one line, and the bottom bar shows the spec's five labelled entries.

const publicRoutes = ['/', '/auth', '/not-found', '/error'];
const signedInRoutes = [
  '/dashboard',
  '/earn',
  '/create',
  '/invest',
  '/wallet',
  '/leaderboard',
  '/profile/me',
  '/growth-hub',
  '/advertiser',
  '/advertiser/onboarding',
];

async function expectNoHorizontalOverflow(page: Page, route: string) {
  // Let the route (and a remote's chunk) render before measuring.
  await expect(page.locator('#main, main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${route} is ${widths.scroll}px wide on a ${widths.client}px screen`).toBeLessThanOrEqual(
    widths.client,
  );
}

test.describe('phone layout (390 × 844)', () => {
  for (const route of publicRoutes) {
    test(`nothing overflows horizontally on ${route}`, async ({ page }) => {
      await page.goto(route);
      await expectNoHorizontalOverflow(page, route);
    });
  }

  test('signed in, nothing overflows horizontally on any top-level route', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, 'creator');
    for (const route of signedInRoutes) {
      await page.goto(route);
      await expectNoHorizontalOverflow(page, route);
    }
  });

  test('the header fits one line: search is an icon, balances are in the user menu', async ({ page }) => {
    await signInAsDemo(page, 'creator');
    const header = page.getByRole('banner');
    const viewport = page.viewportSize()!;
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThan(72);
    for (const control of [
      header.getByRole('link', { name: 'Rewards home' }),
      header.getByRole('button', { name: 'Search' }),
      header.getByRole('button', { name: /^Notifications/ }),
      header.getByRole('button', { name: /^Account menu/ }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
    }
    await expect(header.getByRole('button', { name: /^Wallet, total/ })).toBeHidden();
    await header.getByRole('button', { name: /^Account menu/ }).click();
    const balances = page.getByRole('group', { name: 'Balances' });
    await expect(balances.getByRole('menuitem', { name: /Points/ })).toBeVisible();
    await expect(balances.getByRole('menuitem', { name: /Gems/ })).toBeVisible();
  });

  test('the bottom bar shows Home, Earn, Create, Invest and More, each with an icon, all on screen', async ({
    page,
  }) => {
    await signInAsDemo(page, 'creator');
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    const viewport = page.viewportSize()!;
    const entries = [
      bar.getByRole('link', { name: 'Home' }),
      bar.getByRole('link', { name: 'Earn' }),
      bar.getByRole('link', { name: 'Create' }),
      bar.getByRole('link', { name: 'Invest' }),
      bar.getByRole('button', { name: 'More' }),
    ];
    for (const entry of entries) {
      await expect(entry).toBeVisible();
      await expect(entry.locator('svg')).toBeVisible();
      const box = (await entry.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
  });
});
