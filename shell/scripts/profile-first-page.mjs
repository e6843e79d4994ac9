// Where the main thread's time goes on a signed-in first visit: a CDP CPU profile per route, with the CPU slowed 4x
// (Lighthouse's mobile factor), from navigation until the route's `main h1` shows and the network is idle.
// Wall-clock blocking numbers swing with the machine's load; the split of self time between scripts does much less,
// so this is the tool to decide what to cut. Against a running stack (production build):
//   BASE_URL=http://localhost:4370 node scripts/profile-first-page.mjs /dashboard /earn
// Options (env): RUNS (visits per route, tables summed over them), TOP (function rows, default 25),
// PROFILE_DIR (also write each visit's .cpuprofile there, for Chrome DevTools' Performance panel).
// Prints per route: self time by script (chunk), the top functions by self time with the code at their start (the
// build is minified; the snippet tells which library or module it is), the LCP element and the /api requests with
// their start and end relative to navigation.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, demoToken, firstVisitPage, PUBLIC_ROUTES } from './measure-page.mjs';

const base = process.env.BASE_URL ?? 'http://localhost:4200';
const runs = Number(process.env.RUNS ?? 1);
const topFunctions = Number(process.env.TOP ?? 25);
const profileFolder = process.env.PROFILE_DIR;
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/dashboard', '/earn', '/invest', '/wallet'];


/** Runs in the page before its scripts: remembers the last LCP candidate and what element it was. */
function observeLargestPaint() {
  window.__lcp = undefined;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const text = element?.textContent?.trim().slice(0, 60) ?? '';
      const name = element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : '(removed)';
      window.__lcp = { time: Math.round(entry.startTime), element: `${name} "${text}"`, url: entry.url || undefined };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** A script's short name: its file name without the content hash, or what V8 calls code without a script. */
function scriptName(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native or inline)';
  const { pathname, port } = new URL(url);
  const file = path.basename(pathname).replace(/\.[0-9a-f]{8}\.js$/, '.js');
  return port === new URL(base).port ? file : `${port}/${file}`;
}

