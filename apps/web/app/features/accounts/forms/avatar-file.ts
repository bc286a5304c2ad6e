import { AVATAR_RULE } from '@portal/contracts/accounts';

/** The media types a browser gives the allowed extensions. */
const MEDIA_TYPES: Record<(typeof AVATAR_RULE.types)[number], string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What the file picker offers: the extensions and their media types. */
export const AVATAR_ACCEPT = [...AVATAR_RULE.types.map((type) => `.${type}`), 'image/jpeg', 'image/png'].join(',');

/** What is wrong with a chosen file, as a catalogue key with its values; null when it may go up. */
export type AvatarFileProblem =
  | { key: 'accounts.avatarType'; vars: { types: string } }
  | { key: 'accounts.avatarTooLarge'; vars: { mb: number } };

/**
 * Checks a file before it is sent (spec 5: photo JPG/JPEG/PNG up to 3 MB), with the server's own
 * messages: by extension and, when the browser knows it, by media type (a `.png` the browser reads
 * as a GIF is refused), then by size. The server checks the content again.
 */
export function avatarFileProblem(file: { name: string; type: string; size: number }): AvatarFileProblem | null {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  const expected = (MEDIA_TYPES as Record<string, string | undefined>)[extension];
  if (!expected || (file.type !== '' && file.type !== expected)) {
    return { key: 'accounts.avatarType', vars: { types: AVATAR_RULE.types.map((t) => t.toUpperCase()).join('/') } };
  }
  if (file.size > AVATAR_RULE.maxBytes) return { key: 'accounts.avatarTooLarge', vars: { mb: AVATAR_RULE.maxMb } };
  return null;
}
