import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  attachmentAddress,
  UPLOAD_RULE,
  UPLOAD_TYPES,
  type UploadData,
  type UploadExtension,
  type UploadPurpose,
} from '@portal/contracts/uploads';
import { STATUS } from '@portal/contracts/envelope';
import type { Lang } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { translate } from '../../lib/i18n';
import { redrawImage, UnreadableImage } from '../../lib/images';
import { newStorageKey, type StorageDriver } from '../../lib/storage';
import { readSiteSettings } from '../settings/settings.service';
import { UNLINKED_ATTACHMENT_GRACE_MS } from './attachment-links';
import { contentMatches, imageReadable, kindOf, MIME } from './file-check';
import { fileSource } from './file-source';
import { uploadsRepository } from './uploads.repository';

export const MB = 1024 * 1024;

/** A 400/413 answer naming the `file` field (40001), worded from `upload.api.*`. */
export function fileRefusal(lang: Lang, httpStatus: number, msgKey: string, vars: Record<string, unknown> = {}) {
  const message = translate(lang, `upload.api.${msgKey}`, vars);
  return new ApiError(httpStatus, STATUS.validation, `upload.api.${msgKey}`, vars, {
    field: 'file',
    issues: [{ field: 'file', message }],
  });
}

export function formatRefusal(lang: Lang, types: readonly string[]) {
  return fileRefusal(lang, 400, 'format', { types: types.join(', ') });
}

export function tooLargeRefusal(lang: Lang, mb: number) {
  return fileRefusal(lang, 413, 'tooLarge', { n: mb });
}

// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name to show (the attachment's title): the last path segment of what the browser sent, without
 * control characters, at most 200 characters. Only ever displayed, never used as a path.
 */
export function cleanFileName(raw: string): string {
  const base = raw.replace(UNWANTED, '').split(/[/\\]/).pop()!.trim();
  const name = base === '.' || base === '..' ? '' : base;
  return (name || 'file').slice(0, UPLOAD_RULE.titleMax);
}

/** The lower-case extension of a name ('' when it has none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * A JPEG, PNG or GIF picture redrawn (lib/images) without metadata (EXIF: place, camera, time), a
 * photo upright; null for other files. Only the decoded picture is written back, so nothing that
 * rode along after the image data (a zip appended to a GIF) is kept; a GIF keeps its animation.
 */
export async function redrawnWithoutMetadata(bytes: Buffer, ext: UploadExtension): Promise<Buffer | null> {
  const kind = ext === 'png' || ext === 'gif' ? ext : ext === 'jpg' || ext === 'jpeg' ? 'jpeg' : null;
  if (!kind) return null;
  return redrawImage(bytes, kind, (image) =>
    (kind === 'png'
      ? image.rotate().png()
      : kind === 'gif'
        ? image.gif()
        : image.rotate().jpeg({ quality: 90 })
    ).toBuffer(),
  );
}

/** A picture sharp cannot read is refused like a file of the wrong type; other failures go on. */
export function unreadableAsFormatRefusal(lang: Lang, types: readonly string[]) {
  return (err: unknown): never => {
    if (err instanceof UnreadableImage) throw formatRefusal(lang, types);
    throw err;
  };
}

/** The uploaded file redrawn without metadata in place (see `redrawnWithoutMetadata`); answers its size. */
export async function withoutMetadata(filePath: string, ext: UploadExtension, size: number): Promise<number> {
  const drawn = await redrawnWithoutMetadata(await fsp.readFile(filePath), ext);
  if (!drawn) return size;
  await fsp.writeFile(filePath, drawn);
  return drawn.length;
}