/** Self time per profile node: each sample's time delta goes to the node on top of the stack at that sample. */
function selfTimes(profile) {
  const byNode = new Map();
  profile.samples.forEach((nodeId, index) => byNode.set(nodeId, (byNode.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  return profile.nodes.map((node) => ({ frame: node.callFrame, self: byNode.get(node.id) ?? 0 }));
}

/**
 * Evaluation time per webpack module: production builds name a module's factory by its id, so a frame named by digits
 * is a module being evaluated; its time is everything under it except the modules it requires in turn.
 */
function moduleEvaluationTimes(profile) {
  const selfById = new Map();
  profile.samples.forEach((nodeId, index) => selfById.set(nodeId, (selfById.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = [];
  // Returns the time under a node that is not inside a nested module factory; records each module factory's own time.
  const walk = (node) => {
    let outside = selfById.get(node.id) ?? 0;
    for (const childId of node.children ?? []) outside += walk(nodesById.get(childId));
    if (!/^\d+$/.test(node.callFrame.functionName) || !node.callFrame.url) return outside;
    times.push({ frame: node.callFrame, self: outside });
    return 0;
  };
  walk(profile.nodes[0]);
  return times;
}

function addTo(map, key, milliseconds) {
  map.set(key, (map.get(key) ?? 0) + milliseconds);
}

async function visit(browser, route, token, summary) {
  const { context, page } = await firstVisitPage(browser, base, route, token, observeLargestPaint);
  try {
    const scriptSources = new Map();
    const apiCalls = [];
    page.on('response', async (response) => {
      const url = response.url();
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scriptSources.set(url, await response.text().catch(() => ''));
    });
    page.on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/api/')) return;
      const timing = request.timing();
      apiCalls.push({ path: new URL(request.url()).pathname, start: timing.startTime, end: timing.startTime + timing.responseEnd });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const navigationStart = Date.now();
    await page.goto(new URL(route, base).href, { timeout: 120_000 });
    await page.locator('main h1').first().waitFor({ timeout: 120_000 });
    const headingShown = Date.now() - navigationStart;
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const { profile } = await cdp.send('Profiler.stop');
    const lcp = await page.evaluate(() => window.__lcp);
    if (profileFolder) {
      mkdirSync(profileFolder, { recursive: true });
      writeFileSync(path.join(profileFolder, `${route.replace(/\W+/g, '_') || 'root'}-${summary.visits}.cpuprofile`), JSON.stringify(profile));
    }
    summary.visits += 1;
    summary.headingShown.push(headingShown);
    summary.lcp.push(lcp);
    summary.apiCalls.push(apiCalls.map((call) => ({ ...call, start: call.start - navigationStart, end: call.end - navigationStart })));
    for (const { frame, self } of selfTimes(profile)) {
      const script = scriptName(frame.url, frame.functionName);
      addTo(summary.byScript, script, self);
      summary.total += self;
      if (!frame.url) continue;
      const key = `${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      addTo(summary.byFunction, key, self);
      if (!summary.snippets.has(key)) summary.snippets.set(key, snippetAt(scriptSources.get(frame.url), frame));
      summary.functionNames.set(key, frame.functionName || '(anonymous)');
    }
    for (const { frame, self } of moduleEvaluationTimes(profile)) {
      const key = `${scriptName(frame.url, '')} module ${frame.functionName}`;
      addTo(summary.byModule, key, self);
      if (!summary.snippets.has(key)) summary.snippets.set(key, snippetAt(scriptSources.get(frame.url), frame));
    }
  } finally {
    await context.close();
  }
}

/** The first characters of a function in a (minified) script: enough to recognise zod, React, the federation runtime. */
function snippetAt(source, frame) {
  if (!source) return '';
  const lines = source.split('\n');
  const line = lines[frame.lineNumber] ?? '';
  return line.slice(frame.columnNumber, frame.columnNumber + 70).replace(/\|/g, '¦').replace(/`/g, "'");
}

function milliseconds(value) {
  return `${Math.round(value)} ms`;
}

function printRoute(route, summary) {
  const perVisit = (value) => value / summary.visits;
  console.log(`\n### ${route} (${summary.visits} visit${summary.visits === 1 ? '' : 's'}, per-visit averages)`);
  console.log(`\nprofiled ${milliseconds(perVisit(summary.total))}; h1 after ${summary.headingShown.map(milliseconds).join(', ')}`);
  for (const lcp of summary.lcp) console.log(`LCP ${lcp ? `${milliseconds(lcp.time)}: ${lcp.element}${lcp.url ? ` ${lcp.url}` : ''}` : 'none'}`);
  const calls = summary.apiCalls[0] ?? [];
  console.log(`/api (first visit): ${calls.map((call) => `${call.path} ${Math.round(call.start)}→${Math.round(call.end)}`).join(', ') || 'none'}`);
  console.log('\n| script | self time | share |\n|---|---|---|');
  for (const [script, self] of [...summary.byScript].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`| ${script} | ${milliseconds(perVisit(self))} | ${((100 * self) / summary.total).toFixed(1)} % |`);
  }
  console.log('\n| module evaluation (without the modules it requires) | time | starts with |\n|---|---|---|');
  for (const [key, self] of [...summary.byModule].sort((a, b) => b[1] - a[1]).slice(0, topFunctions)) {
    console.log(`| ${key} | ${milliseconds(perVisit(self))} | \`${summary.snippets.get(key)}\` |`);
  }
  const byChunk = new Map();
  for (const [key, self] of summary.byModule) addTo(byChunk, key.split(' module ')[0], self);
  const chunks = [...byChunk].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(`\nmodule evaluation by script: ${chunks.map(([script, self]) => `${script} ${milliseconds(perVisit(self))}`).join(', ')}`);
  console.log('\n| function (script:line:column) | name | self time | starts with |\n|---|---|---|---|');
  for (const [key, self] of [...summary.byFunction].sort((a, b) => b[1] - a[1]).slice(0, topFunctions)) {
    console.log(`| ${key} | ${summary.functionNames.get(key)} | ${milliseconds(perVisit(self))} | \`${summary.snippets.get(key)}\` |`);
  }
}

const token = routes.some((route) => !PUBLIC_ROUTES.has(route)) ? await demoToken(base) : undefined;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(', ')}; ${base}; CPU 4x slower; ${runs} run(s)`);
  for (const route of routes) {
    const summary = { visits: 0, total: 0, byScript: new Map(), byFunction: new Map(), byModule: new Map(), snippets: new Map(), functionNames: new Map(), headingShown: [], lcp: [], apiCalls: [] };
    for (let run = 0; run < runs; run += 1) await visit(browser, route, token, summary);
    printRoute(route, summary);
  }
  console.log(`\nload average ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
} finally {
  await browser.close();
}
