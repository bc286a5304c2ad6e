import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of rich text (posts, comments, the About page, and every later rich-text form).
 * An allow-list, not a block-list (decision 013): only the tags, attributes, URL schemes and styles
 * that the editor produces survive; everything else is dropped, and the text of a dropped tag is
 * kept as text (except script, style, textarea, option, noscript, whose text goes too).
 *
 * - No script, no event handler, no `id`/`name` (no DOM clobbering), no form, no SVG or MathML, no
 *   iframe/object/embed (no video host is allowed: media are our own uploads in <video>/<audio>).
 * - URLs (href, src, poster): http, https and mailto for links; http and https for images and media;
 *   relative URLs of our own site; never protocol-relative. `data:` only for images and only base64
 *   PNG, JPEG or GIF. The scheme is read as a browser reads it: after entity decoding (the parser),
 *   with tabs and newlines removed and leading controls and spaces trimmed.
 * - Styles: only the declarations the editor writes, each value checked: text colour and
 *   background as #hex or rgb() (no alpha, no `transparent`), font size 12–72 px, text-align
 *   left/center/right/justify. Nothing that positions, hides, overlays or loads (no position,
 *   display, opacity, url(), expression()).
 * - Links always get rel="noopener noreferrer nofollow"; the only target kept is _blank.
 */

/** URL schemes allowed per kind of attribute. */
export const URL_SCHEMES = {
  link: ['http', 'https', 'mailto'],
  image: ['http', 'https', 'data'],
  media: ['http', 'https'],
} as const;

export type UrlKind = keyof typeof URL_SCHEMES;

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif);base64,[a-z0-9+/]+={0,2}$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The URL to keep, or null to drop the attribute. `raw` is the attribute's value after the HTML
 * parser decoded its entities. Reads the scheme as a browser would: ASCII tab and newlines removed
 * anywhere, C0 controls and spaces trimmed at both ends; any other control character left inside
 * refuses the URL rather than guessing how some parser reads it.
 */
export function safeUrl(raw: string, kind: UrlKind): string | null {
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (url === '') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(url)) return null;
  // Protocol-relative (`//host`, and `\` which browsers read as `/`): another host.
  if (/^[/\\]{2}/.test(url)) return null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url; // relative to our own site
  if (!(URL_SCHEMES[kind] as readonly string[]).includes(scheme)) return null;
  if (scheme === 'data') return DATA_IMAGE.test(url) ? url : null;
  return url;
}

const COLOUR_BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** #rgb, #rrggbb or rgb(r, g, b): no alpha, no names, no `transparent`, no functions that load. */
const COLOUR = [
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  new RegExp(`^rgb\\(\\s*${COLOUR_BYTE}\\s*,\\s*${COLOUR_BYTE}\\s*,\\s*${COLOUR_BYTE}\\s*\\)$`, 'i'),
];
/** 12 to 72 px, whole pixels. */
const FONT_SIZE = [/^(?:1[2-9]|[2-6]\d|7[0-2])px$/];
const TEXT_ALIGN = [/^(?:left|center|right|justify)$/];

const inlineStyles = { color: COLOUR, 'background-color': COLOUR, 'font-size': FONT_SIZE };
const blockStyles = { 'text-align': TEXT_ALIGN };

const TEXT_BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'blockquote'] as const;

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  'span',
  'mark',
  'a',
  'ul',
  'ol',
  'li',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'img',
  'figure',
  'figcaption',
  'audio',
  'video',
  'source',
];

const WHOLE_NUMBER = /^\d{1,4}$/;

/** Keeps an attribute only when `ok` holds for its value. */
function keepIf(attribs: sanitizeHtml.Attributes, name: string, ok: (value: string) => boolean) {
  if (attribs[name] !== undefined && !ok(attribs[name])) delete attribs[name];
}

function withUrl(attribs: sanitizeHtml.Attributes, name: string, kind: UrlKind) {
  if (attribs[name] === undefined) return;
  const url = safeUrl(attribs[name], kind);
  if (url === null) delete attribs[name];
  else attribs[name] = url;
}

function sizes(attribs: sanitizeHtml.Attributes, names: string[]) {
  for (const n of names) keepIf(attribs, n, (v) => WHOLE_NUMBER.test(v.trim()));
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  disallowedTagsMode: 'discard',
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col', 'source'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    audio: ['src', 'controls'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    ol: ['start'],
    col: ['span'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'scope', 'style'],
    code: ['class'],
    ...Object.fromEntries(TEXT_BLOCKS.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
    span: ['style'],
    mark: ['style'],
    '*': ['class'],
  },
  allowedClasses: {
    '*': ['align-left', 'align-center', 'align-right', 'code-block'],
    code: [/^language-[a-z0-9+#-]{1,30}$/],
  },
  allowedStyles: {
    span: inlineStyles,
    mark: inlineStyles,
    ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, blockStyles])),
  },
  allowedSchemes: [...URL_SCHEMES.link],
  allowedSchemesByTag: {
    img: [...URL_SCHEMES.image],
    audio: [...URL_SCHEMES.media],
    video: [...URL_SCHEMES.media],
    source: [...URL_SCHEMES.media],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  allowProtocolRelative: false,
  // Deeply nested markup costs every reader's browser; past this depth tags are dropped, text kept.
  nestingLimit: 64,
  // An image whose source was refused is dropped whole rather than left as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer nofollow' };
      withUrl(next, 'href', 'link');
      if (next.target !== undefined) {
        if (next.target.trim().toLowerCase() === '_blank') next.target = '_blank';
        else delete next.target;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next = { ...attribs };
      withUrl(next, 'src', 'image');
      sizes(next, ['width', 'height']);
      return { tagName, attribs: next };
    },
    video: (tagName, attribs) => {
      const next = { ...attribs };
      withUrl(next, 'src', 'media');
      withUrl(next, 'poster', 'image');
      if (next.poster?.startsWith('data:')) delete next.poster;
      sizes(next, ['width', 'height']);
      return { tagName, attribs: next };
    },
    audio: (tagName, attribs) => {
      const next = { ...attribs };
      withUrl(next, 'src', 'media');
      return { tagName, attribs: next };
    },
    source: (tagName, attribs) => {
      const next = { ...attribs };
      withUrl(next, 'src', 'media');
      keepIf(next, 'type', (v) => /^(?:audio|video)\/[a-z0-9.+-]{1,40}$/i.test(v));
      return { tagName, attribs: next };
    },
    ol: (tagName, attribs) => {
      const next = { ...attribs };
      keepIf(next, 'start', (v) => WHOLE_NUMBER.test(v.trim()));
      return { tagName, attribs: next };
    },
    td: (tagName, attribs) => {
      const next = { ...attribs };
      sizes(next, ['colspan', 'rowspan']);
      return { tagName, attribs: next };
    },
    th: (tagName, attribs) => {
      const next = { ...attribs };
      sizes(next, ['colspan', 'rowspan']);
      keepIf(next, 'scope', (v) => /^(?:row|col|rowgroup|colgroup)$/.test(v));
      return { tagName, attribs: next };
    },
    col: (tagName, attribs) => {
      const next = { ...attribs };
      sizes(next, ['span']);
      return { tagName, attribs: next };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
