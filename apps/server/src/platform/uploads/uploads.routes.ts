import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addAttachment,
  getAliyunOssSts,
  importDocx,
  UPLOAD_CALLS,
  UPLOAD_RULE,
  UPLOAD_TYPES,
  uploadConfig,
  type UploadCall,
  type UploadPurpose,
} from '@portal/contracts/uploads';
import { ApiError } from '../../http/api-error';
import { registerCall } from '../../http/register-call';
import { registerUpload } from '../../http/register-upload';
import { isPublicImageKey, PUBLIC_IMAGE_MIME } from '../../lib/storage';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/jobs';
import type { FeatureDeps } from '../kit/feature';
import { readSiteSettings } from '../settings/settings.service';
import { sendAttachment } from './attachment-response';
import { directUploads } from './direct-upload.service';
import { importWordDocument } from './docx-import';
import { fileRefusal, MB, uploadsService, type UploadsService } from './uploads.service';

/** How often each process deletes abandoned uploads, and how many at most each time (in batches). */
const SWEEP_EVERY_MS = 60 * 60_000;
const SWEEP_BATCH = 200;
const SWEEP_BATCHES = 10;

/**
 * Abandoned uploads (decision 014) go a minute after the start and then every hour, a batch at a
 * time. Every process may sweep: the delete holds only for a row still unlinked, so two processes
 * never delete one attachment twice and content saved meanwhile keeps its file.
 */
function sweepAbandonedUploads(uploads: UploadsService, clock: Clock): JobDefinition {
  return {
    name: 'uploads.sweep-abandoned',
    firstAfterMs: 60_000,
    everyMs: SWEEP_EVERY_MS,
    async run() {
      for (let i = 0; i < SWEEP_BATCHES; i++)
        if ((await uploads.sweepUnlinked(clock.now(), SWEEP_BATCH)) < SWEEP_BATCH) break;
    },
  };
}

/** The largest limit settings allow (SETTINGS_RULE.fileSizeMb.max); each call narrows it per request. */
const HARD_MAX_MB = 100;

/**
 * Uploads: the four multipart upload calls, the Word import, the upload configuration, direct
 * uploads to the S3 store (getAliyunOssSts + addAttachment) and the attachment download route.
 * Multipart in this plugin only; the upload routes declare their access rule and the write rate
 * limit like JSON calls.
 */
