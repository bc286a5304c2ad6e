import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Runs the web tests on their own (`npx vitest run` in apps/web); the root config includes them too. */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: { include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'], environment: 'node' },
});
