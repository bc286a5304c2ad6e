import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_RULE, uploadAvatar } from '@portal/contracts/accounts';
import { STATUS } from '@portal/contracts/envelope';
import type { Lang } from '@portal/contracts/sites';
import { ApiError } from '../../http/api-error';
import { registerUpload } from '../../http/register-upload';
import { translate } from '../../lib/i18n';
import { removeAvatar, renderAvatar, sniffImage, storeAvatar, UnreadableImage } from './avatar.service';
import type { AccountsService } from './accounts.service';
import type { StorageDriver } from '../../lib/storage';

const TYPES = AVATAR_RULE.types.map((t) => t.toUpperCase()).join('/');

function fileRefusal(lang: Lang, httpStatus: number, msgKey: string, vars: Record<string, unknown> = {}) {
  const message = translate(lang, msgKey, vars);
  return new ApiError(httpStatus, STATUS.validation, msgKey, vars, {
    field: uploadAvatar.field,
    issues: [{ field: uploadAvatar.field, message }],
  });
}

/**
 * The avatar upload: multipart in this plugin only (every other route still takes JSON only), the
 * same access rule, isapi guard and write rate limit as a member call. The file is judged by its
 * bytes, never its name; reading stops at the size limit.
 */
export async function avatarRoutes(app: FastifyInstance, deps: { accounts: AccountsService; storage: StorageDriver }) {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_RULE.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  const summary = `Uploads the member's avatar: multipart/form-data with one ${TYPES} file (by content) of at most ${AVATAR_RULE.maxMb} MB in the field \`file\`; stored as a ${AVATAR_RULE.size}x${AVATAR_RULE.size} JPEG without metadata`;
  registerUpload(app, uploadAvatar, { summary, tag: 'accounts' }, async ({ request, member }) => {
    const lang = request.portal.site.lang;
    let part: Awaited<ReturnType<typeof request.file>> | undefined;
    try {
      part = request.isMultipart() ? await request.file() : undefined;
    } catch (err) {
      // A body the multipart parser cannot read (no boundary, malformed headers): no file was sent.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw fileRefusal(lang, 400, 'accounts.avatarMissing');
    }
    if (!part || part.fieldname !== uploadAvatar.field) throw fileRefusal(lang, 400, 'accounts.avatarMissing');
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
    } catch (err) {
      // The body ended inside the file (a cut connection, a forged body): no whole file was sent.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw fileRefusal(lang, 400, 'accounts.avatarMissing');
    }
    // The parser stops keeping bytes at the limit and marks the stream truncated.
    if (part.file.truncated) throw fileRefusal(lang, 413, 'accounts.avatarTooLarge', { mb: AVATAR_RULE.maxMb });
    const bytes = Buffer.concat(chunks);
    if (bytes.length === 0) throw fileRefusal(lang, 400, 'accounts.avatarMissing');
    const kind = sniffImage(bytes);
    if (!kind) throw fileRefusal(lang, 400, 'accounts.avatarType', { types: TYPES });
    let jpeg: Buffer;
    try {
      jpeg = await renderAvatar(bytes, kind);
    } catch (err) {
      if (err instanceof UnreadableImage) throw fileRefusal(lang, 400, 'accounts.avatarType', { types: TYPES });
      throw err;
    }
    const url = await storeAvatar(deps.storage, jpeg);
    const previous = await deps.accounts.setAvatar(member.id, url);
    if (previous && previous !== url) {
      await removeAvatar(deps.storage, previous).catch((err) => request.log.warn({ err }, 'old avatar not removed'));
    }
    return { user_avatar_att_url: url };
  });
}
