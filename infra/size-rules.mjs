// The size guardrails for source (not tests): files of at most 400 lines, functions of at most 70, lines of at most
// 120 columns. Code written before the rules came is listed in infra/size-exceptions.json per rule; the list must only
// shrink: `npm run lint` fails on a new offender (ESLint, through eslint.config.mjs) and on a listed file that no
// longer offends (`node infra/size-rules.mjs --check`), so fixing a file also takes it off the list.
//   node infra/size-rules.mjs --check   fail on stale entries (run by `npm run lint:size`)
//   node infra/size-rules.mjs --write   rewrite the list from what offends today (only when deliberately adding)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exceptionsFile = path.join(root, 'infra', 'size-exceptions.json');

export const SIZE_RULES = {
  'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true, IIFEs: true }],
  'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
};

/** Source the rules cover: every project's `src`, without tests, specs and stories. */
export const SIZE_RULE_FILES = ['services/*/src/**/*.ts', 'shell/src/**/*.{ts,tsx}', 'shell/platform/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'];
export const SIZE_RULE_IGNORES = ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**', '**/testing/**'];

export function readSizeExceptions() {
  return JSON.parse(readFileSync(exceptionsFile, 'utf8'));
}

/** ESLint config entries: the rules on for all source, then off per rule for the files listed. */
export function sizeRuleConfigs() {
  const exceptions = readSizeExceptions();
  return [
    { files: SIZE_RULE_FILES, ignores: SIZE_RULE_IGNORES, rules: SIZE_RULES },
    ...Object.entries(exceptions)
      .filter(([, files]) => files.length > 0)
      .map(([rule, files]) => ({ files, rules: { [rule]: 'off' } })),
  ];
}

async function offenders() {
  const { ESLint } = await import('eslint');
  const tseslint = (await import('typescript-eslint')).default;
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['**/dist/**', '**/node_modules/**'] },
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      { files: SIZE_RULE_FILES, ignores: SIZE_RULE_IGNORES, rules: SIZE_RULES },
    ],
  });
  const results = await eslint.lintFiles(SIZE_RULE_FILES);
  const found = Object.fromEntries(Object.keys(SIZE_RULES).map((rule) => [rule, new Set()]));
  for (const result of results) {
    for (const message of result.messages) if (message.ruleId in found) found[message.ruleId].add(path.relative(root, result.filePath));
  }
  return Object.fromEntries(Object.entries(found).map(([rule, files]) => [rule, [...files].sort()]));
}

const mode = process.argv[2];
if (mode === '--write') {
  const current = await offenders();
  writeFileSync(exceptionsFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(Object.entries(current).map(([rule, files]) => `${rule}: ${files.length} files listed`).join('\n'));
} else if (mode === '--check') {
  const listed = readSizeExceptions();
  const current = await offenders();
  const stale = Object.entries(listed).flatMap(([rule, files]) => files.filter((file) => !current[rule]?.includes(file)).map((file) => `${file} (${rule})`));
  if (stale.length > 0) {
    console.error(`These files now keep the size rules: take them off infra/size-exceptions.json\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`✔ size rules: ${Object.entries(listed).map(([rule, files]) => `${rule} ${files.length} known`).join(', ')} (the list only shrinks)`);
}
