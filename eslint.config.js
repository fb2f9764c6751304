// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** STYLE.md: protocol imports nothing of ours; web and cloud never import each other; nothing imports amp-sim except tests and benches. */
const restrict = (...names) => ({
  'no-restricted-imports': [
    'error',
    { patterns: names.map((n) => ({ group: [n, `${n}/*`], message: `STYLE.md import direction forbids ${n} here.` })) },
  ],
});

/**
 * Inside the web console (docs/architecture.md): app → features → device → shared, never back up; a feature uses
 * another feature only through its index (its public screens and hooks), never its internals; and no import cycle.
 */
const WEB = 'packages/web/src';
const webFeatures = readdirSync(`${WEB}/features`);
const webLayers = {
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: `${WEB}/shared`,
            from: [`${WEB}/device`, `${WEB}/features`, `${WEB}/app`],
            message: 'shared/ is the bottom layer.',
          },
          {
            target: `${WEB}/device`,
            from: [`${WEB}/features`, `${WEB}/app`],
            message: 'device/ imports only shared/.',
          },
          { target: `${WEB}/features`, from: `${WEB}/app`, message: 'features never import app/.' },
          ...webFeatures.map((f) => ({
            target: `${WEB}/features/${f}`,
            from: `${WEB}/features`,
            except: [`./${f}`, ...webFeatures.flatMap((o) => [`./${o}/index.ts`, `./${o}/index.tsx`])],
            message: 'Another feature is used through its index only.',
          })),
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/web/dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', '.ci/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
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
  {
    files: ['packages/protocol/**'],
    rules: restrict('@rackside/device-client', '@rackside/amp-sim', '@rackside/cloud', '@rackside/web'),
  },
  { files: ['packages/device-client/**'], rules: restrict('@rackside/amp-sim', '@rackside/cloud', '@rackside/web') },
  { files: ['packages/web/**'], rules: restrict('@rackside/amp-sim', '@rackside/cloud') },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/testing/**`, `${WEB}/**/*.test.{ts,tsx}`, `${WEB}/**/*.test-utils.tsx`],
    ...webLayers,
  },
  {
    files: ['packages/cloud/**'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: restrict('@rackside/amp-sim', '@rackside/web'),
  },
  { files: ['packages/amp-sim/**'], rules: restrict('@rackside/cloud', '@rackside/web') },
  // the console's classic scripts served as they are (index.html's color-scheme.js) run in the browser
  { files: ['packages/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    // STYLE.md "Size": a source file past 400 lines is usually two ideas. Every line counts (blank lines and comments
    // too: the figure is what `wc -l` shows). Not for tests, the declarative device tree and its generated state
    // types, nor generated files (drizzle's SQL migrations are not linted at all).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.test-utils.{ts,tsx}',
      'e2e/**/*.spec.ts',
      'packages/protocol/src/device/tree.ts',
      'packages/protocol/src/device/state-types.ts',
      'packages/cloud/src/db/migrations/**',
    ],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
