// Loads a page in Chromium and reports every JavaScript file it downloaded, with gzip sizes.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/**
 * @param {string} url
 * @param {{ beforeNavigate?: (page: import('@playwright/test').Page) => Promise<void>, waitFor?: (page: import('@playwright/test').Page) => Promise<void> }} [options]
 */
export async function measureJavaScript(url, options = {}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      try {
        const body = await response.body();
        scripts.push({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, text: body.toString('utf8', 0, Math.min(body.length, 400000)) });
      } catch {
        // A response without a body (redirect, aborted) has nothing to count.
      }
    });
    if (options.beforeNavigate) await options.beforeNavigate(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    if (options.waitFor) await options.waitFor(page);
    await page.waitForLoadState('networkidle');
    return scripts;
  } finally {
    await browser.close();
  }
}

/** The routes a visitor sees signed out; every other route is visited with the demo investor's session. */
export const PUBLIC_ROUTES = new Set(['/', '/auth']);

/** The demo investor's token from the running stack at `base`. */
export async function demoToken(base) {
  const response = await fetch(new URL('/api/auth/demo/investor', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(base).origin },
    body: '{}',
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/**
 * A first visit's page: a fresh mobile browser context (empty HTTP cache), the session in localStorage unless the
 * route is public (as lighthouse/sign-in.cjs does), and `initScript` run before the page's own scripts.
 */
export async function firstVisitPage(browser, base, route, token, initScript) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (!PUBLIC_ROUTES.has(route)) {
    await page.goto(new URL('/favicon.svg', base).href);
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  }
  await page.addInitScript(initScript);
  return { context, page };
}
