import type { Sharp } from 'sharp';
import {
  isPublicImageKey,
  newPublicImageKey,
  PUBLIC_IMAGE_MIME,
  type PublicImageFolder,
  type StorageDriver,
} from './storage';

/**
 * Checking and redrawing uploaded pictures (avatars, banners, site images): what the bytes are,
 * decoding within a pixel limit, and storing the redrawn file under a random name.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What the bytes are, whatever the file is called: JPEG (FF D8 FF), PNG (the 8-byte signature) or
 * WebP ("RIFF" size "WEBP").
 */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Larger pictures are refused before decoding (sharp's `limitInputPixels`, every frame of an
 * animation counted): a file of a few bytes can declare 20,000 x 20,000 pixels, 1.6 GB to decode.
 * 30 megapixels is what a photo needs: a phone's is 12 (24 at most by default), a 24-megapixel
 * camera's fits, a 4K screen shows 8. Decoded, 30 MP is some 120 MB of native memory, outside the
 * JavaScript heap. Larger photos are scaled down before they are sent.
 */
export const MAX_IMAGE_PIXELS = 30_000_000;

let sharpModule: Promise<typeof import('sharp')> | undefined;

/** sharp (libvips) is loaded on the first upload, so a server that never gets one does not pay its memory. */
export function loadSharp() {
  sharpModule ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m;
  });
  return sharpModule;
}

/** The picture cannot be decoded, or decodes as another format than its bytes announced. */
export class UnreadableImage extends Error {}

/**
 * Decodes the picture (refusing more than MAX_IMAGE_PIXELS and any decoding error), checks that it
 * is the `kind` its bytes announced, and lets `draw` redraw it. A GIF is read with all its frames
 * (the pixel limit counts them all), so its redraw keeps the animation. Every failure on the way
 * becomes an UnreadableImage.
 */
export async function redrawImage<T>(
  bytes: Buffer,
  kind: ImageKind | 'gif',
  draw: (image: Sharp) => Promise<T>,
): Promise<T> {
  const sharp = (await loadSharp()).default;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: kind === 'gif' });
    const meta = await image.metadata();
    if (meta.format !== kind) throw new UnreadableImage(`declared ${kind}, decoded ${meta.format}`);
    return await draw(image);
  } catch (err) {
    throw err instanceof UnreadableImage ? err : new UnreadableImage((err as Error).message);
  }
}

/**
 * Stores a redrawn picture in the configured store under a random name (never the client's) and
 * answers its public URL, `/uploads/<folder>/<name>`. An existing object is never overwritten.
 */
export async function storeImage(
  storage: StorageDriver,
  folder: PublicImageFolder,
  bytes: Buffer,
  extension: keyof typeof PUBLIC_IMAGE_MIME,
): Promise<string> {
  const key = newPublicImageKey(folder, extension);
  await storage.putBytes(key, bytes, PUBLIC_IMAGE_MIME[extension]);
  return `/uploads/${key}`;
}

/** The store's key of a picture URL of ours (`/uploads/<key>`), or null for anything else. */
export function publicImageKeyOf(url: string): string | null {
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  return isPublicImageKey(key) ? key : null;
}
