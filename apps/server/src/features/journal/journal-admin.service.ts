import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditAction, AuditTargetKind } from '@portal/contracts/audit';
import { JOURNAL_RULE, type AdminJournalArticle, type AdminJournalIssue } from '@portal/contracts/journal-admin';
import type { Site } from '@portal/contracts/sites';
import { DAY_MS } from '../../db/day-counts';
import type { Executor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText, summaryOf } from '../../lib/sanitize';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { findAttachment, linkAttachments } from '../../platform/uploads/attachment-links';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import { placeableSubmission } from './journal-submissions.service';
import { journalRepository, type IssueRow } from './journal.repository';
import { authorOf } from './journal.service';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;

/** The first bytes of every PDF file. */
const PDF_MAGIC = '%PDF-';

interface IssueInput {
  teb_id?: number;
  teb_number: number;
  teb_title: string;
  teb_summary: string;
  teb_cover_url: string;
  tjc_id: number | null;
  pdf_att_id: number | null;
  partner_only: boolean;
  published: boolean;
  publish_time: string;
}

interface ArticleInput {
  teb_id: number;
  tea_id?: number;
  teba_id?: number;
  tea_title: string;
  tea_sort?: number;
  author_user_id: number | null;
  author_name: string;
  tea_content: string;
}

/**
 * The back office's e-magazine (issue 20, item 6): categories, issues and their articles, the
 * statistics of an issue; every write audited in its transaction. The PDF is an attachment the
 * editor uploaded (the uploads platform judged it by content); here it must also be a PDF.
 */
