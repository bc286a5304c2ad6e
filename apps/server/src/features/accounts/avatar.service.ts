import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_RULE } from '@portal/contracts/accounts';

export type ImageKind = 'jpeg' | 'png';

/** What the bytes are, whatever the file is called: JPEG (FF D8 FF) or PNG (the 8-byte signature). */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** Larger pictures are refused before decoding: a small file can unpack into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

let sharpModule: Promise<typeof import('sharp')> | undefined;

/** sharp (libvips) is loaded on the first upload, so a server that never gets one does not pay its memory. */
function loadSharp() {
  sharpModule ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m;
  });
  return sharpModule;
}

export class UnreadableImage extends Error {}

/**
 * Decodes the picture and draws it anew: a square of AVATAR_RULE.size pixels cropped from the
 * middle, turned upright by its EXIF orientation, transparency on white, re-encoded as JPEG. What
 * comes out holds only pixels: no metadata, no trailing bytes of the upload.
 */
export async function renderAvatar(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  const sharp = (await loadSharp()).default;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== kind) throw new UnreadableImage(`declared ${kind}, decoded ${meta.format}`);
    return await image
      .rotate()
      .resize(AVATAR_RULE.size, AVATAR_RULE.size, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw err instanceof UnreadableImage ? err : new UnreadableImage((err as Error).message);
  }
}

/** Stores an avatar under a random name (never the client's) and answers its public URL. */
export async function storeAvatar(uploadsDir: string, jpeg: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, 'avatars');
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.jpg`;
  await fs.writeFile(path.join(dir, name), jpeg, { flag: 'wx' });
  return `/uploads/avatars/${name}`;
}

const OWN_AVATAR = /^\/uploads\/avatars\/([0-9a-f]{32}\.jpg)$/;

/** Removes a replaced avatar when it is one of ours; demo and external pictures stay. */
export async function removeAvatar(uploadsDir: string, url: string): Promise<void> {
  const name = OWN_AVATAR.exec(url)?.[1];
  if (name) await fs.rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
