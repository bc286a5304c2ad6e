import type { Kysely } from 'kysely';
import { EXPERT_FLAG, POST_SOURCE_DEFAULT, REVIEW_STATUS } from '@portal/contracts/constants';
import {
  POST_RULE,
  postBoardIssue,
  type MyPost,
  type PostDetail,
  type PostSort,
  type PostType,
} from '@portal/contracts/discussions';
import type { PostSummary, UserBrief } from '@portal/contracts/home';
import { isBlankRichText } from '@portal/contracts/rich-text';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import { SITES, siteById, type Site } from '@portal/contracts/sites';
import { attachmentAddress, attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText, summaryOf as plainSummary } from '../../lib/sanitize';
import type { Executor } from '../../db/executor';
import { award, takeBack } from '../../platform/points/points.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import { readSiteSettings } from '../../platform/settings/settings.service';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import type { RemoteImages } from '../../platform/uploads/remote-images';
import { discussionsRepository, type PostRow } from './discussions.repository';
import { commentsService, isPostStaff } from './comments.service';

export { isPostStaff };
import { hotScore } from './hot-score';
import type { ViewCounter } from '../../lib/view-counter';
import { refreshSearch } from '../../platform/search/search-index';
import { postSearchSource } from './discussions.search';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const { pending: PENDING, approved: PUBLISHED, rejected: REJECTED, withdrawn: WITHDRAWN } = REVIEW_STATUS;

interface Clock {
  now(): number;
}

/** The body of post/add and post/edit after the contract's schema. */
export interface PostFormInput {
  tp_title: string;
  tp_hy_dd_id: number;
  tp_cj_dd_id: number;
  tp_content: string;
  tp_source: number;
  tp_type: PostType;
  tp_board_id?: number | null;
  tp_annex: number[];
  other_lang: number[];
}

/** The plain-text start of sanitised HTML, for lists and the description meta. */
export function summaryOf(html: string): string {
  return plainSummary(html, POST_RULE.summaryMax);
}

const isPublic = (p: Pick<PostRow, 'status' | 'hidden' | 'deleted_at'>) =>
  p.status === PUBLISHED && p.hidden === 0 && p.deleted_at === null;