export function uploadsService(deps: { db: Kysely<DB>; storage: StorageDriver; uploadsDir: string }) {
  const repo = uploadsRepository(deps.db);
  const incomingDir = path.join(deps.uploadsDir, '.incoming');

  /** The size limit of a kind of upload on a site, in MB (settings; the import's is fixed). */
  async function limitMb(siteId: number, purpose: UploadPurpose | 'docx'): Promise<number> {
    if (purpose === 'import') return UPLOAD_RULE.importMaxMb;
    const settings = await readSiteSettings(deps.db, siteId);
    return purpose === 'image' ? settings.image_config.fileSize : settings.file_config.fileSize;
  }

  /**
   * Streams an incoming file to a temporary file, never holding it in memory. The stream must end
   * (or fail) at the limit: the multipart parser's fileSize limit makes it fail with
   * FST_REQ_FILE_TOO_LARGE. On any failure the partial file is deleted.
   */
  async function receive(stream: Readable, lang: Lang, mb: number): Promise<{ tmpPath: string; size: number }> {
    await fsp.mkdir(incomingDir, { recursive: true });
    const tmpPath = path.join(incomingDir, crypto.randomBytes(16).toString('hex'));
    // The parser only marks the limit and goes on reading the part to its end: stop at once instead,
    // so the answer goes out while the rest is still arriving (and is never read).
    stream.once('limit', () =>
      stream.destroy(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })),
    );
    try {
      await pipeline(stream, fs.createWriteStream(tmpPath, { flags: 'wx' }));
      if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLargeRefusal(lang, mb);
    } catch (err) {
      await fsp.rm(tmpPath, { force: true });
      if (err instanceof ApiError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeRefusal(lang, mb);
      throw fileRefusal(lang, 400, 'failed');
    }
    const { size } = await fsp.stat(tmpPath);
    if (size === 0) {
      await fsp.rm(tmpPath, { force: true });
      throw fileRefusal(lang, 400, 'empty');
    }
    return { tmpPath, size };
  }

  /** Whether the extension is one of the purpose's, as a typed extension. */
  function acceptedExtension(
    purpose: UploadPurpose,
    name: string,
    types: readonly UploadExtension[] = UPLOAD_TYPES[purpose],
  ): UploadExtension | null {
    const ext = extensionOf(name);
    return (types as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
  }

  /** Registers a stored object as the member's attachment (removing the object if that fails). */
  async function register(
    ownerId: number,
    key: string,
    title: string,
    ext: UploadExtension,
    size: number,
    now: number,
  ): Promise<UploadData> {
    try {
      const accessKey = crypto.randomBytes(16).toString('base64url');
      const id = await repo.insertAttachment({
        owner_id: ownerId,
        title,
        storage_key: key,
        storage: deps.storage.storage,
        mime: MIME[ext],
        size,
        kind: kindOf(ext),
        created_at: now,
        access_key: accessKey,
      });
      return { att_id: id, original_name: title, address: attachmentAddress(id, accessKey) };
    } catch (err) {
      await deps.storage.remove(key).catch(() => {});
      throw err;
    }
  }

  /**
   * A file received through the server: its extension must be one of the purpose's and its bytes of
   * that type; then it is stored under a new random key and registered.
   */
  async function storeUpload(opts: {
    ownerId: number;
    lang: Lang;
    purpose: UploadPurpose;
    fileName: string;
    stream: Readable;
    mb: number;
    /** A narrower list of extensions than the purpose's (an expert's photo: JPG/JPEG/PNG only). */
    types?: readonly UploadExtension[];
    log?: { error(obj: object, msg: string): void };
  }): Promise<UploadData> {
    const title = cleanFileName(opts.fileName);
    const types = opts.types ?? UPLOAD_TYPES[opts.purpose];
    const ext = acceptedExtension(opts.purpose, title, types);
    if (!ext) {
      opts.stream.resume();
      throw formatRefusal(opts.lang, types);
    }
    const { tmpPath, size } = await receive(opts.stream, opts.lang, opts.mb);
    try {
      const source = await fileSource(tmpPath);
      let ok: boolean;
      try {
        ok = await contentMatches(source, ext);
      } finally {
        await source.close();
      }
      if (ok && kindOf(ext) === 'image') ok = await imageReadable(tmpPath, ext as 'jpg' | 'jpeg' | 'png' | 'gif');
      if (!ok) throw formatRefusal(opts.lang, types);
      const stored = await withoutMetadata(tmpPath, ext, size).catch(unreadableAsFormatRefusal(opts.lang, types));
      const key = newStorageKey(ext);
      try {
        await deps.storage.putFile(key, tmpPath, stored, MIME[ext]);
      } catch (err) {
        // The store is down or refused: the member can try again (the spec's failure message).
        opts.log?.error({ err }, 'upload not stored');
        throw new ApiError(500, STATUS.serverError, 'upload.api.failed');
      }
      return await register(opts.ownerId, key, title, ext, stored, Date.now());
    } finally {
      await fsp.rm(tmpPath, { force: true });
    }
  }

  /**
   * Temporary files older than an hour are left-overs of a stopped process (an upload in flight takes
   * seconds): removed at start. Younger ones may belong to another process sharing DATA_DIR.
   */
  async function sweepIncoming(now = Date.now()) {
    const names = await fsp.readdir(incomingDir).catch((): string[] => []);
    for (const name of names) {
      const file = path.join(incomingDir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > 60 * 60_000) await fsp.rm(file, { force: true });
    }
  }

  /**
   * Deletes up to `limit` abandoned uploads: attachments no stored content ever linked, older than the
   * grace period. The row goes first, in a delete that holds only while the attachment is still
   * unlinked, so content saved at the same moment keeps its file; then the file. Answers how many went.
   */
  async function sweepUnlinked(now = Date.now(), limit = 200): Promise<number> {
    const rows = await repo.unlinkedBefore(deps.storage.storage, now - UNLINKED_ATTACHMENT_GRACE_MS, limit);
    let removed = 0;
    for (const row of rows) {
      if (!(await repo.deleteUnlinked(row.id))) continue;
      await deps.storage.remove(row.storage_key);
      removed++;
    }
    return removed;
  }

  return {
    repo,
    limitMb,
    receive,
    storeUpload,
    register,
    acceptedExtension,
    incomingDir,
    sweepIncoming,
    sweepUnlinked,
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
