import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noAppLayer = {
  group: ['@/app/*'],
  message: 'Shared code and features must not import the app layer.',
};

/** A config block forbidding these import patterns in these files (but not in `ignores`). */
const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts the e2e specs serve to the page run in the browser, not in Node.
    files: ['apps/web/e2e/support/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  ...pluginQuery.configs['flat/recommended'],
  // Shared code and features stay independent (Bulletproof React): shared code imports no
  // feature, a feature no other feature, and neither the app layer; pages in src/app compose
  // them. One block per feature, as a rule's options are replaced, not merged, between blocks.
  restrictImports(
    ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.ts'],
    [noAppLayer, { group: ['@/features/*'], message: 'Shared code must not import a feature.' }],
  ),
  ...webFeatures.map((feature) =>
    restrictImports(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        noAppLayer,
        {
          group: ['@/features/*', `!@/features/${feature}`],
          message: 'A feature must not import another feature: pass what it needs from the page.',
        },
      ],
    ),
  ),
  // One owner per table: SQL lives in repositories (and db/, cli/), so a route or service can
  // only reach a table through the module that owns it. Type-only imports count too: a type
  // from the schema ties the code to the table as much as a query does.
  restrictImports(
    ['apps/server/src/**/*.{ts,tsx}'],
    [
      {
        group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema.*'],
        message:
          "Only repositories, db/ and cli/ touch Drizzle and the schema: call the owning module's repository.",
      },
    ],
    ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/cli/**'],
  ),
  prettier,
);