function missingAuthor(id: number): UserBrief {
  return {
    user_id: id,
    user_nick_name: '',
    user_avatar_att_url: '',
    user_points_level: 1,
    user_logo_arr: [],
    user_medal: 0,
  };
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof discussionsRepository>['listPage']>>[number];

/**
 * Posts: the form's lists, publishing (with linked language versions and review), editing,
 * withdrawing and deleting one's own, the list and the detail, likes, favourites, accepted answers
 * and the author's own list.
 */
export function discussionsService(
  db: Kysely<DB>,
  views: ViewCounter,
  clock: Clock = { now: Date.now },
  remote?: RemoteImages,
) {
  const repo = discussionsRepository(db);
  const comments = commentsService(db, clock);

  /**
   * The form with its remote pictures copied into storage (or dropped, counted): done before any
   * transaction, since fetching takes seconds.
   */
  async function withOwnImages(site: Site, authorId: number, form: PostFormInput, mayEdit?: () => Promise<unknown>) {
    if (!remote || !/<img/i.test(form.tp_content)) return { form, dropped: 0 };
    await mayEdit?.();
    const copied = await remote.copyInto(sanitizeRichText(form.tp_content), authorId, site.tws_id);
    return { form: { ...form, tp_content: copied.html }, dropped: copied.dropped };
  }

  async function summaries(rows: SummaryRow[], siteId: number): Promise<PostSummary[]> {
    const authors = await memberBriefs(
      db,
      rows.map((p) => p.author_id),
      siteId,
    );
    return rows.map((p) => ({
      tp_id: p.id,
      tws_id: p.site_id,
      tp_title: p.title,
      tp_summary: p.summary,
      tp_type: p.type,
      tp_board_id: p.board_id,
      tp_hy_dd_id: p.industry_id,
      tp_cj_dd_id: p.scene_id,
      is_expert: p.is_expert,
      is_pinned: p.pinned_at !== null,
      is_featured: p.featured === 1,
      is_locked: p.locked === 1,
      has_accepted: p.accepted_comment_id !== null,
      create_time: iso(p.created_at),
      last_activity_time: iso(p.last_activity_at),
      view_count: p.view_count + views.pendingFor(p.id),
      like_count: p.like_count,
      favourite_count: p.favourite_count,
      comment_count: p.comment_count,
      answer_count: p.answer_count,
      author: authors.get(p.author_id) ?? missingAuthor(p.author_id),
    }));
  }

  /**
   * Checks the form against this site's dictionaries and the author's attachments; answers the
   * entries' codes (to map linked versions) and the sanitised content.
   */
  async function checkForm(executor: Executor, site: Site, authorId: number, form: PostFormInput) {
    const boardId = form.tp_board_id ?? null;
    const ids = [form.tp_hy_dd_id, form.tp_cj_dd_id, ...(boardId !== null ? [boardId] : [])];
    const [entries, siteBoards, settings] = await Promise.all([
      repo.dictionaryEntries(executor, site.tws_id, ids, form.tp_source),
      // Only a post without a board needs to know whether the site has any; a named board is
      // looked up with the other entries.
      boardId === null ? repo.boardIds(executor, site.tws_id) : null,
      readSiteSettings(executor, site.tws_id),
    ]);
    const entry = (id: number, kind: string) => entries.find((e) => e.id === id && e.kind === kind);
    const industry = entry(form.tp_hy_dd_id, 'industry');
    if (!industry) throw invalidField(site.lang, 'tp_hy_dd_id', 'discuss.api.industryNotFound');
    const scene = entry(form.tp_cj_dd_id, 'scene');
    if (!scene) throw invalidField(site.lang, 'tp_cj_dd_id', 'discuss.api.sceneNotFound');
    // Decision 024: a site with boards files every post under one of them.
    const boards = siteBoards ?? entries.filter((e) => e.kind === 'board').map((e) => Number(e.id));
    const boardIssue = postBoardIssue(boards, boardId);
    if (boardIssue) throw invalidField(site.lang, 'tp_board_id', boardIssue);
    const board = boardId !== null ? entry(boardId, 'board') : undefined;
    const sourceKnown = entries.some((e) => e.kind === 'source' && e.value === form.tp_source);
    if (!sourceKnown && form.tp_source !== POST_SOURCE_DEFAULT) {
      throw invalidField(site.lang, 'tp_source', 'discuss.api.sourceNotFound');
    }
    const content = sanitizeRichText(form.tp_content);
    if (isBlankRichText(content)) throw invalidField(site.lang, 'tp_content', 'postForm.contentInvalid');
    const annex = [...new Set(form.tp_annex)];
    const limit = settings.file_config.fileLimit;
    if (annex.length > limit) throw invalidField(site.lang, 'tp_annex', 'discuss.api.annexTooMany', { n: limit });
    const owned = await repo.ownedAttachments(executor, authorId, annex);
    if (owned.length !== annex.length) throw invalidField(site.lang, 'tp_annex', 'discuss.api.annexNotYours');
    return {
      content,
      annex,
      /** Every attachment the post uses: its list and what its content shows or links to. */
      uses: { ids: annex, refs: attachmentsAddressedIn(content) },
      boardId,
      codes: { industry: industry.value, scene: scene.value, board: board?.value ?? null },
      reviewOn: settings.review.post_review,
    };
  }

  async function reviewOnIn(executor: Executor, siteId: number): Promise<boolean> {
    return (await readSiteSettings(executor, siteId)).review.post_review;
  }

  /** A post the viewer may act on as its author: 404 when unknown or deleted, 403 when someone else's. */
  async function ownPost(executor: Executor, site: Site, userId: number, postId: number): Promise<PostRow> {
    const post = await repo.find(executor, postId);
    if (!post || post.site_id !== site.tws_id || post.deleted_at !== null) {
      throw ApiError.notFound('discuss.api.postNotFound');
    }
    if (post.author_id !== userId) throw ApiError.forbidden('discuss.api.notYourPost');
    return post;
  }

  /** A public post of the site (likes, favourites, comments): 404 otherwise. */
  async function publicPost(executor: Executor, site: Site, postId: number): Promise<PostRow> {
    const post = await repo.find(executor, postId);
    if (!post || post.site_id !== site.tws_id || !isPublic(post)) throw ApiError.notFound('discuss.api.postNotFound');
    return post;
  }

  return {
    comments,
    publicPost,

    async formConfig(site: Site, viewer: SignedInMember | null) {
      const [dicts, settings, expert] = await Promise.all([
        db
          .selectFrom('dictionaries')
          .select(['id', 'kind', 'label', 'value'])
          .where('site_id', '=', site.tws_id)
          .where('kind', 'in', ['industry', 'scene', 'source', 'board'])
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        readSiteSettings(db, site.tws_id),
        viewer ? repo.userExpert(db, viewer.id) : Promise.resolve<number>(EXPERT_FLAG.normal),
      ]);
      const byId = (kind: string) => dicts.filter((d) => d.kind === kind).map((d) => ({ label: d.label, value: d.id }));
      return {
        post_ins_list: byId('industry'),
        post_scene_list: byId('scene'),
        post_source_list: dicts.filter((d) => d.kind === 'source').map((d) => ({ label: d.label, value: d.value })),
        post_board_list: byId('board'),
        other_lang: SITES.filter((s) => s.tws_id !== site.tws_id).map((s) => ({
          tws_id: s.tws_id,
          tws_name: s.tws_name,
        })),
        user_expert: expert,
        source_default: POST_SOURCE_DEFAULT,
        file_limit: settings.file_config.fileLimit,
      };
    },

    /**
     * Publishes a post and its linked language versions in one transaction. Each version's status
     * follows its own site's review switch (10 into the queue, else 20 with the author's points).
     */
    async add(site: Site, authorId: number, submitted: PostFormInput) {
      const { form, dropped } = await withOwnImages(site, authorId, submitted);
      const others = [...new Set(form.other_lang)];
      for (const id of others) {
        if (id === site.tws_id || !siteById(id))
          throw invalidField(site.lang, 'other_lang', 'discuss.api.otherLangUnknown');
      }
      const now = clock.now();
      // The checks only read (this site's dictionaries, the author's attachments and expert flag, the
      // other sites' entries and review switches): done before the transaction, which then only writes.
      const [checked, expert] = await Promise.all([checkForm(db, site, authorId, form), repo.userExpert(db, authorId)]);
      const versions = await Promise.all(
        others.map(async (otherId) => {
          const wanted = [
            { kind: 'industry', value: checked.codes.industry },
            { kind: 'scene', value: checked.codes.scene },
            ...(checked.codes.board !== null ? [{ kind: 'board', value: checked.codes.board }] : []),
          ];
          const [mapped, reviewOn] = await Promise.all([
            repo.entriesByCode(db, otherId, wanted),
            reviewOnIn(db, otherId),
          ]);
          const code = (kind: string, value: number | null) =>
            value === null ? null : (mapped.find((m) => m.kind === kind && m.value === value)?.id ?? null);
          return {
            siteId: otherId,
            reviewOn,
            fields: {
              industry: code('industry', checked.codes.industry),
              scene: code('scene', checked.codes.scene),
              board: code('board', checked.codes.board),
            },
          };
        }),
      );
      return db.transaction().execute(async (trx) => {
        const isExpert = expert === EXPERT_FLAG.expert ? EXPERT_FLAG.expert : EXPERT_FLAG.normal;
        const summary = summaryOf(checked.content);
        const base = {
          author_id: authorId,
          type: form.tp_type,
          title: form.tp_title,
          summary,
          content_html: checked.content,
          source: form.tp_source,
          is_expert: isExpert,
          view_count: 0,
          created_at: now,
          updated_at: now,
          last_activity_at: now,
          hot_score: hotScore(now, { like_count: 0, comment_count: 0, favourite_count: 0 }),
        };

        const publish = async (
          siteId: number,
          fields: { industry: number | null; scene: number | null; board: number | null },
          reviewOn: boolean,
        ) => {
          const status = reviewOn ? PENDING : PUBLISHED;
          const id = await repo.insertPost(trx, {
            ...base,
            site_id: siteId,
            industry_id: fields.industry,
            scene_id: fields.scene,
            board_id: fields.board,
            status,
          });
          await repo.setAttachments(trx, id, checked.annex, false);
          await linkAttachments(trx, checked.uses, now);
          await refreshSearch(trx, postSearchSource, [id]);
          if (reviewOn) {
            await submitForReview(trx, { kind: 'post', itemId: id, siteId, authorId, title: form.tp_title, now });
          } else {
            await award(trx, {
              userId: authorId,
              siteId,
              rule: POINT_RULE.postPublished,
              source: { kind: 'post', id },
              now,
            });
          }
          return { id, status };
        };

        const main = await publish(
          site.tws_id,
          { industry: form.tp_hy_dd_id, scene: form.tp_cj_dd_id, board: checked.boardId },
          checked.reviewOn,
        );
        const linked: Array<{ tws_id: number; tp_id: number; status: number }> = [];
        for (const v of versions) {
          const version = await publish(v.siteId, v.fields, v.reviewOn);
          linked.push({ tws_id: v.siteId, tp_id: version.id, status: version.status });
        }
        if (linked.length) await repo.setLangGroup(trx, [main.id, ...linked.map((l) => l.tp_id)], main.id);
        return { tp_id: main.id, status: main.status, linked, dropped_images: dropped };
      });
    },

    /**
     * Edits the author's own post (this language version only). A rejected or withdrawn post goes
     * back into review when the site reviews posts, else it is published; a pending one stays
     * pending with its queue entry refreshed.
     */
    async edit(site: Site, authorId: number, postId: number, submitted: PostFormInput) {
      const now = clock.now();
      const { form, dropped } = await withOwnImages(site, authorId, submitted, () =>
        ownPost(db, site, authorId, postId),
      );
      return db.transaction().execute(async (trx) => {
        const post = await ownPost(trx, site, authorId, postId);
        const checked = await checkForm(trx, site, authorId, form);
        let status = post.status;
        if (post.status === REJECTED || post.status === WITHDRAWN) status = checked.reviewOn ? PENDING : PUBLISHED;
        await trx
          .updateTable('posts')
          .set({
            title: form.tp_title,
            summary: summaryOf(checked.content),
            content_html: checked.content,
            industry_id: form.tp_hy_dd_id,
            scene_id: form.tp_cj_dd_id,
            board_id: checked.boardId,
            source: form.tp_source,
            type: form.tp_type,
            status,
            updated_at: now,
          })
          .where('id', '=', post.id)
          .execute();
        await repo.setAttachments(trx, post.id, checked.annex, true);
        await linkAttachments(trx, checked.uses, now);
        await refreshSearch(trx, postSearchSource, [post.id]);
        if (status === PENDING) {
          await submitForReview(trx, {
            kind: 'post',
            itemId: post.id,
            siteId: site.tws_id,
            authorId,
            title: form.tp_title,
            now,
          });
        } else if (status === PUBLISHED && post.status !== PUBLISHED) {
          await award(trx, {
            userId: authorId,
            siteId: site.tws_id,
            rule: POINT_RULE.postPublished,
            source: { kind: 'post', id: post.id },
            now,
          });
        }
        return { tp_id: post.id, status, dropped_images: dropped };
      });
    },

    /** The author deletes their post (soft); the points it earned go back. */
    async remove(site: Site, authorId: number, postId: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const post = await ownPost(trx, site, authorId, postId);
        await trx.updateTable('posts').set({ deleted_at: now, updated_at: now }).where('id', '=', post.id).execute();
        await refreshSearch(trx, postSearchSource, [post.id]);
        await takeBack(trx, {
          userId: authorId,
          siteId: post.site_id,
          rule: POINT_RULE.postPublished,
          source: { kind: 'post', id: post.id },
          now,
        });
      });
    },

    /** The author withdraws a pending post (40); anything else is refused (201). */
    async withdraw(site: Site, authorId: number, postId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const post = await ownPost(trx, site, authorId, postId);
        const result = await trx
          .updateTable('posts')
          .set({ status: WITHDRAWN, updated_at: now })
          .where('id', '=', post.id)
          .where('status', '=', PENDING)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw ApiError.refused('discuss.api.notPending');
        await withdrawFromReview(trx, { kind: 'post', itemId: post.id, authorId, now });
        return { tp_id: post.id, status: WITHDRAWN };
      });
    },

    async list(
      site: Site,
      q: {
        cursor?: string;
        limit: number;
        tp_board_id?: number;
        tp_hy_dd_id?: number;
        tp_cj_dd_id?: number;
        tp_type?: number;
        sort: PostSort;
        with_pinned: boolean;
      },
    ) {
      const after = decodeCursor(q.cursor);
      const filter = {
        siteId: site.tws_id,
        boardId: q.tp_board_id,
        industryId: q.tp_hy_dd_id,
        sceneId: q.tp_cj_dd_id,
        type: q.tp_type,
        sort: q.sort,
        withoutPinned: q.with_pinned,
      };
      const [rows, pinnedRows] = await Promise.all([
        repo.listPage(filter, after, q.limit + 1),
        q.with_pinned && !after ? repo.pinned(filter, POST_RULE.pinnedMax) : Promise.resolve([]),
      ]);
      const page = rows.slice(0, q.limit);
      const all = await summaries([...pinnedRows, ...page], site.tws_id);
      const last = page[page.length - 1];
      const key = (p: SummaryRow) => (q.sort === 'hot' ? Number(p.hot_score) : Number(p.created_at));
      return {
        pinned: all.slice(0, pinnedRows.length),
        list: all.slice(pinnedRows.length),
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: key(last), id: last.id }) : null,
      };
    },

    /**
     * The detail: public posts for everyone (a view is counted, once per member or, for a visitor,
     * per address in the view window); an unpublished, hidden or deleted one only for staff of its
     * board, and (unless deleted) its author, as a preview; 404 otherwise.
     */
    async info(site: Site, postId: number, viewer: SignedInMember | null, address: string): Promise<PostDetail> {
      const post = await repo.detail(postId);
      if (!post || post.site_id !== site.tws_id) throw ApiError.notFound('discuss.api.postNotFound');
      const open = isPublic(post);
      const mine = viewer !== null && viewer.id === post.author_id;
      const staff = isPostStaff(viewer, post.board_id);
      if (!open && !staff && !(mine && post.deleted_at === null)) throw ApiError.notFound('discuss.api.postNotFound');
      const viewerKey = viewer ? `m${viewer.id}` : `ip${address}`;

      // In scale-out, counting the view asks Redis: alongside the detail's queries, not before them.
      const [pendingViews, attachments, authors, marks, linkedRows, accepted, states, expert] = await Promise.all([
        open ? views.add(post.id, viewerKey) : views.pendingFor(post.id),
        repo.attachmentsOf(post.id),
        memberBriefs(db, [post.author_id], site.tws_id),
        viewer ? repo.viewerMarks(post.id, viewer.id) : Promise.resolve({ liked: false, favourited: false }),
        post.lang_group_id !== null ? repo.linkedVersions(post.lang_group_id, post.id) : Promise.resolve([]),
        post.accepted_comment_id !== null
          ? comments.one(site, post.accepted_comment_id, viewer)
          : Promise.resolve(null),
        (mine || staff) && post.status === REJECTED ? reviewStates(db, 'post', [post.id]) : Promise.resolve(null),
        repo.userExpert(db, post.author_id),
      ]);
      const linked = linkedRows
        .filter((l) => isPublic(l) || (viewer !== null && l.author_id === viewer.id && l.deleted_at === null))
        .map((l) => ({ tws_id: l.site_id, tp_id: l.id, lang: siteById(l.site_id)?.lang ?? '' }));
      return {
        tp_id: post.id,
        tws_id: post.site_id,
        tp_title: post.title,
        tp_summary: post.summary,
        // Stored sanitised; sanitised again on the way out, never trusted.
        tp_content: sanitizeRichText(post.content_html),
        tp_type: post.type,
        tp_hy_dd_id: post.industry_id,
        tp_hy_name: post.industry_label ?? '',
        tp_cj_dd_id: post.scene_id,
        tp_cj_name: post.scene_label ?? '',
        tp_source: post.source,
        tp_source_name: post.source_label ?? '',
        tp_board_id: post.board_id,
        tp_board_name: post.board_label ?? '',
        tp_annex: attachments.map((a) => ({
          att_id: a.id,
          att_title: a.title,
          att_url: attachmentAddress(a.id, a.access_key),
          att_size: Number(a.size),
        })),
        is_expert: post.is_expert,
        status: post.status,
        review_reason: states?.get(post.id)?.reason ?? null,
        is_preview: !open,
        is_hidden: post.hidden === 1,
        is_pinned: post.pinned_at !== null,
        is_featured: post.featured === 1,
        is_locked: post.locked === 1,
        view_count: post.view_count + pendingViews,
        like_count: post.like_count,
        favourite_count: post.favourite_count,
        comment_count: post.comment_count,
        answer_count: post.answer_count,
        is_liked: marks.liked,
        is_favourited: marks.favourited,
        is_mine: mine,
        can_moderate: viewer !== null && holdsPermission(viewer, PERMISSIONS.postModerate, post.board_id ?? undefined),
        author: { ...(authors.get(post.author_id) ?? missingAuthor(post.author_id)), user_expert: expert },
        linked,
        accepted_comment_id: post.accepted_comment_id,
        accepted_answer: accepted,
        create_time: iso(post.created_at),
        update_time: iso(post.updated_at),
        last_activity_time: iso(post.last_activity_at),
      };
    },

    /** Toggles the member's like of a public post; exact under concurrent presses. */
    async toggleLike(site: Site, userId: number, postId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await publicPost(trx, site, postId);
        const liked = await repo.togglePair(trx, 'post_likes', postId, userId, now);
        const counts = await repo.bump(trx, postId, { likes: liked ? 1 : -1 });
        return { is_liked: liked, like_count: counts.like_count };
      });
    },

    async toggleFavourite(site: Site, userId: number, postId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await publicPost(trx, site, postId);
        const favourited = await repo.togglePair(trx, 'post_favourites', postId, userId, now);
        const counts = await repo.bump(trx, postId, { favourites: favourited ? 1 : -1 });
        return { is_favourited: favourited, favourite_count: counts.favourite_count };
      });
    },

    acceptAnswer: (site: Site, userId: number, postId: number, commentId: number) =>
      comments.accept(site, userId, postId, commentId, publicPost),

    async mine(userId: number, q: { status?: number; tp_type?: number; cursor?: string; limit: number }) {
      const after = decodeCursor(q.cursor);
      const rows = await repo.mine(userId, { status: q.status, type: q.tp_type }, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const rejected = page.filter((p) => p.status === REJECTED).map((p) => p.id);
      const states = rejected.length ? await reviewStates(db, 'post', rejected) : new Map();
      const list: MyPost[] = page.map((p) => ({
        tp_id: p.id,
        tws_id: p.site_id,
        tp_title: p.title,
        tp_type: p.type,
        status: p.status,
        review_reason: p.status === REJECTED ? (states.get(p.id)?.reason ?? '') : null,
        is_hidden: p.hidden === 1,
        view_count: p.view_count + views.pendingFor(p.id),
        like_count: p.like_count,
        comment_count: p.comment_count,
        create_time: iso(p.created_at),
        update_time: iso(p.updated_at),
      }));
      const last = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },
  };
}

export type DiscussionsService = ReturnType<typeof discussionsService>;
