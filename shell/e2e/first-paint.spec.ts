// A returning user's first page is painted from index.html before any script has run (issue 45): the frame and the
// page header, then the app's first render takes over that same #root. Scripts are held back here to see it.
import { firstPaintPages as earnPages } from '@app/mf-earn/first-paint';
import { type Page, expect, test } from '@playwright/test';
import { signInAsDemo } from './helpers';

/** Holds every script request until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
}

/** Where the element is on the page and how large its text is: the app's own must be where the first paint put it. */
const placeOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height, fontSize: getComputedStyle(element).fontSize };
  });

const reactHasRendered = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 412, height: 823 }],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ viewport });
    test('a returning user sees the frame and the page header before any script, then the app in the same place', async ({
      page,
    }) => {
      await returningUserFirstPages(page);
    });
  });
}

/** Records whether the session-check spinner was ever in the page (it would replace the first paint for a moment). */
async function watchForSessionSpinner(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { sessionSpinnerSeen: boolean }).sessionSpinnerSeen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Checking your session'))
        (window as unknown as { sessionSpinnerSeen: boolean }).sessionSpinnerSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { sessionSpinnerSeen: boolean }).sessionSpinnerSeen);
}

async function returningUserFirstPages(page: Page) {
  await signInAsDemo(page, 'investor');
  const greeting = (await page.locator('#welcome-title').textContent())!;
  expect(greeting).toMatch(/^Welcome back, .+/);

  const sessionSpinnerSeen = await watchForSessionSpinner(page);
  const release = await holdScripts(page);
  await page.goto('/earn', { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText('Earn');
  await expect(page.locator('#root .ui-page-header__subtitle')).toHaveText(earnPages['/earn'].subtitle);
  // The route's links marked current: the desktop navigation's and the mobile bar's (one of the two is hidden).
  await expect(page.locator('#root a[href="/earn"][aria-current="page"]')).toHaveCount(2);
  expect(await reactHasRendered(page)).toBe(false);
  const painted = await placeOf(page, '#root .ui-page-header__subtitle');

  await release();
  // The app's own page: its search field, the signed-in user's menu, one frame, nothing left of the first paint.
  await expect(page.getByLabel('Search drops')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await expect(page.locator('.app-layout')).toHaveCount(1);
  await expect(page.locator('main[aria-busy]')).toHaveCount(0);
  expect(await reactHasRendered(page)).toBe(true);
  expect(await placeOf(page, '#root .ui-page-header__subtitle')).toEqual(painted);
  // The session was checked before the first render: no "Checking your session" between the first paint and the page.
  expect(await sessionSpinnerSeen()).toBe(false);

  // The dashboard greets by the name the app stored on the last visit, before any script has read the session.
  const releaseAgain = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText(greeting);
  expect(await reactHasRendered(page)).toBe(false);
  const greeted = await placeOf(page, '#root h1');
  await releaseAgain();
  await expect(page.getByRole('heading', { name: greeting })).toBeVisible();
  expect(await placeOf(page, '#root h1')).toEqual(greeted);
  await expect(page.getByText('Points', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.app-layout')).toHaveCount(1);
}

test('a visitor without a session gets no signed-in frame, and is sent to sign in', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/earn', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator('#root')).toBeEmpty();
  await release();
  await expect(page).toHaveURL(/\/auth/);
});
