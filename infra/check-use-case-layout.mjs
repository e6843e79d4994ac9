// `npm run lint` (lint:modules): every API module keeps the use-case layout of services/api/src/platform/README.md
// ("A new use case"):
// - a projection (a file that calls `defineProjection` or is named `*.projection.ts`) lives in `<module>/projections/`;
// - refusals become HTTP answers in `<module>-refusals.ts` at the module's root (the module's name, or its singular);
//   no `*-errors.ts`;
// - every other folder of a module is a use case named `<verb>-<noun>` (its first word in VERBS), apart from the
//   shared folders (SHARED_FOLDERS).
// What does not fit yet is listed in KNOWN_EXCEPTIONS; the list must only shrink.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesRoot = path.join(repositoryRoot, 'services', 'api', 'src', 'modules');

const SHARED_FOLDERS = new Set(['domain', 'infrastructure', 'projections', 'queries', 'migrations', 'config']);

// The first word of a use-case folder. A new use case whose verb is missing adds it here.
const VERBS = new Set([
  'activate', 'apply', 'approve', 'audit', 'award', 'become', 'buy', 'calculate', 'cancel', 'change', 'check', 'claim',
  'complete', 'confirm', 'convert', 'count', 'create', 'credit', 'expire', 'follow', 'fund', 'grant', 'ingest', 'like',
  'list', 'manage', 'mark', 'open', 'pay', 'place', 'pledge', 'post', 'predict', 'process', 'publish', 'read',
  'receive', 'record', 'redeem', 'refund', 'register', 'reject', 'report', 'request', 'review', 'reward', 'save',
  'search', 'seed', 'sell', 'settle', 'share', 'sign', 'sponsor', 'stake', 'start', 'store', 'subscribe', 'suggest',
  'tip', 'update', 'upgrade', 'upload', 'verify', 'withdraw',
]);

// `<module>/<path>` that do not follow the layout yet. Remove an entry when its code moves; never add one.
const KNOWN_EXCEPTIONS = new Set([]);

const failures = [];
const seen = new Set();
const modules = readdirSync(modulesRoot).filter((entry) => statSync(path.join(modulesRoot, entry)).isDirectory());

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

function fail(key, message) {
  if (KNOWN_EXCEPTIONS.has(key)) return void seen.add(key);
  failures.push(`${key}: ${message}`);
}

for (const module of modules) {
  const moduleRoot = path.join(modulesRoot, module);
  const singular = module.endsWith('s') && !module.endsWith('ss') ? module.slice(0, -1) : module;
  const refusalNames = new Set([`${module}-refusals.ts`, `${singular}-refusals.ts`]);
  for (const file of sourceFiles(moduleRoot)) {
    const relative = path.relative(modulesRoot, file).split(path.sep).join('/');
    const [, folder] = relative.split('/');
    const name = path.basename(file);
    const isProjection = name.endsWith('.projection.ts') || /\bdefineProjection\s*\(/.test(readFileSync(file, 'utf8'));
    if (isProjection && folder !== 'projections') fail(relative, `a projection outside ${module}/projections/`);
    if (/-(errors|refusals)\.ts$/.test(name) && !(refusalNames.has(name) && path.dirname(file) === moduleRoot)) {
      fail(relative, `refusals are mapped in ${module}/${module}-refusals.ts`);
    }
  }
  for (const folder of readdirSync(moduleRoot)) {
    if (!statSync(path.join(moduleRoot, folder)).isDirectory() || SHARED_FOLDERS.has(folder)) continue;
    const [verb, ...noun] = folder.split('-');
    if (VERBS.has(verb) && noun.length > 0) continue;
    fail(`${module}/${folder}`, 'a use-case folder is named <verb>-<noun> (a new verb goes in VERBS)');
  }
}
for (const known of KNOWN_EXCEPTIONS) {
  if (!seen.has(known)) failures.push(`${known} follows the layout now: remove it from KNOWN_EXCEPTIONS`);
}
if (failures.length > 0) {
  console.error(`Use-case layout (services/api/src/platform/README.md, "A new use case"):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ use-case layout (${modules.length} modules, ${KNOWN_EXCEPTIONS.size} known exceptions left)`);
