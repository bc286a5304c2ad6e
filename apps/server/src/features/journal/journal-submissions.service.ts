import type { Kysely } from 'kysely';
import { isBlankRichText } from '@portal/contracts/rich-text';
import type { AdminJournalSubmission } from '@portal/contracts/journal-admin';
import type {
  JournalSubmissionForm,
  JournalSubmissionPreview,
  MySubmission,
} from '@portal/contracts/journal-submissions';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { REVIEW_STATUS } from '@portal/contracts/reviews';
import type { Site } from '@portal/contracts/sites';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { invalidField } from '../../http/invalid-field';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText } from '../../lib/sanitize';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { memberContact } from '../../platform/members/member-contact.repository';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import { readSiteSettings } from '../../platform/settings/settings.service';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import type { RemoteImages } from '../../platform/uploads/remote-images';
import { annexIds, annexOf, journalSubmissionsRepository } from './journal-submissions.repository';
import { authorOf } from './journal.service';

const { pending: PENDING, approved: ACCEPTED, rejected: REJECTED, withdrawn: WITHDRAWN } = REVIEW_STATUS;
/** What the author may still edit (and so resubmit): everything but an accepted submission. */
const EDITABLE = [PENDING, REJECTED, WITHDRAWN] as const;
const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The review queue's kind for submissions, and the points ledger's name for them. */
export const SUBMISSION_KIND = 'journal';
export const SUBMISSION_POINTS_KIND = 'journal_submission';

type Form = Omit<JournalSubmissionForm, 'teba_annex'> & { teba_annex: number[] };

/**
 * E-magazine submissions (issue 20 items 4, 5 and 7): a member submits an article for the editors
 * (into the one review queue), edits and resubmits it while it is not accepted, withdraws it while
 * pending, and lists their own; editors list the accepted ones to place them into issues. Deciding
 * is the review queue's (journal-review-kind.ts).
 */
