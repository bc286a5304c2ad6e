import type { Kysely } from 'kysely';
import {
  COOPERATION_KINDS,
  cooperationFilePath,
  type CooperationKind,
  type CooperationPage,
  type CooperationSummary,
  type PartnerCompany,
} from '@portal/contracts/cooperation';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText } from '../../lib/sanitize';
import { isPartner } from '../../platform/roles/partner';
import { findAttachment } from '../../platform/uploads/attachment-links';
import { cooperationRepository, type CooperationPageRow } from './cooperation.repository';

export const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Staff who manage cooperation see drafts and may download every file. */
export function managesCooperation(viewer: SignedInMember | null): boolean {
  return viewer !== null && holdsPermission(viewer, PERMISSIONS.cooperationManage);
}

/** A partner (the enterprise role) who is not banned: a banned member downloads nothing partner-only. */
function unbannedPartner(viewer: SignedInMember | null): boolean {
  return isPartner(viewer) && !viewer!.banned;
}

/** A partner-only file is for partners and the staff who manage cooperation; other files for anyone. */
export function mayDownload(file: { partner_only: number }, viewer: SignedInMember | null): boolean {
  return !file.partner_only || unbannedPartner(viewer) || managesCooperation(viewer);
}

const kindOf = (kind: string): CooperationKind =>
  (COOPERATION_KINDS as readonly string[]).includes(kind) ? (kind as CooperationKind) : 'programme';

export function summaryOf(
  row: Omit<CooperationPageRow, 'body_html'> & {
    file_count?: number | string | null;
    partner_file_count?: number | string | null;
  },
): CooperationSummary {
  return {
    id: row.id,
    kind: kindOf(row.kind),
    title: row.title,
    summary: row.summary,
    cover_url: row.cover_url,
    file_count: Number(row.file_count ?? 0),
    partner_file_count: Number(row.partner_file_count ?? 0),
    update_time: iso(Number(row.updated_at) || Number(row.created_at))!,
  };
}

/**
 * The portal's cooperation pages (issue 21 item 5, decision 045): the list by kind, a page with its
 * downloads and linked versions, the partner directory, and a download, which checks the
 * partner-only switch on the server on every request.
 */
export function cooperationService(db: Kysely<DB>) {
  const repo = cooperationRepository(db);
  return {
    async list(site: Site, body: { kind: CooperationKind; cursor?: string; limit: number }) {
      const after = decodeCursor(body.cursor);
      const rows = await repo.publishedPages(site.tws_id, body.kind, after, body.limit + 1);
      const more = rows.length > body.limit;
      const page = more ? rows.slice(0, body.limit) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(summaryOf),
        next_cursor: more && last ? encodeCursor({ at: Number(last.sort), id: last.id }) : null,
      };
    },

    async info(site: Site, id: number, viewer: SignedInMember | null): Promise<CooperationPage> {
      const row = await repo.page(id);
      if (!row || row.site_id !== site.tws_id || !(row.published || managesCooperation(viewer))) {
        throw ApiError.notFound('cooperationApi.pageNotFound');
      }
      const [files, versions] = await Promise.all([
        repo.files([row.id]),
        row.lang_group_id === null ? Promise.resolve([]) : repo.versions(row.lang_group_id, row.id),
      ]);
      return {
        ...summaryOf({
          ...row,
          file_count: files.length,
          partner_file_count: files.filter((f) => f.partner_only).length,
        }),
        // Sanitised on the way in, and never trusted on the way out.
        body_html: sanitizeRichText(row.body_html),
        files: files.map((f) => ({
          id: f.id,
          title: f.title,
          size: Number(f.size),
          partner_only: f.partner_only === 1,
          can_download: mayDownload(f, viewer),
          url: cooperationFilePath(f.id),
        })),
        versions: versions.filter((v) => v.published).map((v) => ({ tws_id: v.site_id, id: v.id })),
        is_partner: unbannedPartner(viewer),
        published: row.published === 1,
        create_time: iso(row.created_at)!,
      };
    },

    async partners(body: { cursor?: string; limit: number }) {
      const after = decodeCursor(body.cursor);
      const rows = await repo.companies(after, body.limit + 1, true);
      const more = rows.length > body.limit;
      const page = more ? rows.slice(0, body.limit) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(
          (r): PartnerCompany => ({
            id: r.id,
            name: r.name,
            website: r.website,
            summary: r.summary,
            member_count: Number(r.member_count ?? 0),
            since: iso(r.created_at)!,
          }),
        ),
        next_cursor: more && last ? encodeCursor({ at: 0, id: last.id }) : null,
      };
    },

    /**
     * A file of a cooperation page for the viewer: 404 when the file or its page is not visible;
     * 401 for a visitor and 403 for a member who is not a partner when the file is partner-only.
     */
    async file(fileId: number, viewer: SignedInMember | null) {
      const file = await repo.file(fileId);
      if (!file || !(file.published || managesCooperation(viewer)))
        throw ApiError.notFound('cooperationApi.fileNotFound');
      if (!mayDownload(file, viewer)) {
        if (!viewer) throw ApiError.unauthorized();
        throw ApiError.forbidden('cooperationApi.partnersOnly');
      }
      const attachment = await findAttachment(db, file.attachment_id);
      if (!attachment) throw ApiError.notFound('cooperationApi.fileNotFound');
      return attachment;
    },
  };
}