export async function uploadsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const uploadsDir = deps.config.uploadsDir;
  const storage = deps.storage;
  const uploads = uploadsService({ db: deps.db, storage, uploadsDir });
  const direct = directUploads({ db: deps.db, storage, uploads });
  await uploads.sweepIncoming();
  deps.jobs.add(sweepAbandonedUploads(uploads, deps.clock));

  await app.register(multipart, {
    limits: { fileSize: HARD_MAX_MB * MB, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  /** The one file part of a request, or a 400 naming `file`. */
  async function filePart(request: FastifyRequest, mb: number) {
    const lang = request.portal.site.lang;
    let part: Awaited<ReturnType<FastifyRequest['file']>> | undefined;
    try {
      part = request.isMultipart() ? await request.file({ limits: { fileSize: mb * MB } }) : undefined;
    } catch (err) {
      // A body the multipart parser cannot read (no boundary, malformed headers): no file was sent.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw fileRefusal(lang, 400, 'missing');
    }
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw fileRefusal(lang, 400, 'missing');
    }
    return part;
  }

  /** One of the upload calls: documented as multipart with one file, judged by its content. */
  function route<Data extends z.ZodType>(
    call: UploadCall<Data>,
    handler: (request: FastifyRequest, memberId: number) => Promise<z.input<Data>>,
  ) {
    const summary = `${call.summary}: multipart/form-data with one file in the field \`file\`; judged by its content, stored under a random name`;
    registerUpload(app, call, { summary, tag: 'uploads' }, ({ request, member }) => handler(request, member.id));
  }

  for (const call of UPLOAD_CALLS) {
    // The four upload calls are of the image, media, file and import purposes (not the Word import).
    const purpose = call.purpose as UploadPurpose;
    route(call, async (request, memberId) => {
      const site = request.portal.site;
      const mb = await uploads.limitMb(site.tws_id, purpose);
      const part = await filePart(request, mb);
      return uploads.storeUpload({
        ownerId: memberId,
        lang: site.lang,
        purpose,
        fileName: part.filename,
        stream: part.file,
        mb,
        log: request.log,
      });
    });
  }

  route(importDocx, async (request, memberId) => {
    const site = request.portal.site;
    const mb = await uploads.limitMb(site.tws_id, 'docx');
    const imageMb = await uploads.limitMb(site.tws_id, 'image');
    const part = await filePart(request, mb);
    return importWordDocument({
      uploads,
      storage,
      lang: site.lang,
      ownerId: memberId,
      part,
      mb,
      imageMb,
      work: deps.documentWork,
    });
  });

  registerCall(app, uploadConfig, async (_body, { site }) => {
    const settings = await readSiteSettings(deps.db, site.tws_id);
    return {
      image_config: settings.image_config,
      file_config: settings.file_config,
      import_config: { fileSize: UPLOAD_RULE.importMaxMb, fileLimit: 1 },
      types: {
        image: [...UPLOAD_TYPES.image],
        media: [...UPLOAD_TYPES.media],
        file: [...UPLOAD_TYPES.file],
        import: [...UPLOAD_TYPES.import],
      },
      storage: storage.name,
      multipart: {
        part_size: UPLOAD_RULE.partSize,
        parallel: UPLOAD_RULE.parallel,
        timeout_ms: UPLOAD_RULE.timeoutMs,
      },
    };
  });

  registerCall(app, getAliyunOssSts, async (body, { site, user }) => direct.start((await user()).id, site, body));
  registerCall(app, addAttachment, async (body, { site, user }) => direct.finish((await user()).id, site, body));

  // Public pictures (avatars, banner pictures, the footer's QR code) from the configured store, so
  // processes share no disk: only keys of the server's own making, never sniffed, never run. Their
  // names are random and never reused, so they may be cached for long.
  app.get<{ Params: { folder: string; file: string } }>('/uploads/:folder/:file', async (request, reply) => {
    const key = `${request.params.folder}/${request.params.file}`;
    const stored = isPublicImageKey(key) ? await storage.open(key) : null;
    if (!stored) throw ApiError.notFound('upload.api.notFound');
    let bytes: Buffer;
    try {
      bytes = await stored.read(0, stored.size);
    } finally {
      await stored.close();
    }
    return reply
      .header('content-type', PUBLIC_IMAGE_MIME[key.slice(key.lastIndexOf('.') + 1) as keyof typeof PUBLIC_IMAGE_MIME])
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .send(bytes);
  });

  // Downloads: pictures, audio and video inline (with byte ranges, so players can seek), everything
  // else, or anything with ?download=1, as a download under its original name (attachment-response.ts). The address needs the attachment's access key
  // as well as its id (ids are sequential); an id alone, or a wrong key, is simply not found.
  app.get('/attachments/:id', async () => {
    throw ApiError.notFound('upload.api.notFound');
  });
  app.get<{ Params: { id: string; key: string }; Querystring: { download?: string } }>(
    '/attachments/:id/:key',
    async (request, reply) => {
      const id = Number(request.params.id);
      const found = /^\d{1,15}$/.test(request.params.id) && id > 0 ? await uploads.repo.findAttachment(id) : undefined;
      const row = found && sameKey(found.access_key, request.params.key) ? found : undefined;
      if (!row) throw ApiError.notFound('upload.api.notFound');
      const inline = (row.kind === 'image' || row.kind === 'media') && request.query.download !== '1';
      return sendAttachment(request, reply, row, { storage, uploadsDir, inline });
    },
  );
}

/** Compares access keys in constant time (a wrong key must not tell how much of it was right). */
function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length > 0 && a.length === b.length && crypto.timingSafeEqual(a, b);
}