export function journalSubmissionsService(db: Kysely<DB>, clock: Clock, remote?: RemoteImages) {
  const repo = journalSubmissionsRepository(db);

  /** Remote pictures copied into storage before any transaction (fetching takes seconds). */
  async function ownImages(site: Site, authorId: number, form: Form): Promise<Form> {
    if (!remote || !/<img/i.test(form.teba_content)) return form;
    const copied = await remote.copyInto(sanitizeRichText(form.teba_content), authorId, site.tws_id);
    return { ...form, teba_content: copied.html };
  }

  /**
   * Checks the form against the site's industries and fields and the author's own attachments;
   * answers the row's values. Refusals name the field (400), in the words of the form.
   */
  async function checkForm(executor: Executor, site: Site, authorId: number, form: Form) {
    const [entries, settings] = await Promise.all([
      repo.entryLabels(executor, site.tws_id, [form.teba_hy_dd_id, form.teba_cj_dd_id]),
      readSiteSettings(executor, site.tws_id),
    ]);
    if (entries.get(form.teba_hy_dd_id)?.kind !== 'industry')
      throw invalidField(site.lang, 'teba_hy_dd_id', 'journalForm.api.industryNotFound');
    if (entries.get(form.teba_cj_dd_id)?.kind !== 'scene')
      throw invalidField(site.lang, 'teba_cj_dd_id', 'journalForm.api.fieldNotFound');
    const content = sanitizeRichText(form.teba_content);
    // What the sanitiser removed (a script, an empty frame) may leave nothing to read.
    if (isBlankRichText(content)) throw invalidField(site.lang, 'teba_content', 'journalForm.contentInvalid');
    const annex = [...new Set(form.teba_annex)];
    const limit = settings.file_config.fileLimit;
    if (annex.length > limit) throw invalidField(site.lang, 'teba_annex', 'journalForm.api.annexTooMany', { n: limit });
    const owned = await repo.ownedAttachments(executor, authorId, annex);
    if (owned.length !== annex.length) throw invalidField(site.lang, 'teba_annex', 'journalForm.api.annexNotYours');
    return {
      values: {
        name: form.user_name,
        nick_name: form.user_nick_name,
        mobile: form.user_contact_mobile,
        email: form.user_contact_email,
        title: form.teba_title,
        industry_id: form.teba_hy_dd_id,
        scene_id: form.teba_cj_dd_id,
        content,
        annex: JSON.stringify(annex),
      },
      uses: { ids: annex, refs: attachmentsAddressedIn(content) },
    };
  }

  /** The author's own submission: 404 unknown, 403 someone else's. */
  async function own(executor: Executor, authorId: number, id: number) {
    const row = await repo.find(id, executor);
    if (!row) throw ApiError.notFound('journalForm.api.notFound');
    if (row.author_id !== authorId) throw ApiError.forbidden('journalForm.api.notYours');
    return row;
  }

  return {
    async formConfig(site: Site, userId: number) {
      const [entries, settings, contact] = await Promise.all([
        repo.formEntries(site.tws_id),
        readSiteSettings(db, site.tws_id),
        memberContact(db, userId),
      ]);
      const of = (kind: string) =>
        entries.filter((e) => e.kind === kind).map((e) => ({ label: e.label, value: Number(e.id) }));
      return {
        industry_list: of('industry'),
        field_list: of('scene'),
        file_limit: settings.file_config.fileLimit,
        profile: {
          user_name: contact?.name ?? '',
          user_nick_name: contact?.nick ?? '',
          user_contact_mobile: contact?.mobile ?? '',
          user_contact_email: contact?.email ?? '',
        },
      };
    },

    /** A new submission, pending review: the row and its queue row in one transaction. */
    async add(site: Site, authorId: number, submitted: Form) {
      const form = await ownImages(site, authorId, submitted);
      const checked = await checkForm(db, site, authorId, form);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, {
          ...checked.values,
          site_id: site.tws_id,
          author_id: authorId,
          status: PENDING,
          created_at: now,
          updated_at: now,
        });
        await linkAttachments(trx, checked.uses, now);
        await submitForReview(trx, {
          kind: SUBMISSION_KIND,
          itemId: id,
          siteId: site.tws_id,
          authorId,
          title: form.teba_title,
          now,
        });
        return { teba_id: id, status: PENDING };
      });
    },

    /**
     * The author edits a pending, rejected or withdrawn submission of this site: it goes back to
     * review (10). The queue row is written first and the submission only if it is still not
     * accepted, in one transaction, so an editor's acceptance at the same moment either comes first
     * (and the edit is refused, nothing written) or decides the edited text; both touch the queue
     * row before the submission, so neither waits on the other in the opposite order.
     */
    async edit(site: Site, authorId: number, id: number, submitted: Form) {
      const before = await own(db, authorId, id);
      if (before.site_id !== site.tws_id) throw ApiError.notFound('journalForm.api.notFound');
      if (before.status === ACCEPTED) throw ApiError.refused('journalForm.api.notEditable');
      const form = await ownImages(site, authorId, submitted);
      const checked = await checkForm(db, site, authorId, form);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await submitForReview(trx, {
          kind: SUBMISSION_KIND,
          itemId: id,
          siteId: site.tws_id,
          authorId,
          title: form.teba_title,
          now,
        });
        const updated = await repo.updateIf(trx, id, EDITABLE, { ...checked.values, status: PENDING, updated_at: now });
        if (!updated) throw ApiError.refused('journalForm.api.notEditable');
        await linkAttachments(trx, checked.uses, now);
        return { teba_id: id, status: PENDING };
      });
    },

    /** The author withdraws a pending submission (40); refused once an editor decided it. */
    async withdraw(authorId: number, id: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await own(trx, authorId, id);
        const left = await withdrawFromReview(trx, { kind: SUBMISSION_KIND, itemId: id, authorId, now });
        if (!left) throw ApiError.refused('journalForm.api.notPending');
        await repo.updateIf(trx, id, [PENDING], { status: WITHDRAWN, updated_at: now });
        return { teba_id: id, status: WITHDRAWN };
      });
    },

    /** The author's submissions on every site, newest first, with a rejection's reason and the article placed. */
    async mine(authorId: number, body: { cursor?: string; limit: number }) {
      const after = decodeCursor(body.cursor);
      const rows = await repo.mine(authorId, after?.id ?? null, body.limit + 1);
      const page = rows.slice(0, body.limit);
      const ids = page.map((r) => r.id);
      const [states, placed] = await Promise.all([reviewStates(db, SUBMISSION_KIND, ids), repo.placedFrom(ids)]);
      const articleOf = new Map(placed.map((a) => [a.submission_id, { teb_id: a.issue_id, tea_id: a.id }]));
      const last = page.at(-1);
      return {
        list: page.map(
          (r): MySubmission => ({
            teba_id: r.id,
            tws_id: r.site_id,
            teba_title: r.title,
            status: r.status,
            review_reason: r.status === REJECTED ? (states.get(r.id)?.reason ?? '') : null,
            article: articleOf.get(r.id) ?? null,
            create_time: iso(r.created_at),
            update_time: iso(r.updated_at),
          }),
        ),
        next_cursor: rows.length > body.limit && last ? encodeCursor({ at: 0, id: last.id }) : null,
      };
    },

    /** The author's own submission as the form holds it. */
    async info(authorId: number, id: number) {
      const row = await own(db, authorId, id);
      const ids = annexIds(row.annex);
      const [states, attachments] = await Promise.all([
        reviewStates(db, SUBMISSION_KIND, [row.id]),
        repo.attachments(ids),
      ]);
      return {
        teba_id: row.id,
        tws_id: row.site_id,
        status: row.status,
        review_reason: row.status === REJECTED ? (states.get(row.id)?.reason ?? '') : null,
        user_name: row.name,
        user_nick_name: row.nick_name,
        user_contact_mobile: row.mobile,
        user_contact_email: row.email,
        teba_title: row.title,
        teba_hy_dd_id: row.industry_id,
        teba_cj_dd_id: row.scene_id,
        teba_content: sanitizeRichText(row.content),
        teba_annex: annexOf(ids, attachments),
      };
    },

    /**
     * A submission as it would read online, whatever its status: for its author and the magazine's
     * editors (those who review it, those who place it into issues) only; 403 anyone else, 404 unknown.
     */
    async preview(viewer: SignedInMember, id: number): Promise<JournalSubmissionPreview> {
      const row = await repo.find(id);
      if (!row) throw ApiError.notFound('journalForm.api.notFound');
      const editor =
        holdsPermission(viewer, PERMISSIONS.reviewJournal) || holdsPermission(viewer, PERMISSIONS.journalManage);
      if (row.author_id !== viewer.id && !editor) throw ApiError.forbidden('journalForm.api.previewRefused');
      const ids = annexIds(row.annex);
      const [states, attachments, labels, briefs, placed] = await Promise.all([
        reviewStates(db, SUBMISSION_KIND, [row.id]),
        repo.attachments(ids),
        repo.entryLabels(db, row.site_id, [row.industry_id, row.scene_id]),
        memberBriefs(db, [row.author_id], row.site_id),
        repo.placedFrom([row.id]),
      ]);
      const article = placed[0];
      return {
        teba_id: row.id,
        tws_id: row.site_id,
        status: row.status,
        review_reason: row.status === REJECTED ? (states.get(row.id)?.reason ?? '') : null,
        teba_title: row.title,
        // As its article would show the author: the member's card and nickname.
        author: authorOf(row.author_id, row.nick_name, briefs),
        industry: labels.get(row.industry_id)?.label ?? '',
        field: labels.get(row.scene_id)?.label ?? '',
        // Stored sanitised; sanitised again on the way out, never trusted.
        teba_content: sanitizeRichText(row.content),
        teba_annex: annexOf(ids, attachments),
        article: article ? { teb_id: Number(article.issue_id), tea_id: Number(article.id) } : null,
        create_time: iso(row.created_at),
        update_time: iso(row.updated_at),
      };
    },

    /** The site's accepted submissions for the back office, those not placed yet unless asked. */
    async accepted(site: Site, body: { include_placed: boolean; cursor?: string; limit: number }) {
      const rows = await repo.accepted(site.tws_id, ACCEPTED, {
        includePlaced: body.include_placed,
        after: decodeCursor(body.cursor),
        limit: body.limit + 1,
      });
      const page = rows.slice(0, body.limit);
      const briefs = await memberBriefs(
        db,
        page.map((r) => r.author_id),
        site.tws_id,
      );
      const last = page.at(-1);
      return {
        list: page.map(
          (r): AdminJournalSubmission => ({
            teba_id: r.id,
            teba_title: r.title,
            teba_content: sanitizeRichText(r.content),
            author: authorOf(r.author_id, r.nick_name, briefs),
            user_name: r.name,
            accept_time: iso(r.updated_at),
            placed:
              r.article_id !== null && r.article_issue_id !== null
                ? { teb_id: r.article_issue_id, tea_id: r.article_id }
                : null,
          }),
        ),
        next_cursor:
          rows.length > body.limit && last ? encodeCursor({ at: Number(last.updated_at), id: last.id }) : null,
      };
    },
  };
}

/**
 * An accepted submission of the site that may become an article now (journal-admin.service's
 * placing): refused when it is not accepted or already placed. The article's unique
 * `submission_id` settles two editors placing it at once.
 */
export async function placeableSubmission(executor: Executor, site: Site, id: number) {
  const row = await journalSubmissionsRepository(executor).find(id);
  if (!row || row.site_id !== site.tws_id || row.status !== ACCEPTED)
    throw ApiError.refused('journalAdmin.api.submissionNotAccepted', {}, { field: 'teba_id' });
  const placed = await journalSubmissionsRepository(executor).placedFrom([id]);
  if (placed.length > 0) throw ApiError.refused('journalAdmin.api.submissionPlaced', {}, { field: 'teba_id' });
  return row;
}
