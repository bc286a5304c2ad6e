import { EDITOR, EDITOR_MAX_WORDS } from '@portal/contracts/constants';

export { EDITOR_MAX_WORDS };

/**
 * Characters a word processor counts one by one: Han ideographs, kana and Hangul syllables.
 * Punctuation (，。) is not a word, as in Word's and WPS's counts.
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** A run of letters or digits, joined by an apostrophe or hyphen inside it (don't, e-mail), or a decimal (3.14). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+|(?<=\p{N})\.\p{N}+)*/gu;

/**
 * The editor's word count: each CJK character is one word; other text is split into words at
 * whitespace and punctuation. Pure, so the limit check and the counter never disagree.
 */
export function countWords(text: string): number {
  let cjk = 0;
  const rest = text.replace(CJK_CHAR, () => {
    cjk += 1;
    return ' ';
  });
  const latin = rest.match(WORD);
  return cjk + (latin ? latin.length : 0);
}

/** How the link popup shows an address: over 30 characters it is cut to the first 20 (spec 9). */
export function displayLink(url: string): string {
  const chars = Array.from(url);
  if (chars.length <= EDITOR.linkTruncateOver) return url;
  return `${chars.slice(0, EDITOR.linkTruncateTo).join('')}…`;
}

/** The font sizes the toolbar offers, in px, 12 to 72 (spec 9). */
export const FONT_SIZES_PX = [12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72] as const;

/** A font size is kept only when it is one of ours: pasted `font-size: 3em` or 200px is dropped. */
export function normaliseFontSize(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{1,3})px$/.exec(value.trim());
  if (!match) return null;
  const px = Number(match[1]);
  return px >= EDITOR.fontSizeMinPx && px <= EDITOR.fontSizeMaxPx ? `${px}px` : null;
}

/** Text colours of the toolbar's palette. */
export const TEXT_COLOURS = [
  '#000000',
  '#595959',
  '#8c8c8c',
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
] as const;

/** A colour is kept only as #rrggbb or rgb(r, g, b): nothing that can carry anything else. */
export function normaliseColour(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(text);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    if (parts.every((n) => n <= 255)) return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  }
  return null;
}

/** The file picker's choices and their extensions (spec 5, Editor). */
export const PICKER_TYPES = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  media: ['mp3', 'mp4'],
  file: ['pdf', 'txt', 'zip', 'rar', '7z', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'mp3', 'mp4'],
} as const;
export type PickerKind = keyof typeof PICKER_TYPES;

/** The lower-case extension of a file name, '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

/** Whether a chosen file has one of `types`' extensions (the server checks the content again). */
export function hasType(name: string, types: readonly string[]): boolean {
  const ext = extensionOf(name);
  return ext !== '' && types.includes(ext);
}

/** The `accept` attribute of a file input for these extensions. */
export function acceptOf(types: readonly string[]): string {
  return types.map((t) => `.${t}`).join(',');
}

/** Word import reads .docx only (spec 5). */
export function isDocx(name: string): boolean {
  return extensionOf(name) === 'docx';
}

/** Links the editor keeps: web, mail and site-relative addresses; never javascript: or data:. */
export function safeLink(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^(https?:\/\/|mailto:)/i.test(text)) return text;
  if (/^\/(?!\/)/.test(text)) return text;
  if (/^[\w-]+(\.[\w-]+)+(\/|$)/.test(text)) return `https://${text}`;
  return null;
}

/** Image sources in pasted HTML that point at the pasting computer, not the web. */
export function isLocalImageSource(src: string): boolean {
  return /^(data:image\/|file:|blob:)/i.test(src.trim());
}

/** A data: URL's bytes as a File (for uploading a pasted embedded image); null when it is not one. */
export function fileFromDataUrl(src: string, name = 'pasted'): File | null {
  const match = /^data:(image\/(png|jpe?g|gif|webp));base64,([A-Za-z0-9+/=\s]+)$/i.exec(src.trim());
  if (!match) return null;
  const [, type = '', subtype = '', base64 = ''] = match;
  const mime = type.toLowerCase();
  const ext = subtype.toLowerCase() === 'jpeg' ? 'jpg' : subtype.toLowerCase();
  const bytes = Uint8Array.from(atob(base64.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  return new File([bytes], `${name}.${ext}`, { type: mime });
}
