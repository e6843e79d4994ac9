// `npm run lighthouse`: Lighthouse CI on the composed app's production build (issue 45). Starts the whole stack on
// its own ports and a fresh PostgreSQL database (as the browser tests do) unless LIGHTHOUSE_BASE_URL names a running
// one, runs `lhci collect` and `lhci assert` with lighthouse/lighthouserc.cjs, prints one line per route and exits
// non-zero when a score, LCP, TBT or CLS misses its goal.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const shellFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputFolder = path.join(shellFolder, '.lighthouseci');
// Its own ports and database by default, so it runs beside `npm start` and the browser tests; each can be moved.
const defaultPorts = { API_PORT: '3070', SHELL_PORT: '4270', MF_EARN_PORT: '4271', MF_INVEST_PORT: '4272', MF_WALLET_PORT: '4273', MF_ADVERTISER_PORT: '4274' };
const ports = Object.fromEntries(Object.entries(defaultPorts).map(([name, port]) => [name, process.env[name] || port]));
const database = process.env.LIGHTHOUSE_DATABASE || 'lighthouse';

async function waitForHealth(baseUrl, stack) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error(`the stack exited with ${stack.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the stack did not answer /api/health within 10 minutes');
}

function freshDatabase() {
  const server = process.env.LIGHTHOUSE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const script = `const pg = require('pg'); (async () => { const c = new pg.Client(${JSON.stringify(server)}); await c.connect();
    await c.query('DROP DATABASE IF EXISTS ${database} WITH (FORCE)'); await c.query('CREATE DATABASE ${database}'); await c.end(); })()
    .catch((e) => { console.error(e.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', script], { stdio: 'inherit', cwd: shellFolder });
  if (result.status !== 0) throw new Error('could not create the lighthouse database');
  return server.replace(/\/[^/]*$/, `/${database}`);
}

async function startStack() {
  const environment = { ...process.env, ...ports, DATABASE_URL: freshDatabase(), LOG_LEVEL: 'warn', DEMO_LOGINS_MAX_PER_ADDRESS: '1000' };
  const stack = spawn(process.execPath, [path.join(shellFolder, '..', 'infra', 'start.mjs')], { env: environment, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://localhost:${ports.SHELL_PORT}`;
  await waitForHealth(baseUrl, stack);
  return { baseUrl, stop: () => stack.kill('SIGTERM') };
}

function lhci(command, baseUrl) {
  const result = spawnSync('npx', ['lhci', command, '--config=lighthouse/lighthouserc.cjs'], {
    cwd: shellFolder,
    stdio: 'inherit',
    env: { ...process.env, LIGHTHOUSE_BASE_URL: baseUrl, LIGHTHOUSE_OUTPUT: path.join(outputFolder, 'reports') },
  });
  return result.status ?? 1;
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One line per audited route and run: the four scores and the three timings the goal names. Lighthouse's simulated
 * throttling scales the CPU work it observed, so a busy machine inflates TBT and LCP: each line carries Lighthouse's
 * benchmark index of the host (below 1000 it warns the CPU is slower than it expects) and the table the load average.
 * With several runs (LIGHTHOUSE_RUNS), a second table gives each route's medians and ranges: one run's TBT can be
 * twice another's on this machine, so only medians of several runs compare two builds.
 */
function printTable() {
  const reports = readdirSync(outputFolder)
    .filter((file) => /^lhr-.*\.json$/.test(file))
    .map((file) => JSON.parse(readFileSync(path.join(outputFolder, file), 'utf8')));
  const rows = reports.map((report) => {
    const score = (category) => Math.round(report.categories[category].score * 100);
    const audit = (id) => report.audits[id].numericValue;
    return {
      route: new URL(report.finalDisplayedUrl).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  });
  console.log(`\nload average ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  console.log('| route | performance | accessibility | best practices | SEO | LCP | TBT | CLS | bytes | benchmark index |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.route} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${Math.round(row.bytes / 1024)} KiB | ${Math.round(row.benchmarkIndex)} |`);
  }
  const routes = [...new Set(rows.map((row) => row.route))];
  if (rows.length === routes.length) return;
  console.log('\n| route | runs | performance (range) | LCP (range) | TBT (range) |');
  console.log('|---|---|---|---|---|');
  for (const route of routes) {
    const runs = rows.filter((row) => row.route === route);
    const figure = (key, format) => {
      const values = runs.map((row) => row[key]);
      return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
    };
    console.log(`| ${route} | ${runs.length} | ${figure('performance', Math.round)} | ${figure('lcp', (value) => `${(value / 1000).toFixed(2)} s`)} | ${figure('tbt', (value) => `${Math.round(value)} ms`)} |`);
  }
}

rmSync(outputFolder, { recursive: true, force: true });
console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
const stack = process.env.LIGHTHOUSE_BASE_URL ? { baseUrl: process.env.LIGHTHOUSE_BASE_URL, stop: () => undefined } : await startStack();
let status = 1;
try {
  status = lhci('collect', stack.baseUrl);
  if (status === 0) {
    printTable();
    status = lhci('assert', stack.baseUrl);
  }
} finally {
  stack.stop();
}
process.exit(status);
