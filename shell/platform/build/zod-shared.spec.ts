// The frontends share zod-shared.mjs under the key 'zod' (issue 45): zod's entry less `core`, `locales` and
// `fromJSONSchema`. Browser code that used one of those would find it undefined.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');
const browserSources = [
  'shell/src',
  'shell/platform/src',
  'mf-earn/src',
  'mf-invest/src',
  'mf-wallet/src',
  'mf-advertiser/src',
  'services/contracts/src',
];
const left = ['core', 'locales', 'fromJSONSchema'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the shared zod module', () => {
  it('is zod/v4/classic/external.js without core, locales and fromJSONSchema', () => {
    // Each export clause with its module as a path under zod/v4 (classic/schemas.js, core/index.js), quotes alike.
    const clauses = (text: string, base: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('export '))
        .map((line) => {
          const [, clause, from] = /^export (.*?)\s*from ['"](.*)['"];$/.exec(line) ?? [];
          return `${clause.replace(/,\s*\}/, ' }').replace(/\s+/g, ' ')} @ ${path.posix.join(base, from).replace(/^zod-build\/v4\//, '')}`;
        });
    const zodFolder = path.dirname(require.resolve('zod/package.json'));
    const external = clauses(readFileSync(path.join(zodFolder, 'v4/classic/external.js'), 'utf8'), 'classic').filter(
      (clause) => !/ as (core|locales) | fromJSONSchema /.test(clause),
    );
    const shared = clauses(readFileSync(path.join(__dirname, 'zod-shared-external.mjs'), 'utf8'), '.');
    expect(shared.length).toBeGreaterThan(10);
    expect(shared).toEqual(external);
  });

  it('has no browser code reading what it leaves out', () => {
    const pattern = new RegExp(
      `\\bz\\.(${left.join('|')})\\b|import\\s*\\{[^}]*\\b(${left.join('|')})\\b[^}]*\\}\\s*from\\s*'zod'`,
    );
    const offenders = browserSources
      .flatMap((folder) => sourceFiles(path.join(repositoryRoot, folder)))
      .filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
