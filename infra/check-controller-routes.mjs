// `npm run lint` (lint:modules): a controller under services/api/src holds no path string of its own. Its handlers are
// bound to the routes of `@app/contracts` with `@Route(route)` (services/api/src/platform/http/route.decorator.ts) and
// their idempotency keys with `@IdempotencyKey(route)`, under `@Controller()` without a prefix. Fails on:
// - `@Controller('users')` (any argument: a prefix);
// - a Nest method decorator with an argument, `@Get('me')`, `@Post(somePath)` (`@Route` maps method and path);
// - a `'POST /api/...'` string (an idempotency scope or a route written by hand).
// What does not follow yet is listed in KNOWN_EXCEPTIONS; the list must only shrink.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoot = path.join(repositoryRoot, 'services', 'api', 'src');

const RULES = [
  { pattern: /@Controller\(\s*[^)\s]/, message: '@Controller with a prefix (use @Controller() and @Route(route))' },
  {
    pattern: /@(Get|Post|Put|Patch|Delete|All|Head|Options)\(\s*[^)\s]/,
    message: 'a Nest method decorator with a path (use @Route(route) from the contracts)',
  },
  {
    pattern: /['"`](GET|POST|PUT|PATCH|DELETE) \/[^'"`]*['"`]/,
    message: "a 'METHOD /path' string (use the contract's route: @IdempotencyKey(route))",
  },
];

// Files under services/api/src (relative to it) that still hold path strings. Remove an entry when its file is
// bound to the contracts; never add one.
const KNOWN_EXCEPTIONS = new Set([]);

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** The source with its comments blanked (line numbers kept): a comment may name the route it documents. */
function withoutComments(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/[^\n]*/gm, (_comment, before) => before);
}

const failures = [];
const offending = new Set();
let controllers = 0;
for (const file of sourceFiles(sourceRoot)) {
  const text = withoutComments(readFileSync(file, 'utf8'));
  if (!/@Controller\(/.test(text)) continue;
  controllers += 1;
  const relative = path.relative(sourceRoot, file).split(path.sep).join('/');
  const found = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) if (rule.pattern.test(line)) found.push(`${relative}:${index + 1}: ${rule.message}`);
  });
  if (found.length === 0) continue;
  offending.add(relative);
  if (!KNOWN_EXCEPTIONS.has(relative)) failures.push(...found);
}
for (const known of KNOWN_EXCEPTIONS) {
  if (!offending.has(known)) failures.push(`${known} holds no path string now: remove it from KNOWN_EXCEPTIONS`);
}
if (failures.length > 0) {
  console.error(`Routes from the contracts (infra/check-controller-routes.mjs):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ controller routes (${controllers} controllers, ${KNOWN_EXCEPTIONS.size} known exceptions left)`);
