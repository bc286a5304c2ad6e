import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_RULE } from '@portal/contracts/accounts';
import { redrawImage, sniffImage as sniffAnyImage, storeImage } from '../../lib/images';

export { UnreadableImage } from '../../lib/images';

export type AvatarKind = 'jpeg' | 'png';

/** What the bytes are, whatever the file is called: avatars are JPEG or PNG only. */
export function sniffImage(bytes: Buffer): AvatarKind | null {
  const kind = sniffAnyImage(bytes);
  return kind === 'jpeg' || kind === 'png' ? kind : null;
}

/**
 * Decodes the picture and draws it anew: a square of AVATAR_RULE.size pixels cropped from the
 * middle, turned upright by its EXIF orientation, transparency on white, re-encoded as JPEG. What
 * comes out holds only pixels: no metadata, no trailing bytes of the upload.
 */
export function renderAvatar(bytes: Buffer, kind: AvatarKind): Promise<Buffer> {
  return redrawImage(bytes, kind, (image) =>
    image
      .rotate()
      .resize(AVATAR_RULE.size, AVATAR_RULE.size, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

/** Stores an avatar under a random name (never the client's) and answers its public URL. */
export function storeAvatar(uploadsDir: string, jpeg: Buffer): Promise<string> {
  return storeImage(uploadsDir, 'avatars', jpeg, 'jpg');
}

const OWN_AVATAR = /^\/uploads\/avatars\/([0-9a-f]{32}\.jpg)$/;

/** Removes a replaced avatar when it is one of ours; demo and external pictures stay. */
export async function removeAvatar(uploadsDir: string, url: string): Promise<void> {
  const name = OWN_AVATAR.exec(url)?.[1];
  if (name) await fs.rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
