// The frontends share react-router-shared.mjs under the key 'react-router' (issue 45): an import of anything it does
// not export would be undefined in the browser, so every named import of 'react-router' in the frontends must be in it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');
const frontendSources = [
  'shell/src',
  'shell/platform/src',
  'mf-earn/src',
  'mf-invest/src',
  'mf-wallet/src',
  'mf-advertiser/src',
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    // Component tests and their helpers run in Jest, which takes the package itself.
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !file.includes(`${path.sep}testing`) ? [file] : [];
  });
}

function namedImports(source: string): string[] {
  return [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router'/g)]
    .filter((match) => !match[1])
    .flatMap((match) => match[2].split(','))
    .map((name) => name.trim().split(/\s+as\s+/)[0])
    .filter((name) => name !== '' && !name.startsWith('type '));
}

const sharedSource = readFileSync(path.join(__dirname, 'react-router-shared.mjs'), 'utf8');
const sharedExports = new Set(
  /export\s*\{([^}]*)\}/
    .exec(sharedSource)?.[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

describe('the shared React Router module', () => {
  it('exports every name the frontends import from react-router', () => {
    const imported = new Set(
      frontendSources.flatMap((folder) =>
        sourceFiles(path.join(repositoryRoot, folder)).flatMap((file) => namedImports(readFileSync(file, 'utf8'))),
      ),
    );
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !sharedExports.has(name))).toEqual([]);
  });

  it('exports only what React Router has', () => {
    expect([...sharedExports].filter((name) => !(name in reactRouter))).toEqual([]);
  });

  it('takes no namespace or default import of react-router anywhere', () => {
    // The shell hands the module itself to the remotes (its build resolves 'react-router' to this file): it reads no name.
    const handOver = path.join(repositoryRoot, 'shell/src/federation/shared-modules.ts');
    const offenders = frontendSources
      .flatMap((folder) => sourceFiles(path.join(repositoryRoot, folder)))
      .filter(
        (file) =>
          file !== handOver && /import\s+(\*\s+as\s+\w+|\w+)\s+from\s*'react-router'/.test(readFileSync(file, 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
