import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { UploadExtension } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { fetchRemote, type RemoteFetchOptions } from '../../lib/remote-fetch';
import { newStorageKey, type StorageDriver } from '../../lib/storage';
import { bufferSource, contentMatches, imageReadable, MIME } from './file-check';
import { MB, uploadsService, withoutMetadata } from './uploads.service';

/** Limits of copying the pictures of one document (Discourse downloads remote images the same way). */
export const REMOTE_IMAGE_RULE = {
  /** Pictures of other sites copied per document; the ones past this are dropped. */
  maxPerDocument: 20,
  /** Time for one picture (redirects and body included), and for the whole document. */
  timeoutMs: 10_000,
  documentTimeoutMs: 30_000,
  maxRedirects: 3,
  /** Pictures fetched at once. */
  concurrency: 4,
} as const;

const IMAGE_TYPES: UploadExtension[] = ['png', 'jpg', 'gif'];
const IMG_TAG = /<img\b[^>]*>/gi;
const SRC = /\ssrc="([^"]*)"/i;

/** The attribute value as the sanitiser wrote it, decoded (it encodes &, <, >, " only). */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface RemoteImagesOptions {
  db: Kysely<DB>;
  storage: StorageDriver;
  uploadsDir: string;
  /** Origins whose pictures are ours already (the S3 store's); never fetched. */
  ownOrigins?: readonly string[];
  /** Tests only (see RemoteFetchOptions.allowAddress). */
  allowAddress?: RemoteFetchOptions['allowAddress'];
}

export type RemoteImages = ReturnType<typeof remoteImages>;

/**
 * Remote pictures in rich text, copied on publish: every `<img>` whose address is another site's is
 * fetched (lib/remote-fetch: public addresses only, redirects checked, the site's image size limit,
 * time limits), checked by content like an upload, redrawn without metadata, stored as the author's
 * image attachment and shown from our address. A picture that fails any step is left out of the
 * text and counted, so the author is told. Readers' browsers then load pictures from us only.
 */
export function remoteImages(opts: RemoteImagesOptions) {
  const uploads = uploadsService({ db: opts.db, storage: opts.storage, uploadsDir: opts.uploadsDir });
  const own = new Set(opts.ownOrigins ?? []);

  function isRemote(src: string): boolean {
    if (!/^https?:/i.test(src)) return false;
    try {
      return !own.has(new URL(src).origin);
    } catch {
      return true;
    }
  }

  /** One picture as our attachment's address, or null when it fails a check. */
  async function copy(src: string, ownerId: number, maxBytes: number, deadline: number): Promise<string | null> {
    const timeoutMs = Math.min(REMOTE_IMAGE_RULE.timeoutMs, deadline - Date.now());
    if (timeoutMs <= 0) return null;
    try {
      const { bytes } = await fetchRemote(src, {
        maxBytes,
        timeoutMs,
        maxRedirects: REMOTE_IMAGE_RULE.maxRedirects,
        contentTypePrefix: 'image/',
        allowAddress: opts.allowAddress,
      });
      if (bytes.length === 0) return null;
      let ext: UploadExtension | undefined;
      for (const candidate of IMAGE_TYPES) {
        if (await contentMatches(bufferSource(bytes), candidate)) {
          ext = candidate;
          break;
        }
      }
      if (!ext || !(await imageReadable(bytes, ext as 'jpg' | 'png' | 'gif'))) return null;
      await fsp.mkdir(uploads.incomingDir, { recursive: true });
      const file = path.join(uploads.incomingDir, crypto.randomBytes(16).toString('hex'));
      await fsp.writeFile(file, bytes, { flag: 'wx' });
      const key = newStorageKey(ext);
      let size: number;
      try {
        size = await withoutMetadata(file, ext, bytes.length);
        await opts.storage.putFile(key, file, size, MIME[ext]);
      } finally {
        await fsp.rm(file, { force: true });
      }
      const name = `remote-image.${ext}`;
      return (await uploads.register(ownerId, key, name, ext, size, Date.now())).address;
    } catch {
      return null;
    }
  }

  return {
    /**
     * Copies the remote pictures of sanitised HTML into storage as the owner's attachments; answers
     * the HTML with our addresses in their place (and without the pictures that failed) and how
     * many were dropped. HTML without remote pictures comes back as it is.
     */
    async copyInto(html: string, ownerId: number, siteId: number): Promise<{ html: string; dropped: number }> {
      const sources = new Set<string>();
      for (const tag of html.matchAll(IMG_TAG)) {
        const raw = SRC.exec(tag[0])?.[1];
        if (raw !== undefined && isRemote(decodeAttribute(raw))) sources.add(decodeAttribute(raw));
      }
      if (sources.size === 0) return { html, dropped: 0 };
      const maxBytes = (await uploads.limitMb(siteId, 'image')) * MB;
      const deadline = Date.now() + REMOTE_IMAGE_RULE.documentTimeoutMs;
      const wanted = [...sources].slice(0, REMOTE_IMAGE_RULE.maxPerDocument);
      const copied = new Map<string, string | null>();
      let next = 0;
      const worker = async () => {
        while (next < wanted.length) {
          const src = wanted[next++]!;
          copied.set(src, await copy(src, ownerId, maxBytes, deadline));
        }
      };
      await Promise.all(Array.from({ length: REMOTE_IMAGE_RULE.concurrency }, worker));
      let dropped = 0;
      const out = html.replace(IMG_TAG, (tag) => {
        const raw = SRC.exec(tag)?.[1];
        if (raw === undefined) return tag;
        const src = decodeAttribute(raw);
        if (!isRemote(src)) return tag;
        const local = copied.get(src);
        if (!local) {
          dropped++;
          return '';
        }
        return tag.replace(SRC, ` src="${local}"`);
      });
      return { html: out, dropped };
    },
  };
}
