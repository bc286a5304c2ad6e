import type { Plugin } from 'vite';

// Every character outside ASCII; ASCII's control characters (tabs, line ends) stay as they are.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * Writes the server bundle's non-ASCII characters as `\uXXXX` escapes (as esbuild's default
 * `charset: 'ascii'` does for the API server's bundle). V8 keeps a module's source text in the heap
 * for as long as the process runs, and a source holding a single Chinese character is stored two
 * bytes per character: the page bundle (both languages' texts, the demo's words) took 9.6 MB of
 * heap instead of 4.8 MB. Escapes are valid wherever the characters can stand in this code: string
 * and template literals, regular expressions, JSX text (compiled to strings) and comments; the
 * bundle has no `String.raw` template holding them. Done as the bundle is written, after Vite's own
 * output transform (which writes characters as UTF-8). Browser chunks keep UTF-8: their weight is
 * what a phone downloads, and escapes would make it larger.
 */
export function asciiServerBundle(): Plugin {
  return {
    name: 'portal-ascii-server-bundle',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'server') return;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = file.code.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      }
    },
  };
}
