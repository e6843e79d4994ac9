// Lighthouse CI for the composed app (issue 45): the mobile preset with its default (simulated) throttling, on the six
// main routes, signed-in routes through a demo login (sign-in.cjs). `npm run lighthouse` (scripts/lighthouse.mjs)
// starts the production build and runs `lhci collect` and `lhci assert` with this file.
const base = process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:4200';
// LIGHTHOUSE_ROUTES=/earn,/wallet audits some of them (a measurement while working); `npm run lighthouse` audits all six.
const routes = process.env.LIGHTHOUSE_ROUTES ? process.env.LIGHTHOUSE_ROUTES.split(',') : ['/', '/auth', '/dashboard', '/earn', '/invest', '/wallet'];
const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

module.exports = {
  ci: {
    collect: {
      url: routes.map((path) => base + path),
      numberOfRuns: Number(process.env.LIGHTHOUSE_RUNS ?? 1),
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Resolved by lhci against the working folder (shell/, where `npm run lighthouse` runs).
      puppeteerScript: 'lighthouse/sign-in.cjs',
      puppeteerLaunchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags, headless: true },
      // Lighthouse empties the HTTP cache and the origin's caches before each page (every page is a first visit) but
      // keeps localStorage (its clearStorageTypes leave it out), where the sign-in script leaves the session.
    },
    assert: {
      // Each figure is the median of the runs (LIGHTHOUSE_RUNS; `.ci/run` makes five), not lhci's default, the best
      // run: one run's blocking time on this VM can be twice the next one's, and the best of several hides a page
      // that is usually slow.
      aggregationMethod: 'median',
      assertions: {
        'categories:performance': ['error', { minScore: 0.95 }],
        'categories:accessibility': ['error', { minScore: 1 }],
        'categories:best-practices': ['error', { minScore: 1 }],
        'categories:seo': ['error', { minScore: 1 }],
        'largest-contentful-paint': ['error', { maxNumericValue: 2000 }],
        'total-blocking-time': ['error', { maxNumericValue: 150 }],
        'cumulative-layout-shift': ['error', { maxNumericValue: 0.05 }],
      },
    },
    upload: { target: 'filesystem', outputDir: process.env.LIGHTHOUSE_OUTPUT ?? '.lighthouseci/reports' },
  },
};
