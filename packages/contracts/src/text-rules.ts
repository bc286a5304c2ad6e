/**
 * Small checks on text and URLs that staff type into the back office (dictionaries, banners, site
 * settings). Shared by the browser form and the server's schema, so both refuse the same things.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** One line of plain text: line breaks become spaces; control and bidi-override characters go. */
export function plainLine(value: string): string {
  return value.replace(/\r\n?|\n/g, ' ').replace(CONTROL_CHARACTERS, '');
}

export const LINK_URL_MAX = 500;

// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHARACTER = /[\s\\\u0000-\u001F\u007F-\u009F]/;

/**
 * Where a banner may send its reader: nowhere (''), a path of this site (one leading slash, so never
 * `//host`), or an http(s) URL without credentials. `javascript:`, `data:`, backslashes that browsers
 * read as slashes and whitespace are refused.
 */
export function isSafeLinkUrl(url: string): boolean {
  if (url === '') return true;
  if (url.length > LINK_URL_MAX || UNSAFE_URL_CHARACTER.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  return isHttpUrl(url);
}

/** An absolute http(s) URL with a host and no credentials. */
export function isHttpUrl(url: string): boolean {
  if (url.length > LINK_URL_MAX || UNSAFE_URL_CHARACTER.test(url) || !/^https?:\/\/[^/]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      parsed.hostname !== '' &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/** Folders of `/uploads/` that the back office's image upload writes to. */
export const SITE_IMAGE_FOLDERS = ['banners', 'site'] as const;
export type SiteImageFolder = (typeof SITE_IMAGE_FOLDERS)[number];

const UPLOADED_IMAGE = new RegExp(`^/uploads/(?:${SITE_IMAGE_FOLDERS.join('|')})/[0-9a-f]{32}\\.(?:jpg|png|webp)$`);
const DEMO_IMAGE = /^\/demo\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(?:svg|png|jpe?g|webp)$/;

/**
 * An image the site serves itself: one written by the back office's upload (random name under
 * `/uploads/banners/` or `/uploads/site/`), or a picture shipped with the demo content (`/demo/`).
 */
export function isSiteImageUrl(url: string): boolean {
  return UPLOADED_IMAGE.test(url) || DEMO_IMAGE.test(url);
}

/** The folder and file of an uploaded site image, or null for a demo picture or anything else. */
export function uploadedSiteImage(url: string): { folder: SiteImageFolder; file: string } | null {
  if (!UPLOADED_IMAGE.test(url)) return null;
  const [, , folder, file] = url.split('/');
  return { folder: folder as SiteImageFolder, file: file! };
}

/** UTF-8 size of a string, the same in the browser and on the server. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * Lone UTF-16 surrogates (not storable as UTF-8), C0/C1 control characters other than tab and line
 * feed, and the bidirectional embedding, override and isolate controls, which could make a note
 * read differently in the staff's inbox from what was sent.
 */
const UNWANTED =
  // eslint-disable-next-line no-control-regex
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Plain text of several lines (feedback, moderation reasons), never HTML: line breaks become `\n`, and characters that have no place in
 * a message are dropped. What is left is stored as typed and shown as text.
 */
export function toPlainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNWANTED, '');
}
