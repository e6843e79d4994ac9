// Main-thread blocking of the first page, per route, in Chromium with the CPU slowed 4x (Lighthouse's mobile factor),
// against a running stack: `BASE_URL=http://localhost:4300 node scripts/measure-blocking.mjs /dashboard /wallet`.
// Each visit is a fresh browser context (empty HTTP cache); signed-in routes carry the demo investor's session in
// localStorage, as lighthouse/sign-in.cjs does. Prints, per visit, the long tasks (> 50 ms) the page's
// PerformanceObserver saw until the route's heading showed and the network was idle: their count, their total and their blocking time (the part of
// each above 50 ms, summed as Lighthouse's TBT is, but from navigation on rather than from the first paint).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, demoToken, firstVisitPage, PUBLIC_ROUTES } from './measure-page.mjs';

const base = process.env.BASE_URL ?? 'http://localhost:4200';
const runs = Number(process.env.RUNS ?? 1);
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/dashboard', '/earn', '/invest', '/wallet'];


function observeLongTasks() {
  window.__longTasks = [];
  window.__paints = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paints[entry.name] = Math.round(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paints.lcp = Math.round(entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function visit(browser, route, token) {
  const { context, page } = await firstVisitPage(browser, base, route, token, observeLongTasks);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(new URL(route, base).href, { timeout: 120_000 });
    // The page's own heading means the route rendered (not a loading state); then until the network is quiet.
    await page.locator('main h1').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    const { tasks, paints, heading } = await page.evaluate(() => ({
      tasks: window.__longTasks,
      paints: window.__paints,
      heading: document.querySelector('main h1')?.textContent ?? '(no h1)',
    }));
    const blocking = tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
    const total = tasks.reduce((sum, duration) => sum + duration, 0);
    return { route, heading, count: tasks.length, total, blocking, longest: Math.max(0, ...tasks), fcp: paints['first-contentful-paint'], lcp: paints.lcp };
  } finally {
    await context.close();
  }
}

const token = routes.some((route) => !PUBLIC_ROUTES.has(route)) ? await demoToken(base) : undefined;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log('| route | long tasks | their total | blocking | longest | FCP | LCP | first h1 |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (let run = 0; run < runs; run += 1) {
    for (const route of routes) {
      const result = await visit(browser, route, token);
      console.log(
        `| ${result.route} | ${result.count} | ${result.total} ms | ${result.blocking} ms | ${result.longest} ms | ${result.fcp ?? '-'} ms | ${result.lcp ?? '-'} ms | ${result.heading} |`,
      );
    }
  }
} finally {
  await browser.close();
}
