import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of rich text (posts, the About page, and every later rich-text form). An
 * allow-list of exactly what the editor (apps/web/app/components/editor) writes, each attribute and
 * style checked by value (decision 013). Everything else is dropped; the text of a dropped tag is
 * kept as text, except inside script, style, textarea, option and noscript, whose text goes too.
 *
 * - Tags: p br hr h1–h4 strong em u s code pre blockquote ul ol li a span img table tbody tr th td
 *   audio video. No script, no event handler, no class, id or name (no DOM clobbering), no form,
 *   no SVG or MathML, no iframe/object/embed: no video host is allowed, media are our own uploads.
 * - URLs: links http, https, mailto; images, audio and video http, https; or relative to our own
 *   site; never protocol-relative; no `data:` at all (the editor uploads pasted images and never
 *   writes base64). The scheme is read as a browser reads it: after entity decoding (the parser),
 *   with tabs and newlines removed and leading controls and spaces trimmed.
 * - Styles: span `color: #rrggbb` or `rgb(r, g, b)` and `font-size: Npx` (N 12–72); p and h1–h4 `text-align:
 *   left|center|right`. Nothing that positions, hides, overlays or loads.
 * - Links always get rel="noopener noreferrer nofollow"; the only target kept is _blank.
 */

/** URL schemes allowed per kind of attribute (relative URLs of our own site are always allowed). */
export const URL_SCHEMES = {
  link: ['http', 'https', 'mailto'],
  media: ['http', 'https'],
} as const;

export type UrlKind = keyof typeof URL_SCHEMES;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The URL to keep, or null to drop the attribute. `raw` is the attribute's value after the HTML
 * parser decoded its entities. Reads the scheme as a browser would: ASCII tab and newlines removed
 * anywhere, C0 controls and spaces trimmed at both ends; any other control character left inside
 * refuses the URL rather than guessing how some parser reads it, and so does a scheme that only
 * shows once invisible characters are removed.
 */
export function safeUrl(raw: string, kind: UrlKind): string | null {
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (url === '') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(url)) return null;
  // Protocol-relative (`//host`, and `\` which browsers read as `/`): another host.
  if (/^[/\\]{2}/.test(url)) return null;
  const allowed = URL_SCHEMES[kind] as readonly string[];
  // Belt and braces: with every other space and invisible formatting character (U+2028, BOM, soft
  // hyphen, zero-width...) removed too, a scheme that appears must still be allowed.
  const loose = SCHEME.exec(url.replace(/[\s\p{Cc}\p{Cf}]/gu, ''))?.[1]?.toLowerCase();
  if (loose !== undefined && !allowed.includes(loose)) return null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url; // relative to our own site
  return allowed.includes(scheme) ? url : null;
}

/** What the editor writes, value by value. */
const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** #rrggbb as the editor sets it, or rgb(r, g, b) as the browser writes that same colour back. */
const COLOUR = [/^#[0-9a-f]{6}$/i, new RegExp(`^rgb\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*\\)$`)];
const FONT_SIZE = [/^(?:1[2-9]|[2-6]\d|7[0-2])px$/];
const TEXT_ALIGN = [/^(?:left|center|right)$/];
const HEADINGS = ['h1', 'h2', 'h3', 'h4'] as const;

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', ...HEADINGS, 'strong', 'em', 'u', 's', 'code', 'pre', 'blockquote'],
  ...['ul', 'ol', 'li', 'a', 'span', 'img', 'table', 'tbody', 'tr', 'th', 'td', 'audio', 'video'],
];

const WHOLE_NUMBER = /^\d{1,4}$/;

type Attributes = sanitizeHtml.Attributes;

/** Keeps an attribute only when `ok` holds for its value. */
function keepIf(attribs: Attributes, name: string, ok: (value: string) => boolean) {
  if (attribs[name] !== undefined && !ok(attribs[name])) delete attribs[name];
}

function withUrl(attribs: Attributes, name: string, kind: UrlKind) {
  if (attribs[name] === undefined) return;
  const url = safeUrl(attribs[name], kind);
  if (url === null) delete attribs[name];
  else attribs[name] = url;
}

function wholeNumbers(attribs: Attributes, names: string[]) {
  for (const n of names) keepIf(attribs, n, (v) => WHOLE_NUMBER.test(v));
}

/** A transformTags entry that checks the tag's attributes in a copy. */
function checked(check: (attribs: Attributes) => void): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const next = { ...attribs };
    check(next);
    return { tagName, attribs: next };
  };
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    audio: ['src', 'controls'],
    video: ['src', 'controls'],
    ol: ['start', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    span: ['style'],
    p: ['style'],
    ...Object.fromEntries(HEADINGS.map((h) => [h, ['style']])),
  },
  allowedClasses: {},
  allowedStyles: {
    span: { color: COLOUR, 'font-size': FONT_SIZE },
    p: { 'text-align': TEXT_ALIGN },
    ...Object.fromEntries(HEADINGS.map((h) => [h, { 'text-align': TEXT_ALIGN }])),
  },
  allowedSchemes: [...URL_SCHEMES.link],
  allowedSchemesByTag: { img: [...URL_SCHEMES.media], audio: [...URL_SCHEMES.media], video: [...URL_SCHEMES.media] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Deeply nested markup costs every reader's browser; past this depth tags are dropped, text kept.
  nestingLimit: 64,
  // An image or a player whose source was refused is dropped whole rather than left as an empty frame.
  exclusiveFilter: (frame) => ['img', 'audio', 'video'].includes(frame.tag) && !frame.attribs.src,
  transformTags: {
    a: checked((attribs) => {
      withUrl(attribs, 'href', 'link');
      if (attribs.target !== undefined) {
        if (attribs.target.trim().toLowerCase() === '_blank') attribs.target = '_blank';
        else delete attribs.target;
      }
      attribs.rel = 'noopener noreferrer nofollow';
    }),
    img: checked((attribs) => {
      withUrl(attribs, 'src', 'media');
      wholeNumbers(attribs, ['width', 'height']);
    }),
    video: checked((attribs) => withUrl(attribs, 'src', 'media')),
    audio: checked((attribs) => withUrl(attribs, 'src', 'media')),
    ol: checked((attribs) => {
      wholeNumbers(attribs, ['start']);
      keepIf(attribs, 'type', (v) => ['1', 'a', 'A', 'i', 'I'].includes(v));
    }),
    td: checked((attribs) => wholeNumbers(attribs, ['colspan', 'rowspan'])),
    th: checked((attribs) => wholeNumbers(attribs, ['colspan', 'rowspan'])),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/** The plain-text start of sanitised HTML (at most `max` characters), for lists and the description meta. */
export function summaryOf(html: string, max: number): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].slice(0, max).join('');
}
