// ESLint flat config. Besides the usual rules it enforces the model/view boundary
// (docs/architecture.md): web/src/sim, web/src/scenario and web/src/charts import no React,
// and web/src/sim imports nothing from the UI layers.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noReact = [
  {
    group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    message: 'No React here: this layer is UI-free (docs/architecture.md).',
  },
];
const noUi = [
  {
    group: ['**/panels/*', '**/panels', '**/charts/*', '**/state/*'],
    message: 'The simulation bridge must not depend on the UI.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      // The Python package's virtual environment (npm run test:python).
      '.venv/',
      'wasm/',
      'web/src/sim/pkg/',
      'web/src/sim/grade-pkg/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/panels/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['web/src/sim/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: { 'no-restricted-imports': ['error', { patterns: [...noReact, ...noUi] }] },
  },
  {
    files: [
      'web/src/scenario/**/*.ts',
      'web/src/charts/**/*.ts',
      'web/src/state/**/*.ts',
      'web/src/i18n/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: noReact }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}', 'tests/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
