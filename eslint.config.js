// One flat config for the whole monorepo (style-guide.md, "Comments, lint and format").
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      // Workspace packages resolve to their sources through the `source`
      // export condition, as in tsconfig.base.json.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'tsconfig.base.json',
            'apps/*/tsconfig.json',
            'apps/*/tsconfig.test.json',
            'packages/*/tsconfig.json',
            'packages/*/tsconfig.test.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          conditionNames: [
            'source',
            'types',
            'import',
            'require',
            'node',
            'browser',
            'default',
          ],
        }),
      ],
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A module in node_modules cannot import ours back: not following
      // them is most of this rule's time (issue 15, docs/ci.md).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-named-as-default-member': 'off',
      'import-x/order': [
        'error',
        {
          groups: [
            'builtin',
            'external',
            'internal',
            ['parent', 'sibling', 'index'],
          ],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration through apps/server/src/config.ts (style-guide.md, "Config").',
        },
      ],
    },
  },
  {
    // The files that are allowed to read the environment.
    files: [
      'apps/server/src/config.ts',
      '**/*.config.ts',
      '**/*.config.js',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/src/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The planner is pure and deterministic for a seed (style-guide.md, "Do
    // this, not that" 7): randomness and the clock come in through its input.
    files: ['packages/planner/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message:
            'Use the seeded generator of packages/planner/src/random.ts.',
        },
        {
          object: 'Date',
          property: 'now',
          message:
            'The planner takes no clock: pass time in through its input.',
        },
        {
          object: 'performance',
          property: 'now',
          message: 'Bound work by counts, never by the clock (determinism).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date']",
          message:
            'The planner takes no clock: pass time in through its input.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'crypto', 'worker_threads'] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // Imports flow app -> features -> components|lib|hooks|utils.
              target: [
                'apps/web/src/components',
                'apps/web/src/lib',
                'apps/web/src/hooks',
                'apps/web/src/utils',
              ],
              from: ['apps/web/src/features', 'apps/web/src/app'],
            },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
            },
          ],
        },
      ],
    },
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-focused-tests': 'error',
      // Vitest takes a message as the second argument.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'vitest/expect-expect': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'vitest/no-standalone-expect': 'off',
      'vitest/valid-title': 'off',
    },
  },
  prettier,
);
