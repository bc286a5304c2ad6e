import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { STATUS } from '@portal/contracts/envelope';
import type { Site } from '@portal/contracts/sites';
import {
  ATTACHMENT_STORAGE,
  UPLOAD_RULE,
  UPLOAD_TYPES,
  type addAttachment,
  type getAliyunOssSts,
  type UploadExtension,
} from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { ATTACHMENT_PREFIX, isDirectUploadStore, newStorageKey, type StorageDriver } from '../../lib/storage';
import { contentMatches, imageReadable, kindOf, MIME } from './file-check';
import {
  cleanFileName,
  extensionOf,
  fileRefusal,
  formatRefusal,
  MB,
  redrawnWithoutMetadata,
  tooLargeRefusal,
  unreadableAsFormatRefusal,
  type UploadsService,
} from './uploads.service';

/** A registration may come a little after the part URLs end (the last part finished just in time). */
const REGISTER_GRACE_MS = 10 * 60_000;

/**
 * Direct uploads to the S3 store: the server opens a multipart upload under its own key, records it
 * as pending for the member, and answers presigned part URLs; registering takes the pending record
 * (so a key is registered once, by the member it was issued to), completes the upload, checks the
 * stored object's size and bytes with ranged reads, and deletes it when refused.
 */
export function directUploads(deps: { db: Kysely<DB>; storage: StorageDriver; uploads: UploadsService }) {
  const { uploads } = deps;
  function store() {
    if (!isDirectUploadStore(deps.storage)) throw ApiError.refused('upload.api.directDisabled');
    return deps.storage;
  }

  /** Aborts a few expired pending uploads (each start sweeps some, so none pile up). */
  async function sweep(now: number) {
    const s = deps.storage;
    if (!isDirectUploadStore(s)) return;
    for (const row of await uploads.repo.takeExpiredUploads(now - REGISTER_GRACE_MS, 5)) {
      await s.abortMultipart(row.storage_key, row.upload_id).catch(() => {});
    }
  }

  async function start(ownerId: number, site: Site, body: z.output<(typeof getAliyunOssSts)['body']>) {
    const s3 = store();
    const lang = site.lang;
    const types = UPLOAD_TYPES[body.purpose];
    const ext = uploads.acceptedExtension(body.purpose, cleanFileName(body.file_name));
    if (!ext) throw formatRefusal(lang, types);
    const mb = await uploads.limitMb(site.tws_id, body.purpose);
    if (body.file_size > mb * MB) throw tooLargeRefusal(lang, mb);
    const now = Date.now();
    await sweep(now);
    const key = newStorageKey(ext);
    const uploadId = await s3.createMultipart(key, MIME[ext]);
    const expiresAt = now + UPLOAD_RULE.timeoutMs;
    await uploads.repo.insertPendingUpload({
      owner_id: ownerId,
      storage_key: key,
      upload_id: uploadId,
      purpose: body.purpose,
      declared_size: body.file_size,
      created_at: now,
      expires_at: expiresAt,
    });
    const count = Math.max(1, Math.ceil(body.file_size / UPLOAD_RULE.partSize));
    const seconds = UPLOAD_RULE.timeoutMs / 1000;
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        part_number: i + 1,
        url: await s3.presignPart(key, uploadId, i + 1, seconds),
      })),
    );
    return {
      region: s3.region,
      region2: s3.region,
      bucket: s3.bucket,
      bucket2: s3.bucket,
      img_path: ATTACHMENT_PREFIX,
      key,
      upload_id: uploadId,
      part_size: UPLOAD_RULE.partSize,
      parallel: UPLOAD_RULE.parallel,
      expires_at: new Date(expiresAt).toISOString(),
      parts,
    };
  }

  async function finish(ownerId: number, site: Site, body: z.output<(typeof addAttachment)['body']>) {
    const s3 = store();
    const lang = site.lang;
    if (body.att_storage !== ATTACHMENT_STORAGE.s3) throw fileRefusal(lang, 400, 'storageInvalid');
    const now = Date.now();
    const pending = await uploads.repo.takePendingUpload(ownerId, body.att_url, now - REGISTER_GRACE_MS);
    if (!pending) throw new ApiError(403, STATUS.forbidden, 'upload.api.ticketInvalid');
    const purpose = pending.purpose as keyof typeof UPLOAD_TYPES & ('image' | 'media' | 'file');
    const key = pending.storage_key;
    const ext = extensionOf(key) as UploadExtension;
    const title = cleanFileName(body.att_title);
    const refuse = async (err: unknown): Promise<never> => {
      await s3.remove(key).catch(() => {});
      throw err;
    };
    if (body.parts?.length) {
      try {
        await s3.completeMultipart(
          key,
          // Always the upload the server opened for this key (the body's upload_id is informative only).
          pending.upload_id,
          body.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
        );
      } catch {
        await s3.abortMultipart(key, pending.upload_id).catch(() => {});
        throw fileRefusal(lang, 400, 'failed');
      }
    }
    // The name the member registers must name the type the key was issued for.
    if (uploads.acceptedExtension(purpose, title) !== ext) return refuse(formatRefusal(lang, UPLOAD_TYPES[purpose]));
    const source = await s3.open(key);
    if (!source) {
      await s3.abortMultipart(key, pending.upload_id).catch(() => {});
      throw fileRefusal(lang, 400, 'failed');
    }
    try {
      const mb = await uploads.limitMb(site.tws_id, purpose);
      if (source.size === 0) return await refuse(fileRefusal(lang, 400, 'empty'));
      if (source.size > mb * MB) return await refuse(tooLargeRefusal(lang, mb));
      let ok = await contentMatches(source, ext);
      let size = source.size;
      // A picture (within the image limit, checked above) is read whole for its header and pixel
      // count, and a photo is redrawn without its metadata (EXIF: place, camera) in place of the
      // member's file, as server uploads are.
      if (ok && kindOf(ext) === 'image') {
        const bytes = await source.read(0, source.size);
        ok = await imageReadable(bytes, ext as 'jpg' | 'jpeg' | 'png' | 'gif');
        const drawn = ok
          ? await redrawnWithoutMetadata(bytes, ext)
              .catch(unreadableAsFormatRefusal(lang, UPLOAD_TYPES[purpose]))
              .catch(refuse)
          : null;
        if (drawn) {
          // A store that refuses the redrawn picture is the spec's failure message: the member may try again.
          await s3.replace(key, drawn, MIME[ext]).catch(() => refuse(fileRefusal(lang, 400, 'failed')));
          size = drawn.length;
        }
      }
      if (!ok) return await refuse(formatRefusal(lang, UPLOAD_TYPES[purpose]));
      const data = await uploads.register(ownerId, key, title, ext, size, now);
      return { ...data, att_url: data.address };
    } finally {
      await source.close();
    }
  }

  return { start, finish };
}
