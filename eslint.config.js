// One flat config for the whole monorepo. Type-aware rules stay off to keep lint fast on 2 cores;
// `npm run typecheck` is the type gate.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'data/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.ts',
      '**/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A web feature never imports another feature; app/ composes them (STYLE.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', '../../*/**'], message: 'Features must not import each other; compose them in app/.' }] },
      ],
    },
  },
  {
    // A server routes.ts never touches SQL; only repo.ts does (STYLE.md).
    files: ['apps/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/repo', '**/repo.ts', 'kysely', '**/lib/db*'], message: 'Routes call services; only repo.ts touches SQL.' }] },
      ],
    },
  },
);
