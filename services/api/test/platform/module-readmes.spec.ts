import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every API module documents itself the same way (issue 44): a README whose sections are exactly these, in this
 * order. Subsections (`###`) are free; measurement history belongs in `services/bench/results/`, not here.
 */
const SECTIONS = ['What it owns', 'Rules and limits', 'Configuration', 'Decisions'];
const MODULES_DIRECTORY = join(__dirname, '../../src/modules');

const modules = readdirSync(MODULES_DIRECTORY, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The `## ` headings of a Markdown text, code blocks left out (a `## ` line in a fence is not a heading). */
function sectionHeadings(markdown: string): string[] {
  let inFence = false;
  const headings: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && line.startsWith('## ')) headings.push(line.slice(3).trim());
  }
  return headings;
}

describe('module READMEs', () => {
  it('finds the modules under src/modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['ledger', 'identity', 'engagement']));
  });

  it.each(modules)(
    '%s has a README with the sections What it owns, Rules and limits, Configuration, Decisions',
    (module) => {
      const path = join(MODULES_DIRECTORY, module, 'README.md');
      expect({ module, readme: existsSync(path) }).toEqual({ module, readme: true });
      expect(sectionHeadings(readFileSync(path, 'utf8'))).toEqual(SECTIONS);
    },
  );

  it('reads headings the way the check means them', () => {
    expect(sectionHeadings('# m\n## What it owns\n### Streams\n```\n## not a heading\n```\n## Decisions\n')).toEqual([
      'What it owns',
      'Decisions',
    ]);
  });
});
