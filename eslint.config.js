import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
        // The app's top-level modules. pages.ts (the portal's page table that shared code reads) is
        // not one of them. `mode: 'file'` is the one way 7.x classifies single files as elements.
        {
          type: 'composition',
          pattern: 'apps/web/app/{root,routes,admin-pages,entry.client,entry.server}.{ts,tsx}',
          mode: 'file',
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
              disallow: { to: { element: { types: { anyOf: ['feature', 'composition'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: [
                  { element: { type: 'composition' } },
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
