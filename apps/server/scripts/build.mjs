// Bundles the server into dist/: our workspace packages are compiled in, npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

await build({
  // document-worker: the entry of the document work pool's threads (lib/document-work), found beside main.js.
  // search-reader: the entry of the search readers on SQLite (platform/search/search-readers.ts).
  entryPoints: [
    'src/main.ts',
    'src/document-worker.ts',
    'src/search-reader.ts',
    'src/cli/migrate.ts',
    'src/cli/seed.ts',
    'src/cli/bench-data.ts',
  ],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  splitting: true,
  external,
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
