import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The server's tiers: shared code (lib, db, http, plugins, config) → platform services (platform/*)
 * → features (features/*) → composition (app.ts, main.ts, cli, seed). A file may import its own tier
 * and those before it; a feature never imports another feature, a platform service never a feature.
 */
const serverTiers = {
  files: ['apps/server/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    'boundaries/elements': [
      { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
      { type: 'server-platform', pattern: 'apps/server/src/platform/*', capture: ['service'] },
      { type: 'server-shared', pattern: 'apps/server/src/{lib,db,http,plugins}' },
      { type: 'server-test-support', pattern: 'apps/server/test' },
      { type: 'server-composition', pattern: 'apps/server/src/{cli,seed}' },
    ],
    // app.ts and main.ts compose everything; config.ts is read by every tier.
    'boundaries/files': [{ category: 'server-composition', pattern: 'apps/server/src/{app,main}.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      2,
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'server-feature' } },
            disallow: {
              to: [
                { file: { categories: 'server-composition' } },
                { element: { type: 'server-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              ],
            },
          },
          {
            from: { element: { type: 'server-platform' } },
            disallow: { to: [{ file: { categories: 'server-composition' } }, { element: { type: 'server-feature' } }] },
          },
          {
            from: { element: { type: 'server-shared' } },
            disallow: {
              to: [
                { file: { categories: 'server-composition' } },
                { element: { type: 'server-feature' } },
                { element: { type: 'server-platform' } },
              ],
            },
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                "Use useTranslation from '~/lib/use-translation': react-i18next's copies the i18next instance on every server render.",
            },
          ],
        },
      ],
    },
  },
  serverTiers,
  {
    // The web app's tiers: shared (lib/, components/) -> features (features/<domain>/) -> composition
    // (route modules, routes.ts, root.tsx, admin-pages.ts, entry files). A feature imports shared
    // code and its own folder only; shared code imports shared code only; composition imports all.
    // A feature that needs another's component on a page gets it from the route module (slots or
    // props). The server's block mirrors this one with its own folders.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/app/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['apps/web/app/lib', 'apps/web/app/components'] },
        { type: 'composition', pattern: 'apps/web/app/routes' },
      ],
      // The app's top-level modules compose too; pages.ts (the page table shared code reads) does not.
      'boundaries/files': [
        {
          category: 'web-composition',
          pattern: 'apps/web/app/{root,routes,admin-pages,entry.client,entry.server}.{ts,tsx}',
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: {
                to: [
                  { element: { types: { anyOf: ['feature', 'composition'] } } },
                  { file: { categories: 'web-composition' } },
                ],
              },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: [
                  { element: { type: 'composition' } },
                  { file: { categories: 'web-composition' } },
                  { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
                ],
              },
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
    files: ['apps/server/src/db/migrations/**', 'apps/server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['bench/**', 'scripts/**', 'apps/server/scripts/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
