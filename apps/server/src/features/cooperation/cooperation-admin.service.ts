import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from '@portal/contracts/zod';
import type {
  adminCooperationPageSchema,
  adminCooperationSave,
  adminPartnerSave,
  adminPartnerSchema,
} from '@portal/contracts/cooperation';
import { siteById, type Site } from '@portal/contracts/sites';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText } from '../../lib/sanitize';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { notify } from '../../platform/messages/messages.service';
import { refreshSearch } from '../../platform/search/search-index';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import type { RemoteImages } from '../../platform/uploads/remote-images';
import { cooperationRepository, type CooperationRepository } from './cooperation.repository';
import { cooperationSearchSource } from './cooperation.search';
import { iso, summaryOf } from './cooperation.service';

type RequestInfo = Pick<FastifyRequest, 'ip' | 'id'>;
type PageInput = z.output<typeof adminCooperationSave.body>;
type PartnerInput = z.output<typeof adminPartnerSave.body>;
type AdminPage = z.input<typeof adminCooperationPageSchema>;
type AdminPartner = z.input<typeof adminPartnerSchema>;

async function pageView(repo: CooperationRepository, id: number): Promise<AdminPage> {
  const row = await repo.page(id);
  if (!row) throw ApiError.notFound('cooperationApi.pageNotFound');
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
    sort: Number(row.sort),
    published: row.published === 1,
    lang_group_id: row.lang_group_id,
    body_html: row.body_html,
    files: files.map((f) => ({
      attachment_id: f.attachment_id,
      title: f.title,
      partner_only: f.partner_only === 1,
      size: Number(f.size),
    })),
    versions: versions.map((v) => ({ tws_id: v.site_id, id: v.id, title: v.title })),
  };
}

function partnerView(row: NonNullable<Awaited<ReturnType<CooperationRepository['company']>>>): AdminPartner {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    summary: row.summary,
    member_count: Number(row.member_count ?? 0),
    since: iso(row.created_at)!,
    listed: row.listed === 1,
  };
}

/**
 * The back office's cooperation (issue 21 item 6, decision 045): pages (rich text sanitised on the
 * way in, order, downloads and which are partner-only, language versions), partner companies and
 * their members. Every write is audited in its transaction; a member added or removed is told.
 */
