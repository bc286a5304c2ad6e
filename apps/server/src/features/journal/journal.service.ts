import type { Kysely } from 'kysely';
import type { UserBrief } from '@portal/contracts/home';
import {
  JOURNAL_REFUSAL,
  journalPdfPath,
  type JournalArticleDetail,
  type JournalArticleSummary,
  type JournalIssueDetail,
  type JournalIssueSummary,
} from '@portal/contracts/journal';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { Site } from '@portal/contracts/sites';
import { DAY_MS } from '../../db/day-counts';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { isPartner } from '../../platform/roles/partner';
import { findAttachment } from '../../platform/uploads/attachment-links';
import { journalRepository, type IssueRow, type JournalCountKind } from './journal.repository';

/** Who counts as one reader: a member, else the visitor id of spec 7, else the address. */
export function readerKey(viewer: SignedInMember | null, visitorId: string | null, address: string): string {
  if (viewer) return `m${viewer.id}`;
  return visitorId ? `v${visitorId}` : `ip${address.slice(0, 64)}`;
}

/** Editors (and admins) see drafts and may always read the PDF. */
export function editsJournal(viewer: SignedInMember | null): boolean {
  return viewer !== null && !viewer.banned && viewer.permissions.has(PERMISSIONS.journalManage);
}

/** A partner-only issue's PDF is for enterprise members (and the magazine's editors) only. */
export function mayReadPdf(issue: { partner_only: number }, viewer: SignedInMember | null): boolean {
  if (!issue.partner_only) return true;
  return isPartner(viewer) || editsJournal(viewer);
}

export function issueSummary(row: IssueRow): JournalIssueSummary {
  return {
    teb_id: row.id,
    teb_number: Number(row.number),
    teb_title: row.title,
    teb_summary: row.summary,
    teb_cover_url: row.cover_url,
    tjc_id: row.category_id,
    tjc_name: row.category_name ?? '',
    partner_only: row.partner_only === 1,
    has_pdf: row.pdf_attachment_id !== null,
    article_count: Number(row.article_count ?? 0),
    read_count: Number(row.read_count),
    download_count: Number(row.download_count),
    publish_time: new Date(Number(row.publish_at)).toISOString(),
  };
}

/** The author as lists and pages show them: a member's card, or a guest author's name. */
export function authorOf(authorId: number | null, authorName: string, briefs: Map<number, UserBrief>) {
  const user = authorId !== null ? (briefs.get(authorId) ?? null) : null;
  return { user, name: user ? user.user_nick_name : authorName };
}

/**
 * The e-magazine's reading side (issue 20, items 1–3): categories, issues newest first, an issue's
 * contents and previous issues, its articles read online, the figures, and the PDF's permission.
 * Readers and downloads count once per viewer, issue and UTC day (journal.repository countOnce).
 */
