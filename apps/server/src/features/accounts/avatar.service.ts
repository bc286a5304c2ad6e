import { AVATAR_RULE } from '@portal/contracts/accounts';
import { publicImageKeyOf, redrawImage, sniffImage as sniffAnyImage, storeImage } from '../../lib/images';
import type { StorageDriver } from '../../lib/storage';

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
export function storeAvatar(storage: StorageDriver, jpeg: Buffer): Promise<string> {
  return storeImage(storage, 'avatars', jpeg, 'jpg');
}

/** Removes a replaced avatar when it is one of ours; demo and external pictures stay. */
export async function removeAvatar(storage: StorageDriver, url: string): Promise<void> {
  const key = publicImageKeyOf(url);
  if (key?.startsWith('avatars/')) await storage.remove(key);
}
