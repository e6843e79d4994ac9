// Prints the bundle budgets and fails when one is over (issue 5, item 7; issue 45):
//  - the shell's initial JavaScript on `/` and on `/auth`, measured in Chromium on the production build (every script
//    a visitor downloads until the page shows and the network is idle): issue 45's goals, / ≤ 120 KB and
//    /auth ≤ 100 KB gzip;
//  - each remote's remoteEntry.js plus the synchronous chunks of its exposed route module ≤ 60 KB gzip,
//    shared libraries excluded (read from the remote's mf-manifest.json);
//  - React downloaded once: no remote ships its own React into the page (checked by the e2e tests;
//    here: every remote's React is a shared, not a bundled, dependency).
// Needs the production builds (`npm run build` in each frontend, or `npm start` once).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startStaticServer } from '../../infra/serve-static.mjs';
import { measureJavaScript } from './measure-page.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const kilobytes = (bytes) => (bytes / 1024).toFixed(1);
const budgets = { remoteEntryAndRouteKilobytes: 60 };
const remotes = ['mf-earn', 'mf-invest', 'mf-wallet', 'mf-advertiser'];
const failures = [];

function readManifest(folder) {
  const file = path.join(repositoryRoot, folder, 'dist', 'mf-manifest.json');
  if (!existsSync(file)) throw new Error(`${folder}/dist/mf-manifest.json is missing: build the frontends first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function gzipSize(folder, file) {
  return gzipSync(readFileSync(path.join(repositoryRoot, folder, 'dist', file)), { level: 9 }).length;
}

// The shell: what Chromium downloads to render a visitor's first page.
const shellPages = [
  { path: '/', kilobytes: 120, shows: (page) => page.getByRole('heading', { name: 'Complete Tasks' }).waitFor() },
  { path: '/auth', kilobytes: 100, shows: (page) => page.getByRole('form', { name: 'Sign In' }).waitFor() },
];
const server = await startStaticServer({ root: path.join(repositoryRoot, 'shell', 'dist'), port: 0, spa: true, serveRemotesManifest: true, log: () => undefined });
try {
  const { port } = server.address();
  for (const { path: pagePath, kilobytes: budget, shows } of shellPages) {
    const scripts = await measureJavaScript(`http://localhost:${port}${pagePath}`, { waitFor: shows });
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    console.log(`shell: initial JavaScript on ${pagePath} = ${kilobytes(total)} KB gzip in ${scripts.length} files (budget ${budget} KB)`);
    for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${kilobytes(script.gzipBytes).padStart(6)} KB  ${new URL(script.url).pathname}`);
    if (total > budget * 1024) failures.push(`shell initial JavaScript on ${pagePath} ${kilobytes(total)} KB > ${budget} KB`);
  }
} finally {
  server.close();
}

// Each remote: its entry plus the chunks its route module needs at once, shared libraries excluded.
for (const folder of remotes) {
  const manifest = readManifest(folder);
  const sharedFiles = new Set(manifest.shared.flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]));
  const exposed = manifest.exposes.find((expose) => expose.name === 'routes' || expose.path === './routes');
  if (!exposed) throw new Error(`${folder} exposes no ./routes`);
  const entryFile = manifest.metaData.remoteEntry.name;
  const routeFiles = exposed.assets.js.sync.filter((file) => !sharedFiles.has(file));
  const entryBytes = gzipSize(folder, entryFile);
  const routeBytes = routeFiles.reduce((sum, file) => sum + gzipSize(folder, file), 0);
  const total = entryBytes + routeBytes;
  const bundlesReact = !manifest.shared.some((shared) => shared.name === 'react') || routeFiles.some((file) => /react-dom|react_index/.test(file));
  console.log(`${folder}: remoteEntry ${kilobytes(entryBytes)} KB + route ${kilobytes(routeBytes)} KB = ${kilobytes(total)} KB gzip (budget ${budgets.remoteEntryAndRouteKilobytes} KB)`);
  if (total > budgets.remoteEntryAndRouteKilobytes * 1024) failures.push(`${folder} ${kilobytes(total)} KB > ${budgets.remoteEntryAndRouteKilobytes} KB`);
  if (bundlesReact) failures.push(`${folder} does not take React from the shared scope`);
}

if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