export function journalService(db: Kysely<DB>, clock: Clock) {
  const repo = journalRepository(db);

  const isPublic = (row: { published: number; publish_at: number }) =>
    row.published === 1 && Number(row.publish_at) <= clock.now();

  /** An issue of the site the viewer may see: public, or any issue for its editors; 404 otherwise. */
  async function visibleIssue(site: Site, issueId: number, viewer: SignedInMember | null) {
    const row = await repo.issue(db, issueId);
    if (!row || row.site_id !== site.tws_id || !(isPublic(row) || editsJournal(viewer)))
      throw ApiError.notFound('journalAdmin.api.issueNotFound');
    return row;
  }

  async function count(issueId: number, kind: JournalCountKind, viewer: string, articleId?: number) {
    const day = Math.floor(clock.now() / DAY_MS);
    return db
      .transaction()
      .execute((trx) => journalRepository(trx).countOnce(trx, { issueId, day, kind, viewer, articleId }));
  }

  return {
    repo,
    visibleIssue,

    async categories(site: Site) {
      const rows = await repo.categories(site.tws_id, clock.now());
      return {
        list: rows.map((r) => ({ tjc_id: r.id, tjc_name: r.name, issue_count: Number(r.issue_count ?? 0) })),
      };
    },

    async list(site: Site, body: { tjc_id?: number; cursor?: string; limit: number }) {
      const rows = await repo.publicIssues(site.tws_id, clock.now(), {
        categoryId: body.tjc_id,
        after: decodeCursor(body.cursor),
        limit: body.limit + 1,
      });
      const page = rows.slice(0, body.limit);
      const last = page.at(-1);
      return {
        list: page.map(issueSummary),
        next_cursor:
          rows.length > body.limit && last ? encodeCursor({ at: Number(last.publish_at), id: last.id }) : null,
      };
    },

    async info(
      site: Site,
      issueId: number,
      viewer: SignedInMember | null,
      reader: string,
    ): Promise<JournalIssueDetail> {
      const row = await visibleIssue(site, issueId, viewer);
      const open = isPublic(row);
      if (open && (await count(row.id, 'read', reader))) row.read_count = Number(row.read_count) + 1;
      const pdf = row.pdf_attachment_id !== null ? await findAttachment(db, row.pdf_attachment_id) : undefined;
      const allowed = mayReadPdf(row, viewer);
      return {
        ...issueSummary(row),
        pdf_url: pdf ? journalPdfPath(row.id) : null,
        pdf_size: pdf ? Number(pdf.size) : 0,
        can_download: pdf !== undefined && allowed,
        download_refusal: pdf && !allowed ? JOURNAL_REFUSAL.partners : null,
        is_preview: !open,
      };
    },

    async articles(
      site: Site,
      body: { teb_id: number; cursor?: string; limit: number },
      viewer: SignedInMember | null,
    ) {
      await visibleIssue(site, body.teb_id, viewer);
      const rows = await repo.articles(body.teb_id, decodeCursor(body.cursor), body.limit + 1, false);
      const page = rows.slice(0, body.limit);
      const briefs = await memberBriefs(
        db,
        page.flatMap((r) => (r.author_id !== null ? [r.author_id] : [])),
        site.tws_id,
      );
      const last = page.at(-1);
      return {
        list: page.map(
          (r): JournalArticleSummary => ({
            tea_id: r.id,
            teb_id: r.issue_id,
            tea_title: r.title,
            tea_summary: r.summary,
            tea_sort: Number(r.sort),
            author: authorOf(r.author_id, r.author_name, briefs),
          }),
        ),
        next_cursor: rows.length > body.limit && last ? encodeCursor({ at: Number(last.sort), id: last.id }) : null,
      };
    },

    async previous(
      site: Site,
      body: { teb_id: number; cursor?: string; limit: number },
      viewer: SignedInMember | null,
    ) {
      const issue = await visibleIssue(site, body.teb_id, viewer);
      const rows = await repo.publicIssues(site.tws_id, clock.now(), {
        before: { at: Number(issue.publish_at), id: issue.id },
        after: decodeCursor(body.cursor),
        limit: body.limit + 1,
      });
      const page = rows.slice(0, body.limit);
      const last = page.at(-1);
      return {
        list: page.map(issueSummary),
        next_cursor:
          rows.length > body.limit && last ? encodeCursor({ at: Number(last.publish_at), id: last.id }) : null,
      };
    },

    async stats(site: Site) {
      const s = await repo.stats(site.tws_id, clock.now());
      return { issue_count: s.issues, article_count: s.articles, reader_count: s.reads, download_count: s.downloads };
    },

    async article(
      site: Site,
      articleId: number,
      viewer: SignedInMember | null,
      reader: string,
    ): Promise<JournalArticleDetail> {
      const article = await repo.article(db, articleId);
      if (!article) throw ApiError.notFound('journalAdmin.api.articleNotFound');
      const issue = await repo.issue(db, article.issue_id);
      if (!issue || issue.site_id !== site.tws_id || !(isPublic(issue) || editsJournal(viewer)))
        throw ApiError.notFound('journalAdmin.api.articleNotFound');
      let readCount = Number(article.read_count);
      if (isPublic(issue)) {
        // A reader of the article is a reader of its issue too (once a day either way).
        await count(issue.id, 'read', reader);
        if (await count(issue.id, 'read', `${reader}:a${article.id}`, article.id)) readCount += 1;
      }
      const [briefs, near] = await Promise.all([
        memberBriefs(db, article.author_id !== null ? [article.author_id] : [], site.tws_id),
        repo.neighbours(issue.id, Number(article.sort), article.id),
      ]);
      return {
        tea_id: article.id,
        teb_id: issue.id,
        tea_title: article.title,
        tea_summary: article.summary,
        tea_sort: Number(article.sort),
        tea_content: article.content,
        author: authorOf(article.author_id, article.author_name, briefs),
        read_count: readCount,
        issue: { teb_id: issue.id, teb_number: Number(issue.number), teb_title: issue.title },
        prev: near.prev ? { tea_id: near.prev.id, tea_title: near.prev.title } : null,
        next: near.next ? { tea_id: near.next.id, tea_title: near.next.title } : null,
      };
    },

    /**
     * The PDF of an issue for the viewer: 404 when the issue is not visible or has none; 401 for a
     * visitor and 403 for a member who is not a partner when the issue is partner-only. A download
     * (not the in-page reader's byte ranges) counts once per viewer and day.
     */
    async pdf(issueId: number, viewer: SignedInMember | null, reader: string, download: boolean) {
      // The address carries no site (a link opened in a new tab may lack the siteData cookie): the issue's own.
      const issue = await repo.issue(db, issueId);
      if (!issue || !(isPublic(issue) || editsJournal(viewer)))
        throw ApiError.notFound('journalAdmin.api.issueNotFound');
      if (!mayReadPdf(issue, viewer)) {
        if (!viewer) throw ApiError.unauthorized();
        throw ApiError.forbidden('journalAdmin.api.partnersOnly');
      }
      const pdf = issue.pdf_attachment_id !== null ? await findAttachment(db, issue.pdf_attachment_id) : undefined;
      if (!pdf) throw ApiError.notFound('journalAdmin.api.pdfNotFound');
      if (download && isPublic(issue)) await count(issue.id, 'download', reader);
      return { issue, pdf };
    },

    /** Forgets who was counted two days ago and earlier: a job, every hour. */
    async forgetOldReaders() {
      return repo.forgetCountedBefore(Math.floor(clock.now() / DAY_MS) - 1);
    },
  };
}

export type JournalService = ReturnType<typeof journalService>;
