import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { antdConfigProviderTrim } from './server/antd-config-provider-trim';
import { asciiServerBundle } from './server/ascii-server-bundle';
import { backOfficeOutOfServer } from './server/back-office-out-of-server';
import { contractsWithoutZod } from './server/contracts-without-zod';
import { precompressClient } from './server/precompress';

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    antdConfigProviderTrim(),
    backOfficeOutOfServer(),
    contractsWithoutZod(),
    reactRouter(),
    precompressClient(),
    asciiServerBundle(),
  ],
  // The bundled server code (React, antd) runs its production branches whatever NODE_ENV the server
  // starts with, so server and browser render the same class names.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The server bundle compiles its packages in: antd's `es/*.js` (no `"type": "module"`) and some
  // of its CommonJS helpers cannot be imported by Node as they are, and a self-contained bundle
  // carries its one copy of react-router for the host (see server/build-entry.ts).
  ssr: { noExternal: true },
  build: {
    // The server bundle re-exports React Router's request handler next to the build, so the host
    // uses the very copy of react-router the routes were built against (see server/build-entry.ts).
    rollupOptions: isSsrBuild ? { input: './server/build-entry.ts' } : undefined,
  },
}));
