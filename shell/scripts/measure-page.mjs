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