export function cooperationAdminService(
  db: Kysely<DB>,
  clock: { now(): number } = { now: Date.now },
  remote?: RemoteImages,
) {
  async function members(site: Site, companyId: number) {
    const rows = await cooperationRepository(db).members(companyId);
    const briefs = await memberBriefs(
      db,
      rows.map((r) => r.user_id),
      site.tws_id,
    );
    return {
      list: rows
        .filter((r) => briefs.has(r.user_id))
        .map((r) => ({ ...briefs.get(r.user_id)!, since: iso(r.created_at)! })),
    };
  }

  return {
    async list(site: Site) {
      const rows = await cooperationRepository(db).allPages(site.tws_id);
      return {
        list: rows.map((r) => ({
          ...summaryOf(r),
          sort: Number(r.sort),
          published: r.published === 1,
          lang_group_id: r.lang_group_id,
        })),
      };
    },

    async get(site: Site, id: number) {
      const repo = cooperationRepository(db);
      const row = await repo.page(id);
      if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('cooperationApi.pageNotFound');
      return pageView(repo, id);
    },

    async save(site: Site, actor: SignedInMember, input: PageInput, request: RequestInfo) {
      const now = clock.now();
      const sanitised = sanitizeRichText(input.body_html);
      // Remote pictures are copied before the transaction: fetching takes seconds.
      const html = remote ? (await remote.copyInto(sanitised, actor.id, site.tws_id)).html : sanitised;
      return db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const before = input.id === undefined ? undefined : await repo.page(input.id);
        if (input.id !== undefined && (!before || before.site_id !== site.tws_id)) {
          throw ApiError.notFound('cooperationApi.pageNotFound');
        }
        const beforeFiles = before ? await repo.files([before.id]) : [];
        const ids = input.files.map((f) => f.attachment_id);
        const usable = await repo.usableAttachments(ids, actor.id, input.id ?? null);
        if (ids.some((id) => !usable.has(id))) throw invalidField(site.lang, 'files', 'cooperationAdmin.fileRule');
        let other: Awaited<ReturnType<CooperationRepository['page']>>;
        if (input.version_of !== null) {
          other = await repo.page(input.version_of);
          if (!other || other.site_id === site.tws_id || !siteById(other.site_id)) {
            throw invalidField(site.lang, 'version_of', 'cooperationAdmin.versionRule');
          }
        }
        const values = {
          kind: input.kind,
          title: input.title,
          summary: input.summary,
          cover_url: input.cover_url,
          body_html: html,
          sort: input.sort,
          published: input.published ? 1 : 0,
          now,
        };
        let id: number;
        if (before) {
          id = before.id;
          await repo.updatePage(id, values);
        } else {
          id = await repo.insertPage({ ...values, site_id: site.tws_id });
        }
        await repo.replaceFiles(id, beforeFiles, input.files, now);
        await linkAttachments(trx, { ids, refs: attachmentsAddressedIn(html) }, now);
        // Language versions: this page joins the other page's group (its first page's id), or leaves its own.
        if (other) {
          const group = other.lang_group_id ?? other.id;
          await repo.leaveGroup(group, site.tws_id, id);
          await repo.setGroup([other.id, id], group);
        } else if (before && before.lang_group_id !== null) {
          await repo.setGroup([id], null);
        }
        await refreshSearch(trx, cooperationSearchSource, [id]);
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: before ? 'cooperation.pageUpdate' : 'cooperation.pageCreate',
          targetKind: 'cooperation_page',
          targetId: id,
          before: before ? { ...before, files: beforeFiles } : null,
          after: { ...values, files: input.files, version_of: input.version_of },
          request,
          now,
        });
        return pageView(repo, id);
      });
    },

    async remove(site: Site, actor: SignedInMember, id: number, request: RequestInfo) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const before = await repo.page(id);
        if (!before || before.site_id !== site.tws_id) throw ApiError.notFound('cooperationApi.pageNotFound');
        const files = await repo.files([id]);
        if (!(await repo.deletePage(id))) throw ApiError.notFound('cooperationApi.pageNotFound');
        await refreshSearch(trx, cooperationSearchSource, [id]);
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'cooperation.pageDelete',
          targetKind: 'cooperation_page',
          targetId: id,
          before: { ...before, files },
          after: null,
          request,
          now,
        });
      });
      return { id };
    },

    async partners(body: { cursor?: string; limit: number }) {
      const after = decodeCursor(body.cursor);
      const rows = await cooperationRepository(db).companies(after, body.limit + 1, false);
      const more = rows.length > body.limit;
      const page = more ? rows.slice(0, body.limit) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(partnerView),
        next_cursor: more && last ? encodeCursor({ at: 0, id: last.id }) : null,
      };
    },

    async savePartner(site: Site, actor: SignedInMember, input: PartnerInput, request: RequestInfo) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const before = input.id === undefined ? undefined : await repo.company(input.id);
        if (input.id !== undefined && !before) throw ApiError.notFound('cooperationApi.partnerNotFound');
        const same = await repo.companyByName(input.name);
        if (same && same.id !== input.id) throw ApiError.refused('cooperationAdmin.nameTaken', { name: same.name });
        const values = {
          name: input.name,
          website: input.website,
          summary: input.summary,
          listed: input.listed ? 1 : 0,
          now,
        };
        let id: number;
        if (before) {
          id = before.id;
          await repo.updateCompany(id, values);
        } else {
          id = await repo.insertCompany(values);
        }
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: before ? 'partner.update' : 'partner.create',
          targetKind: 'partner_company',
          targetId: id,
          before: before ?? null,
          after: values,
          request,
          now,
        });
        return partnerView((await repo.company(id))!);
      });
    },

    members,

    async addMember(
      site: Site,
      actor: SignedInMember,
      input: { company_id: number; user_id: number; reason: string },
      request: RequestInfo,
    ) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const company = await repo.company(input.company_id);
        if (!company) throw ApiError.notFound('cooperationApi.partnerNotFound');
        if (!(await repo.userExists(input.user_id))) throw ApiError.notFound('cooperationApi.userNotFound');
        const current = await repo.membershipOf(input.user_id);
        if (current) throw ApiError.refused('cooperationAdmin.alreadyMember', { company: current.name });
        // Two staff adding at once: the unique user_id lets one insert in.
        if (!(await repo.addMember(company.id, input.user_id, actor.id, now))) {
          throw ApiError.refused('cooperationAdmin.alreadyMember', { company: company.name });
        }
        await repo.grantPartnerRole(input.user_id, now);
        await notify(trx, input.user_id, {
          kind: 'partner_added',
          params: { company: company.name, reason: input.reason },
          siteId: null,
        });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'partner.addMember',
          targetKind: 'partner_company',
          targetId: company.id,
          before: null,
          after: { user_id: input.user_id, role: 'enterprise', reason: input.reason },
          request,
          now,
        });
      });
      return members(site, input.company_id);
    },

    async removeMember(
      site: Site,
      actor: SignedInMember,
      input: { company_id: number; user_id: number; reason: string },
      request: RequestInfo,
    ) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const company = await repo.company(input.company_id);
        if (!company) throw ApiError.notFound('cooperationApi.partnerNotFound');
        if (!(await repo.removeMember(company.id, input.user_id))) {
          throw ApiError.refused('cooperationAdmin.notMember');
        }
        await repo.revokePartnerRole(input.user_id);
        await notify(trx, input.user_id, {
          kind: 'partner_removed',
          params: { company: company.name, reason: input.reason },
          siteId: null,
        });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'partner.removeMember',
          targetKind: 'partner_company',
          targetId: company.id,
          before: { user_id: input.user_id, role: 'enterprise' },
          after: { reason: input.reason },
          request,
          now,
        });
      });
      return members(site, input.company_id);
    },
  };
}