export function journalAdminService(
  db: Kysely<DB>,
  clock: Clock,
  readPdfHead: (att: { storage_key: string }) => Promise<string>,
) {
  const repo = journalRepository(db);

  async function audited(
    executor: Executor,
    site: Site,
    actorId: number,
    action: AuditAction,
    targetKind: AuditTargetKind,
    targetId: number,
    request: Request,
    states: { before?: unknown; after?: unknown },
  ) {
    await recordAudit(executor, {
      actorId,
      siteId: site.tws_id,
      action,
      targetKind,
      targetId,
      ...states,
      request,
      now: clock.now(),
    });
  }

  async function ownIssue(executor: Executor, site: Site, id: number): Promise<IssueRow> {
    const row = await repo.issue(executor, id);
    if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('journalAdmin.api.issueNotFound');
    return row;
  }

  async function issueView(executor: Executor, row: IssueRow): Promise<AdminJournalIssue> {
    const pdf = row.pdf_attachment_id !== null ? await findAttachment(executor, row.pdf_attachment_id) : undefined;
    return {
      teb_id: row.id,
      teb_number: Number(row.number),
      teb_title: row.title,
      teb_summary: row.summary,
      teb_cover_url: row.cover_url,
      tjc_id: row.category_id,
      tjc_name: row.category_name ?? '',
      pdf: pdf ? { att_id: pdf.id, att_title: pdf.title, att_size: Number(pdf.size) } : null,
      partner_only: row.partner_only === 1,
      published: row.published === 1,
      publish_time: new Date(Number(row.publish_at)).toISOString(),
      article_count: Number(row.article_count ?? 0),
      read_count: Number(row.read_count),
      download_count: Number(row.download_count),
      update_time: new Date(Number(row.updated_at)).toISOString(),
    };
  }

  async function articleView(
    site: Site,
    row: {
      id: number;
      issue_id: number;
      sort: number;
      title: string;
      author_id: number | null;
      author_name: string;
      content?: string;
      read_count: number;
      submission_id: number | null;
    },
  ): Promise<AdminJournalArticle> {
    const briefs = await memberBriefs(db, row.author_id !== null ? [row.author_id] : [], site.tws_id);
    return {
      tea_id: row.id,
      teb_id: row.issue_id,
      tea_title: row.title,
      tea_sort: Number(row.sort),
      tea_content: row.content ?? '',
      author_user_id: row.author_id,
      author_name: row.author_name,
      author: authorOf(row.author_id, row.author_name, briefs),
      read_count: Number(row.read_count),
      teba_id: row.submission_id,
    };
  }

  return {
    async categories(site: Site) {
      const rows = await repo.categories(site.tws_id, null);
      return {
        list: rows.map((r) => ({
          tjc_id: r.id,
          tjc_name: r.name,
          tjc_sort: Number(r.sort),
          issue_count: Number(r.issue_count ?? 0),
        })),
      };
    },

    async saveCategory(
      site: Site,
      actorId: number,
      input: { tjc_id?: number; tjc_name: string; tjc_sort: number },
      request: Request,
    ) {
      return db.transaction().execute(async (trx) => {
        let id = input.tjc_id;
        let before: unknown;
        if (id !== undefined) {
          const row = await repo.category(trx, id);
          if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('journalAdmin.api.categoryNotFound');
          before = { name: row.name, sort: row.sort };
          await repo.updateCategory(trx, id, { name: input.tjc_name, sort: input.tjc_sort });
        } else {
          id = await repo.insertCategory(trx, {
            site_id: site.tws_id,
            name: input.tjc_name,
            sort: input.tjc_sort,
            created_at: clock.now(),
          });
        }
        const after = { name: input.tjc_name, sort: input.tjc_sort };
        await audited(trx, site, actorId, 'journal.categorySave', 'journal_category', id, request, { before, after });
        const all = await journalRepository(trx).categories(site.tws_id, null);
        const row = all.find((c) => c.id === id)!;
        return {
          tjc_id: row.id,
          tjc_name: row.name,
          tjc_sort: Number(row.sort),
          issue_count: Number(row.issue_count ?? 0),
        };
      });
    },

    async deleteCategory(site: Site, actorId: number, id: number, request: Request) {
      await db.transaction().execute(async (trx) => {
        const row = await repo.category(trx, id);
        if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('journalAdmin.api.categoryNotFound');
        await repo.deleteCategory(trx, id);
        await audited(trx, site, actorId, 'journal.categoryDelete', 'journal_category', id, request, {
          before: { name: row.name },
        });
      });
      return null;
    },

    async issues(site: Site, body: { cursor?: string; limit: number }) {
      const rows = await repo.allIssues(site.tws_id, decodeCursor(body.cursor), body.limit + 1);
      const page = rows.slice(0, body.limit);
      const last = page.at(-1);
      return {
        list: await Promise.all(page.map((r) => issueView(db, r))),
        next_cursor:
          rows.length > body.limit && last ? encodeCursor({ at: Number(last.publish_at), id: last.id }) : null,
      };
    },

    async saveIssue(site: Site, actorId: number, input: IssueInput, request: Request): Promise<AdminJournalIssue> {
      if (input.tjc_id !== null) {
        const category = await repo.category(db, input.tjc_id);
        if (!category || category.site_id !== site.tws_id) throw ApiError.notFound('journalAdmin.api.categoryNotFound');
      }
      if (input.pdf_att_id !== null) {
        const att = await findAttachment(db, input.pdf_att_id);
        // The uploads platform judged the file by content already; a PDF it must be, by its first bytes too.
        const isPdf =
          att !== undefined &&
          att.kind === 'file' &&
          att.mime === 'application/pdf' &&
          (await readPdfHead(att).catch(() => '')).startsWith(PDF_MAGIC);
        if (!isPdf) {
          throw ApiError.refused('journalAdmin.api.pdfInvalid', {}, { field: 'pdf_att_id' });
        }
      }
      const now = clock.now();
      const values = {
        number: input.teb_number,
        title: input.teb_title,
        summary: input.teb_summary,
        cover_url: input.teb_cover_url,
        category_id: input.tjc_id,
        pdf_attachment_id: input.pdf_att_id,
        partner_only: input.partner_only ? 1 : 0,
        published: input.published ? 1 : 0,
        publish_at: Date.parse(input.publish_time),
        updated_at: now,
      };
      return db.transaction().execute(async (trx) => {
        let id = input.teb_id;
        if (id !== undefined) {
          const before = await issueView(trx, await ownIssue(trx, site, id));
          await repo.updateIssue(trx, id, values);
          const after = await issueView(trx, await ownIssue(trx, site, id));
          await audited(trx, site, actorId, 'journal.issueUpdate', 'journal_issue', id, request, { before, after });
        } else {
          id = await repo.insertIssue(trx, { ...values, site_id: site.tws_id, created_by: actorId, created_at: now });
          const after = await issueView(trx, await ownIssue(trx, site, id));
          await audited(trx, site, actorId, 'journal.issueCreate', 'journal_issue', id, request, { after });
        }
        if (input.pdf_att_id !== null) await linkAttachments(trx, { ids: [input.pdf_att_id] }, now);
        return issueView(trx, await ownIssue(trx, site, id));
      });
    },

    async deleteIssue(site: Site, actorId: number, id: number, request: Request) {
      await db.transaction().execute(async (trx) => {
        const before = await issueView(trx, await ownIssue(trx, site, id));
        await repo.deleteIssue(trx, id);
        await audited(trx, site, actorId, 'journal.issueDelete', 'journal_issue', id, request, { before });
      });
      return null;
    },

    async articles(site: Site, body: { teb_id: number; cursor?: string; limit: number }) {
      await ownIssue(db, site, body.teb_id);
      const rows = await repo.articles(body.teb_id, decodeCursor(body.cursor), body.limit + 1, true);
      const page = rows.slice(0, body.limit);
      const last = page.at(-1);
      return {
        list: await Promise.all(page.map((r) => articleView(site, r))),
        next_cursor: rows.length > body.limit && last ? encodeCursor({ at: Number(last.sort), id: last.id }) : null,
      };
    },

    async saveArticle(
      site: Site,
      actorId: number,
      input: ArticleInput,
      request: Request,
    ): Promise<AdminJournalArticle> {
      if (input.author_user_id !== null) {
        const briefs = await memberBriefs(db, [input.author_user_id], site.tws_id);
        if (!briefs.has(input.author_user_id))
          throw ApiError.refused('journalAdmin.api.authorNotFound', {}, { field: 'author_user_id' });
      }
      const content = sanitizeRichText(input.tea_content);
      const now = clock.now();
      const id = await db
        .transaction()
        .execute(async (trx) => {
          await ownIssue(trx, site, input.teb_id);
          const values = {
            title: input.tea_title,
            author_id: input.author_user_id,
            author_name: input.author_user_id !== null ? '' : input.author_name,
            content,
            summary: summaryOf(content, JOURNAL_RULE.articleTitleMax + 100),
            updated_at: now,
          };
          let articleId = input.tea_id;
          if (articleId !== undefined) {
            const before = await repo.article(trx, articleId);
            if (!before || before.issue_id !== input.teb_id)
              throw ApiError.notFound('journalAdmin.api.articleNotFound');
            await repo.updateArticle(trx, articleId, { ...values, sort: input.tea_sort ?? before.sort });
            await audited(trx, site, actorId, 'journal.articleSave', 'journal_article', articleId, request, {
              before: {
                title: before.title,
                sort: before.sort,
                author_id: before.author_id,
                author_name: before.author_name,
              },
              after: {
                title: values.title,
                sort: input.tea_sort ?? before.sort,
                author_id: values.author_id,
                author_name: values.author_name,
              },
            });
          } else {
            // Placed from an accepted submission: its author is the member who submitted it.
            const submission =
              input.teba_id !== undefined ? await placeableSubmission(trx, site, input.teba_id) : undefined;
            if (submission) Object.assign(values, { author_id: submission.author_id, author_name: '' });
            const sort = input.tea_sort ?? (await repo.maxArticleSort(trx, input.teb_id)) + 1;
            articleId = await repo.insertArticle(trx, {
              ...values,
              issue_id: input.teb_id,
              sort,
              submission_id: submission?.id ?? null,
              created_at: now,
            });
            await audited(trx, site, actorId, 'journal.articleSave', 'journal_article', articleId, request, {
              after: {
                title: values.title,
                sort,
                author_id: values.author_id,
                author_name: values.author_name,
                ...(submission ? { submission_id: submission.id } : {}),
              },
            });
          }
          await linkAttachments(trx, { refs: attachmentsAddressedIn(content) }, now);
          await repo.updateIssue(trx, input.teb_id, { updated_at: now });
          return articleId;
        })
        .catch((error: unknown) => {
          // Two editors placed the same submission at once: the unique submission_id let one in.
          if (input.teba_id !== undefined && isUniqueViolation(error))
            throw ApiError.refused('journalAdmin.api.submissionPlaced', {}, { field: 'teba_id' });
          throw error;
        });
      const row = await repo.article(db, id);
      return articleView(site, row!);
    },

    async deleteArticle(site: Site, actorId: number, id: number, request: Request) {
      await db.transaction().execute(async (trx) => {
        const row = await repo.article(trx, id);
        if (!row) throw ApiError.notFound('journalAdmin.api.articleNotFound');
        await ownIssue(trx, site, row.issue_id);
        await repo.deleteArticle(trx, id);
        await audited(trx, site, actorId, 'journal.articleDelete', 'journal_article', id, request, {
          before: { title: row.title, issue_id: row.issue_id },
        });
      });
      return null;
    },

    async stats(site: Site, issueId: number) {
      const issue = await ownIssue(db, site, issueId);
      const today = Math.floor(clock.now() / DAY_MS);
      const since = today - JOURNAL_RULE.statsDays + 1;
      const rows = new Map((await repo.dailyCounts(issueId, since)).map((r) => [Number(r.day), r]));
      const days = [];
      for (let d = since; d <= today; d++) {
        const r = rows.get(d);
        days.push({
          day: new Date(d * DAY_MS).toISOString().slice(0, 10),
          reads: Number(r?.reads ?? 0),
          downloads: Number(r?.downloads ?? 0),
        });
      }
      return {
        read_count: Number(issue.read_count),
        download_count: Number(issue.download_count),
        article_count: Number(issue.article_count ?? 0),
        days,
      };
    },
  };
}
