import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { signInAsDemo } from './helpers';

const repositoryRoot = path.resolve(__dirname, '..', '..');

type StaticServerModule = {
  startStaticServer(options: {
    root: string;
    port: number;
    spa?: boolean;
    environment?: NodeJS.ProcessEnv;
    log?: (line: string) => void;
  }): Promise<Server>;
};

async function loadStaticServer(): Promise<StaticServerModule> {
  return (await import(path.join(repositoryRoot, 'infra', 'serve-static.mjs'))) as StaticServerModule;
}

/** Points the shell's remotes manifest for one remote at another URL, leaving the others as served. */
async function overrideRemote(page: Page, remote: string, manifestUrl: string): Promise<void> {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...manifest, [remote]: manifestUrl } });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

test('with mf_wallet stopped, the other routes work and /wallet shows a fallback within 5 s', async ({
  browser,
  baseURL,
}) => {
  const { startStaticServer } = await loadStaticServer();
  const shellOrigin = new URL(baseURL ?? 'http://localhost:4200').origin;
  // mf_wallet served by this test, so the test can stop it.
  const walletServer = await startStaticServer({
    root: path.join(repositoryRoot, 'mf-wallet', 'dist'),
    port: 0,
    spa: true,
    environment: { CORS_ORIGINS: shellOrigin },
    log: () => undefined,
  });
  const walletManifest = `http://localhost:${(walletServer.address() as AddressInfo).port}/mf-manifest.json`;

  const liveContext = await browser.newContext();
  const livePage = await liveContext.newPage();
  await overrideRemote(livePage, 'mf_wallet', walletManifest);
  await signInAsDemo(livePage, 'creator');
  await livePage.goto('/wallet');
  await expect(livePage.getByRole('heading', { level: 1, name: 'Wallet', exact: true })).toBeVisible();
  const storage = await liveContext.storageState();
  await liveContext.close();

  await closeServer(walletServer);

  const context = await browser.newContext({ storageState: storage });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await overrideRemote(page, 'mf_wallet', walletManifest);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  const started = Date.now();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 5000 });
  const fallbackMilliseconds = Date.now() - started;
  test.info().annotations.push({ type: 'fallback time (stopped remote)', description: `${fallbackMilliseconds} ms` });
  expect(fallbackMilliseconds).toBeLessThan(5000);
  await expect(page.getByRole('heading', { name: 'Wallet is unavailable right now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Every other route still works: the shell's own and the other remotes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Earn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earn', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Investment Hub', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(pageErrors).toEqual([]);

  // The remote comes back: Try again on the fallback loads it without reloading the shell.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 5000 });
  const { port } = new URL(walletManifest);
  const restarted = await startStaticServer({
    root: path.join(repositoryRoot, 'mf-wallet', 'dist'),
    port: Number(port),
    spa: true,
    environment: { CORS_ORIGINS: shellOrigin },
    log: () => undefined,
  });
  try {
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet', exact: true })).toBeVisible();
  } finally {
    await closeServer(restarted);
    await context.close();
  }
});

test('a remote whose server hangs shows the fallback within 5 s', async ({ page }) => {
  // Accepts connections and never answers: only the runtime plugin's timeouts end the wait.
  const sockets = new Set<import('node:net').Socket>();
  const hanging = createServer(() => undefined);
  hanging.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const port = (hanging.address() as AddressInfo).port;
  try {
    await overrideRemote(page, 'mf_invest', `http://127.0.0.1:${port}/mf-manifest.json`);
    await signInAsDemo(page, 'investor');
    const started = Date.now();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invest' }).click();
    await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 5000 });
    test.info().annotations.push({ type: 'fallback time (hanging remote)', description: `${Date.now() - started} ms` });
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Earn' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earn', exact: true })).toBeVisible();
  } finally {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => hanging.close(resolve));
  }
});

test('a remote that cannot run on the federation runtime core the shell provides shows its fallback', async ({
  page,
}) => {
  // The remotes take the runtime core from the shell (experiments.externalRuntime). A core they cannot use, such as
  // one of another version without what their runtime imports, here an empty one in the global before the shell's:
  // the shell keeps it, runs on its own bundled core, and each remote fails only its own route.
  await page.addInitScript(() => {
    (globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE = {};
  });
  await signInAsDemo(page, 'creator');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const started = Date.now();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 5000 });
  test
    .info()
    .annotations.push({ type: 'fallback time (unusable runtime core)', description: `${Date.now() - started} ms` });
  await expect(page.getByRole('heading', { name: 'Wallet is unavailable right now' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
});
