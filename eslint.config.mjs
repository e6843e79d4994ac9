// Lint config for every workspace: typescript-eslint's recommended rules on TypeScript sources.
import tseslint from 'typescript-eslint';
import { sizeRuleConfigs } from './infra/size-rules.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  // Files ≤ 400 lines, functions ≤ 70, lines ≤ 120 columns in source; older offenders are listed until fixed.
  ...sizeRuleConfigs(),
);
