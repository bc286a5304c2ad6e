import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where attachments live, behind one interface: the local disk (default) or an S3-compatible store.
 * Keys are the server's (`attachments/yyyy/mm/dd/<timestamp>-<random>.<ext>`), never a client's
 * file name, so a name cannot become a path.
 */

/** Random access to a stored object's bytes (content checks read the head, zip checks the directory). */
export interface ByteSource {
  size: number;
  /** Up to `length` bytes from `start` (fewer at the end). */
  read(start: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** ATTACHMENT_STORAGE: 1 local, 2 S3. */
  readonly storage: 1 | 2;
  /** Stores a checked temporary file under `key` (moved on disk, streamed to S3); the file is gone after. */
  putFile(key: string, filePath: string, size: number, mime: string): Promise<void>;
  /** Stores a small object held in memory (a redrawn picture) under a new `key`. */
  putBytes(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  open(key: string): Promise<ByteSource | null>;
  remove(key: string): Promise<void>;
}

/** The S3 store's extras: multipart uploads straight from the browser and presigned downloads. */
export interface DirectUploadStore extends StorageDriver {
  readonly name: 's3';
  readonly region: string;
  readonly bucket: string;
  /** The origin the browser PUTs parts to (for the page's connect-src). */
  readonly origin: string;
  createMultipart(key: string, mime: string): Promise<string>;
  presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  completeMultipart(key: string, uploadId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Puts `bytes` in place of the object under `key` (a picture redrawn after a direct upload). */
  replace(key: string, bytes: Buffer, mime: string): Promise<void>;
  presignGet(
    key: string,
    opts: { fileName: string; inline: boolean; mime: string; expiresInSeconds: number },
  ): Promise<string>;
}

export function isDirectUploadStore(driver: StorageDriver): driver is DirectUploadStore {
  return driver.name === 's3';
}

/** The prefix of attachment keys (in the uploads folder on disk, in the bucket on S3): spec "img_path". */
export const ATTACHMENT_PREFIX = 'attachments/';

/** A new random key for an upload with this (already checked, lower-case) extension. */
export function newStorageKey(extension: string, now = new Date()): string {
  const yyyy = now.getUTCFullYear();
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(now.getUTCDate()).padStart(2, '0');
  const random = crypto.randomBytes(8).toString('hex');
  return `${ATTACHMENT_PREFIX}${yyyy}/${mm}/${dd}/${now.getTime()}-${random}.${extension}`;
}

const KEY = /^attachments\/\d{4}\/\d{2}\/\d{2}\/\d{10,16}-[0-9a-f]{16}\.[a-z0-9]{1,5}$/;

/**
 * Pictures the portal shows as they are (avatars, banner pictures, the footer's QR code): redrawn by
 * the server, stored under `<folder>/<32 hex>.<ext>` and served at `/uploads/<key>` from whichever
 * store is configured, so processes share no disk.
 */
export const PUBLIC_IMAGE_FOLDERS = ['avatars', 'banners', 'site'] as const;
export type PublicImageFolder = (typeof PUBLIC_IMAGE_FOLDERS)[number];
const PUBLIC_IMAGE_KEY = new RegExp(`^(?:${PUBLIC_IMAGE_FOLDERS.join('|')})/[0-9a-f]{32}\\.(?:jpg|png|webp)$`);

/** The type of a public picture, by the extension of its key. */
export const PUBLIC_IMAGE_MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A new random key for a public picture. */
export function newPublicImageKey(folder: PublicImageFolder, extension: 'jpg' | 'png' | 'webp'): string {
  return `${folder}/${crypto.randomBytes(16).toString('hex')}.${extension}`;
}

/** A key of the server's own making (so it can be used as a path or an object key). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key) || PUBLIC_IMAGE_KEY.test(key);
}

/** A public picture's key, the only objects `/uploads/` serves. */
export function isPublicImageKey(key: string): boolean {
  return PUBLIC_IMAGE_KEY.test(key);
}

/** Reads a whole Readable (small bodies only: ranged GET answers). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Content-Disposition with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
