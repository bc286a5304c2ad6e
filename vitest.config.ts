import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Route tests (`*.routes.test.ts`) and other tests of code over the database (`*.db.test.ts`) run
// twice: on SQLite (embedded) and on PostgreSQL with Redis (scale-out). Everything else is a unit test.
const routeTests = ['apps/server/**/*.routes.test.ts', 'apps/server/**/*.db.test.ts'];
// Route tests build a fresh app on a fresh database in each file and mock nothing, so a worker keeps
// its modules between files instead of importing the whole server again for each (a fifth of the
// suite's time); unit tests stay isolated.
const routeIsolation = { isolate: false };
// Each run migrates one database that every test app copies (apps/server/test/database-template.ts).
const databaseTemplate = ['apps/server/test/database-template.ts'];
// Route tests whose subject the storage engine never touches run on SQLite only: hostile documents
// and pictures (bounded in the document worker before anything is stored), the upload size limit on a
// socket, the OpenAPI document, and links built on PUBLIC_URL. On PostgreSQL they would prove
// nothing more, at a minute of its suite's time.
const engineIndependent = [
  'apps/server/src/platform/uploads/hostile-uploads.routes.test.ts',
  'apps/server/src/platform/uploads/docx-import.routes.test.ts',
  'apps/server/src/platform/uploads/upload-oversize.routes.test.ts',
  'apps/server/src/plugins/openapi.routes.test.ts',
  'apps/server/src/features/web/public-url.routes.test.ts',
  'apps/server/src/features/web/login-callback.routes.test.ts',
];
const alias = { '~': path.resolve(import.meta.dirname, 'apps/web/app') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
          exclude: [...routeTests, '**/node_modules/**', '**/build/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: routeTests,
          ...routeIsolation,
          globalSetup: databaseTemplate,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: routeTests,
          exclude: [...engineIndependent, '**/node_modules/**'],
          ...routeIsolation,
          globalSetup: databaseTemplate,
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
