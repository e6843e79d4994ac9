#!/usr/bin/env node
// Workspace packages (@app/contracts, @app/event-store) export TypeScript source, which plain `node` cannot load.
// This compiles each one the API depends on (and theirs) into <outDir>/node_modules/@app/<name>, keeping its
// layout (src/, migrations/, plain .js and .sql files), with a package.json whose entry points name the .js files.
// Node resolves `@app/...` from dist/main.js to that copy first, so `node dist/main.js` runs without a TS loader.
// Usage: node scripts/pack-workspace-packages.js [outDir]   (outDir defaults to dist, relative to services/api)
const { execFileSync } = require('node:child_process');
const { cpSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const target = resolve(root, process.argv[2] ?? 'dist');
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const workspaceDependencies = (manifest) => Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@app/'));
const toJs = (value) => (typeof value === 'string' ? value.replace(/\.ts$/, '.js') : Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, toJs(entry)])));

function packageDirectory(name) {
  return realpathSync(join(root, '..', '..', 'node_modules', ...name.split('/')));
}

/** Every non-TypeScript file under `directory` (SQL migrations, plain JS workers), copied to the same place. */
function copyAssets(directory, destination) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test' && entry.name !== 'dist') copyAssets(path, join(destination, entry.name));
    } else if (!entry.name.endsWith('.ts') && !entry.name.endsWith('.md') && entry.name !== 'package.json' && !entry.name.startsWith('tsconfig') && !entry.name.startsWith('jest.')) {
      mkdirSync(destination, { recursive: true });
      cpSync(path, join(destination, entry.name));
    }
  }
}

function pack(name, packed) {
  if (packed.has(name)) return;
  packed.add(name);
  const source = packageDirectory(name);
  const manifest = readJson(join(source, 'package.json'));
  const destination = join(target, 'node_modules', ...name.split('/'));
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const config = join(destination, 'tsconfig.pack.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(source, 'tsconfig.json'),
      compilerOptions: { rootDir: join(source, 'src'), outDir: join(destination, 'src'), noEmit: false, types: ['node'], typeRoots: [join(root, '..', '..', 'node_modules', '@types')], sourceMap: false },
      include: [join(source, 'src/**/*.ts')],
      exclude: [join(source, 'src/**/*.spec.ts'), join(source, 'src/**/*.test.ts')],
    }),
  );
  execFileSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit' });
  rmSync(config);
  copyAssets(source, destination);
  const { scripts: _scripts, devDependencies: _devDependencies, ...runtime } = manifest;
  for (const field of ['main', 'types', 'exports']) if (runtime[field]) runtime[field] = toJs(runtime[field]);
  if (Array.isArray(runtime.sideEffects)) runtime.sideEffects = runtime.sideEffects.map(toJs);
  writeFileSync(join(destination, 'package.json'), `${JSON.stringify(runtime, null, 2)}\n`);
  console.log(`Packed ${name} into ${relative(root, destination)}`);
  for (const dependency of workspaceDependencies(manifest)) pack(dependency, packed);
}

const packed = new Set();
for (const name of workspaceDependencies(readJson(join(root, 'package.json')))) pack(name, packed);
