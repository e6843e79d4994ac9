import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { type Persona, signInAsDemo, watchForErrors } from './helpers';

const repositoryRoot = path.resolve(__dirname, '..', '..');

const remotes: { name: string; folder: string; path: string; persona: Persona; heading: string }[] = [
  { name: 'mf_earn', folder: 'mf-earn', path: '/earn', persona: 'creator', heading: 'Earn' },
  { name: 'mf_invest', folder: 'mf-invest', path: '/invest', persona: 'investor', heading: 'Investment Hub' },
  { name: 'mf_wallet', folder: 'mf-wallet', path: '/wallet', persona: 'creator', heading: 'Wallet' },
  {
    name: 'mf_advertiser',
    folder: 'mf-advertiser',
    path: '/advertiser',
    persona: 'advertiser',
    heading: 'Advertiser Dashboard',
  },
];

/** The files a remote would download for its own copy of React (what loaded-first sharing must avoid). */
function remoteReactFiles(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, folder, 'dist', 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  return manifest.shared
    .filter((shared) => shared.name === 'react' || shared.name.startsWith('react-dom'))
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]);
}

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) urls.push(response.url());
  });
  return urls;
}

for (const remote of remotes) {
  test(`${remote.name} renders ${remote.path} inside the shell with one React`, async ({ page, baseURL }) => {
    const errors = watchForErrors(page);
    const scripts = recordScripts(page);
    await signInAsDemo(page, remote.persona);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Client-side navigation, as a user would: the shell loads the remote at run time.
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, remote.path);
    await expect(page.getByRole('heading', { level: 1, name: remote.heading, exact: true })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    // The remote's main route shows its data, an empty state or an unavailable state; never a spinner forever.
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0, { timeout: 15_000 });

    expect(errors.pageErrors).toEqual([]);
    expect(
      [...errors.consoleErrors, ...errors.pageErrors].filter((text) =>
        /Invalid hook call|more than one copy of React/i.test(text),
      ),
    ).toEqual([]);
    const reactFiles = remoteReactFiles(remote.folder);
    // The shell's server serves the remote under /remotes/<folder>/ on its own origin, as the production proxy does.
    const remoteFolder = `${new URL(baseURL ?? 'http://localhost:4200').origin}/remotes/${remote.folder}/`;
    expect(scripts.some((url) => url === `${remoteFolder}remoteEntry.js`)).toBe(true);
    expect(
      scripts.filter(
        (url) => url.startsWith(remoteFolder) && reactFiles.some((file) => url === `${remoteFolder}${file}`),
      ),
    ).toEqual([]);
  });
}

test('advertisers see Dashboard in the navigation, others are offered Become an Advertiser at /advertiser (spec 3 §2)', async ({
  page,
}) => {
  await signInAsDemo(page, 'creator');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/advertiser');
  await expect(page.getByRole('heading', { name: 'Become an Advertiser' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Become an Advertiser' }).click();
  await expect(page).toHaveURL(/\/advertiser\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Grow your brand with creators' })).toBeVisible();
});
