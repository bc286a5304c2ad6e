import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  SITE_IMAGE_RULE,
  uploadBannerImage,
  type SiteImagePurpose,
  type SiteImageUploadCall,
} from '@portal/contracts/banners';
import type { AuditAction } from '@portal/contracts/audit';
import { STATUS } from '@portal/contracts/envelope';
import { uploadSettingsImage } from '@portal/contracts/settings';
import type { Lang } from '@portal/contracts/sites';
import { uploadTopicCover } from '@portal/contracts/topics-admin';
import { uploadJournalCover } from '@portal/contracts/journal-admin';
import { uploadRafflePrizeImage } from '@portal/contracts/raffle-admin';
import { uploadCooperationCover } from '@portal/contracts/cooperation-admin';
import type { FeatureDeps } from '../../platform/kit/feature';
import { ApiError } from '../../http/api-error';
import { registerUpload } from '../../http/register-upload';
import { translate } from '../../lib/i18n';
import { recordAudit } from '../../platform/audit/audit.service';
import { readSiteSettings } from '../../platform/settings/settings.service';
import { renderSiteImage, sniffSiteImage, storeSiteImage, UnreadableSiteImage } from './site-image.service';

const MB = 1024 * 1024;
const TYPES = 'JPG/PNG/WebP';

/** What each purpose's upload is called in its OpenAPI summary, and the audit action it writes. */
const PURPOSES: Record<SiteImagePurpose, { what: string; audit: AuditAction }> = {
  banner: { what: 'banner picture', audit: 'banner.uploadImage' },
  qr_code: { what: 'QR code', audit: 'setting.uploadImage' },
  topicCover: { what: 'topic cover', audit: 'topic.uploadCover' },
  journalCover: { what: 'e-magazine issue cover', audit: 'journal.uploadCover' },
  rafflePrize: { what: 'raffle prize picture', audit: 'raffle.uploadPrizeImage' },
  cooperationCover: { what: 'cooperation page cover', audit: 'cooperation.uploadCover' },
};

function fileRefusal(lang: Lang, httpStatus: number, msgKey: string, vars: Record<string, unknown> = {}) {
  const message = translate(lang, msgKey, vars);
  return new ApiError(httpStatus, STATUS.validation, msgKey, vars, {
    field: 'file',
    issues: [{ field: 'file', message }],
  });
}

/**
 * The back office's image uploads: banner pictures (banner.manage), the footer's QR code
 * (setting.manage), topic covers (topic.manage), e-magazine covers (journal.manage), raffle prizes (raffle.manage) and cooperation page covers (cooperation.manage), one handler for all. Multipart in this plugin only; the declared access rule
 * is enforced by the access guard like a JSON call's, with the same isapi guard and write rate limit; the file is judged by its bytes, never its name;
 * reading stops at the site's image_config.fileSize.
 */
export async function siteImageRoutes(app: FastifyInstance, deps: FeatureDeps) {
  await app.register(multipart, {
    limits: { fileSize: SITE_IMAGE_RULE.hardMaxMb * MB, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  for (const call of [
    uploadBannerImage,
    uploadSettingsImage,
    uploadTopicCover,
    uploadJournalCover,
    uploadRafflePrizeImage,
    uploadCooperationCover,
  ] satisfies SiteImageUploadCall[]) {
    const maxEdge = SITE_IMAGE_RULE.maxEdge[call.purpose];
    const summary = `Uploads a ${PURPOSES[call.purpose].what}: multipart/form-data with one ${TYPES} file (by content) of at most the site's image_config.fileSize MB in the field \`file\`; redrawn without metadata to fit ${maxEdge} px, stored under a random name`;
    registerUpload(app, call, { summary, tag: 'admin' }, async ({ request, member }) => {
      const site = request.portal.site;
      const lang = site.lang;
      const { image_config } = await readSiteSettings(deps.db, site.tws_id);
      const mb = Math.min(image_config.fileSize, SITE_IMAGE_RULE.hardMaxMb);
      let part: Awaited<ReturnType<typeof request.file>> | undefined;
      try {
        part = request.isMultipart() ? await request.file({ limits: { fileSize: mb * MB } }) : undefined;
      } catch (err) {
        // A body the multipart parser cannot read (no boundary, malformed headers): no file was sent.
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw fileRefusal(lang, 400, 'siteAdmin.upload.fileMissing');
      }
      if (!part || part.fieldname !== call.field) throw fileRefusal(lang, 400, 'siteAdmin.upload.fileMissing');
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
      } catch (err) {
        // The body ended inside the file (a cut connection, a forged body): no whole file was sent.
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw fileRefusal(lang, 400, 'siteAdmin.upload.fileMissing');
      }
      // The parser stops keeping bytes at the limit and marks the stream truncated.
      if (part.file.truncated) throw fileRefusal(lang, 413, 'siteAdmin.upload.fileTooLarge', { mb });
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) throw fileRefusal(lang, 400, 'siteAdmin.upload.fileMissing');
      const kind = sniffSiteImage(bytes);
      if (!kind) throw fileRefusal(lang, 400, 'siteAdmin.upload.fileType', { types: TYPES });
      let image;
      try {
        image = await renderSiteImage(bytes, kind, maxEdge);
      } catch (err) {
        if (err instanceof UnreadableSiteImage)
          throw fileRefusal(lang, 400, 'siteAdmin.upload.fileType', { types: TYPES });
        throw err;
      }
      const url = await storeSiteImage(deps.storage, call.folder, image);
      const data = { url, width: image.width, height: image.height };
      await recordAudit(deps.db, {
        actorId: member.id,
        siteId: site.tws_id,
        action: PURPOSES[call.purpose].audit,
        targetKind: 'upload',
        targetId: url,
        after: {
          ...data,
          purpose: call.purpose,
          bytes: image.bytes.length,
          original_name: part.filename.slice(0, 200),
        },
        request,
        now: Date.now(),
      });
      return data;
    });
  }
}
