import { readdirSync } from 'node:fs';
import { join, parse } from 'node:path';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('module resolution under npm start', () => {
  // `npm start` runs the sources through swc-node, where Node tries `.json` before `.ts`: an import of `./x` next to
  // `x.json` and `x.ts` silently loads the JSON (seen: a provider class became undefined and the API did not start).
  it('no TypeScript module shares its path with a JSON file', () => {
    const files = filesUnder(join(__dirname, '../../src'));
    const json = new Set(
      files.filter((file) => file.endsWith('.json')).map((file) => join(parse(file).dir, parse(file).name)),
    );
    const clashes = files.filter((file) => /\.tsx?$/.test(file) && json.has(join(parse(file).dir, parse(file).name)));
    expect(clashes).toEqual([]);
  });
});
