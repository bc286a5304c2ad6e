import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SiteImageFolder } from '@portal/contracts/text-rules';
import { sniffImage as sniffJpegOrPng } from '../accounts/avatar.service';

export type SiteImageKind = 'jpeg' | 'png' | 'webp';

const EXTENSION: Record<SiteImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** What the bytes are, whatever the file is called: JPEG, PNG, or WebP ("RIFF" size "WEBP"). */
export function sniffSiteImage(bytes: Buffer): SiteImageKind | null {
  const kind = sniffJpegOrPng(bytes);
  if (kind) return kind;
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
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

export class UnreadableSiteImage extends Error {}

export interface RenderedImage {
  bytes: Buffer;
  kind: SiteImageKind;
  width: number;
  height: number;
}

/**
 * Decodes the picture and draws it anew in its own format: turned upright by its EXIF orientation,
 * scaled down to fit `maxEdge` (never up), first frame only. What comes out holds only pixels in
 * sRGB: no EXIF, no GPS, no comments, no trailing bytes of the upload.
 */
export async function renderSiteImage(bytes: Buffer, kind: SiteImageKind, maxEdge: number): Promise<RenderedImage> {
  const sharp = (await loadSharp()).default;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== kind) throw new UnreadableSiteImage(`declared ${kind}, decoded ${meta.format}`);
    const drawn = image.rotate().resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? drawn.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? drawn.png({ compressionLevel: 9 })
          : drawn.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, kind, width: info.width, height: info.height };
  } catch (err) {
    throw err instanceof UnreadableSiteImage ? err : new UnreadableSiteImage((err as Error).message);
  }
}

/** Stores an image under a random name (never the client's) and answers its public URL. */
export async function storeSiteImage(
  uploadsDir: string,
  folder: SiteImageFolder,
  image: RenderedImage,
): Promise<string> {
  const dir = path.join(uploadsDir, folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${EXTENSION[image.kind]}`;
  await fs.writeFile(path.join(dir, name), image.bytes, { flag: 'wx' });
  return `/uploads/${folder}/${name}`;
}
