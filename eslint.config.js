// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** STYLE.md: protocol imports nothing of ours; web and cloud never import each other; nothing imports amp-sim except tests and benches. */
const restrict = (...names) => ({
  'no-restricted-imports': [
    'error',
    { patterns: names.map((n) => ({ group: [n, `${n}/*`], message: `STYLE.md import direction forbids ${n} here.` })) },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/web/dist/**', '**/test-results/**', '**/playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.ts', '.ci/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['packages/protocol/**'], rules: restrict('@rackside/device-client', '@rackside/amp-sim', '@rackside/cloud', '@rackside/web') },
  { files: ['packages/device-client/**'], rules: restrict('@rackside/amp-sim', '@rackside/cloud', '@rackside/web') },
  { files: ['packages/web/**'], rules: restrict('@rackside/amp-sim', '@rackside/cloud') },
  { files: ['packages/cloud/**'], ignores: ['**/*.test.ts', '**/test/**'], rules: restrict('@rackside/amp-sim', '@rackside/web') },
  { files: ['packages/amp-sim/**'], rules: restrict('@rackside/cloud', '@rackside/web') },
);
