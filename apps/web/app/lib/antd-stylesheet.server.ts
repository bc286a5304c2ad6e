import { createHash } from 'node:crypto';
import { createCache, extractStyle } from '@ant-design/cssinjs';

/**
 * One antd style cache for the whole process: the theme's tokens and each component's CSS are
 * computed once instead of on every request (most of a page's render time otherwise).
 */
export const styleCache = createCache();

/** Where the host serves the stylesheets (apps/server/src/features/web/web.routes.ts). */
export const STYLESHEET_PREFIX = '/styles/';
const NAME = /^antd\.[0-9a-f]{16}\.css$/;
/** Versions kept for pages already sent; the set of styles stops growing after the first pages. */
const MAX_VERSIONS = 32;

export interface Stylesheet {
  /** `antd.<hash of the CSS>.css`: a new name whenever the CSS changes, so browsers keep each forever. */
  name: string;
  css: string;
}

const versions = new Map<string, string>();
let current: { entries: number; sheet: Stylesheet } | null = null;

/**
 * antd's CSS for every component rendered so far, as one stylesheet that pages link to instead of
 * carrying some 45 KB of it inline: browsers load it once, and a page's HTML (rendered, cached and
 * compressed per request) shrinks to its content. The CSS ends with antd's map of the styles it
 * holds, which the browser's antd reads on hydration instead of injecting them again.
 *
 * The server's cache only grows (nothing unmounts there), so its size tells when to extract again.
 */
export function currentStylesheet(): Stylesheet {
  const entries = styleCache.cache.size;
  if (current?.entries !== entries) {
    const css = extractStyle(styleCache, { plain: true });
    const name = `antd.${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
    versions.delete(name);
    versions.set(name, css);
    while (versions.size > MAX_VERSIONS) versions.delete(versions.keys().next().value as string);
    current = { entries, sheet: { name, css } };
  }
  return current.sheet;
}

/**
 * What to answer for a stylesheet a page links to: that version's CSS (`known`), or, for a name this
 * process never made or has dropped (another instance rendered the page, or this one restarted),
 * the current CSS, which browsers must not keep under that name; null for a name that is not a
 * stylesheet's.
 */
export function stylesheetFor(name: string): { css: string; known: boolean } | null {
  if (!NAME.test(name)) return null;
  const css = versions.get(name);
  return css === undefined ? { css: currentStylesheet().css, known: false } : { css, known: true };
}
