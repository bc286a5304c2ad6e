import type { Kysely } from 'kysely';
import { ARTICLE_SOURCE, EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { isBlankRichText } from '@portal/contracts/rich-text';
import type { UserBrief } from '@portal/contracts/home';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import { SITES, siteById, type Site } from '@portal/contracts/sites';
import {
  TOPIC_RULE,
  TOPIC_RULE_FEATURED_MAX,
  type TopicArticleDetail,
  type TopicArticleSort,
  type TopicArticleSummary,
  type TopicDetail,
  type TopicListItem,
} from '@portal/contracts/topics';
import type { MyArticle } from '@portal/contracts/topic-articles-mine';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText, summaryOf as plainSummary } from '../../lib/sanitize';
import type { ViewCounter } from '../../lib/view-counter';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { takeBack } from '../../platform/points/points.service';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import { scopeHolders } from '../../platform/roles/scope-holders';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import type { RemoteImages } from '../../platform/uploads/remote-images';
import { ARTICLE_POINTS_KIND } from './article-review-kind';
import { topicsRepository, type ArticleRow } from './topics.repository';
import { refreshSearch } from '../../platform/search/search-index';
import { articleSearchSource } from './topics.search';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const { pending: PENDING, approved: APPROVED, rejected: REJECTED, withdrawn: WITHDRAWN } = REVIEW_STATUS;

/** The body of articleAdd / articleEdit after the contract's schema. */
export interface ArticleFormInput {
  ttar_title: string;
  tt_id: number;
  ttar_source: number;
  ttar_source_url: string;
  ttar_content: string;
  other_lang: number[];
}

/** The plain-text start of sanitised HTML, for lists and the description meta. */
export function summaryOf(html: string): string {
  return plainSummary(html, TOPIC_RULE.summaryMax);
}

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

export const isPublic = (a: Pick<ArticleRow, 'status' | 'deleted_at'>) =>
  a.status === APPROVED && a.deleted_at === null;

/** Whether a member reviews a topic's articles: its hosts, and staff with review.article on the site. */
export function reviewsTopic(user: SignedInMember | null, topicId: number): boolean {
  return user !== null && holdsPermission(user, PERMISSIONS.reviewArticle, topicId);
}

/**
 * Topics and their articles: the list, a topic with its hosts, its approved articles, following;
 * the article form's lists, submitting (with linked language versions, each reviewed on its own
 * site), editing and resubmitting, withdrawing while pending, deleting (the points go back), the
 * article's page with likes, favourites and views.
 */
export function topicsService(
  db: Kysely<DB>,
  views: ViewCounter,
  clock: { now(): number } = { now: Date.now },
  remote?: RemoteImages,
) {
  const repo = topicsRepository(db);

  async function hostsOf(siteId: number, topicIds: number[]) {
    const holders = await scopeHolders(db, { scopeKind: 'topic', siteId, scopeIds: topicIds });
    const briefs = await memberBriefs(db, [...holders.values()].flat(), siteId);
    return (topicId: number) =>
      (holders.get(topicId) ?? []).map((id) => briefs.get(id)).filter((b): b is UserBrief => b !== undefined);
  }

  async function topicOf(executor: Executor, site: Site, topicId: number) {
    const topic = await repo.find(executor, topicId);
    if (!topic || topic.site_id !== site.tws_id) throw ApiError.notFound('topics.api.topicNotFound');
    return topic;
  }

  /** The form with its remote pictures copied into storage (or dropped, counted), before any transaction. */
  async function withOwnImages(site: Site, authorId: number, form: ArticleFormInput) {
    if (!remote || !/<img/i.test(form.ttar_content)) return { form, dropped: 0 };
    const copied = await remote.copyInto(sanitizeRichText(form.ttar_content), authorId, site.tws_id);
    return { form: { ...form, ttar_content: copied.html }, dropped: copied.dropped };
  }

  /** Checks the form against this site's topics and sources; answers the sanitised content. */
  async function checkForm(executor: Executor, site: Site, form: ArticleFormInput) {
    const topic = await repo.find(executor, form.tt_id);
    if (!topic || topic.site_id !== site.tws_id || topic.archived_at !== null) {
      throw invalidField(site.lang, 'tt_id', 'topicForm.topicRequired');
    }
    const known =
      form.ttar_source === ARTICLE_SOURCE.original ||
      form.ttar_source === ARTICLE_SOURCE.reprint ||
      (await repo.sourceEntries(executor, site.tws_id)).some((e) => e.value === form.ttar_source);
    if (!known) throw invalidField(site.lang, 'ttar_source', 'topics.api.sourceNotFound');
    const content = sanitizeRichText(form.ttar_content);
    if (isBlankRichText(content)) throw invalidField(site.lang, 'ttar_content', 'topicForm.contentInvalid');
    return {
      topic,
      content,
      sourceUrl: form.ttar_source === ARTICLE_SOURCE.reprint ? form.ttar_source_url : '',
      refs: attachmentsAddressedIn(content),
    };
  }

  /** An article the viewer may act on as its author: 404 when unknown or deleted, 403 when someone else's. */
  async function ownArticle(executor: Executor, site: Site, userId: number, articleId: number) {
    const article = await repo.findArticle(executor, articleId);
    if (!article || article.site_id !== site.tws_id || article.deleted_at !== null) {
      throw ApiError.notFound('topics.api.articleNotFound');
    }
    if (article.author_id !== userId) throw ApiError.forbidden('topics.api.notYourArticle');
    return article;
  }

  async function publicArticle(executor: Executor, site: Site, articleId: number) {
    const article = await repo.findArticle(executor, articleId);
    if (!article || article.site_id !== site.tws_id || !isPublic(article)) {
      throw ApiError.notFound('topics.api.articleNotFound');
    }
    return article;
  }

  return {
    /** The home page's block. */
    homeList: (site: Site, limit: number) => repo.list(site.tws_id, limit),

    async list(site: Site, q: { cursor?: string; limit: number }) {
      const after = decodeCursor(q.cursor);
      const rows = await repo.page(site.tws_id, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const ids = page.map((t) => t.id);
      const [hosts, latest] = await Promise.all([hostsOf(site.tws_id, ids), repo.latestOf(ids)]);
      const list: TopicListItem[] = page.map((t) => {
        const last = latest.find((a) => a.topic_id === t.id);
        return {
          tt_id: t.id,
          tws_id: t.site_id,
          tt_title: t.title,
          tt_desc: t.description,
          tt_cover_url: t.cover_url,
          tt_article_count: t.article_count,
          tt_follower_count: t.follower_count,
          hosts: hosts(t.id),
          latest_article: last
            ? { ttar_id: last.id, ttar_title: last.title, publish_time: iso(last.published_at ?? 0) }
            : null,
        };
      });
      const tail = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > q.limit && tail ? encodeCursor({ at: tail.sort, id: tail.id }) : null,
      };
    },

    async topic(site: Site, topicId: number, viewer: SignedInMember | null): Promise<TopicDetail> {
      const topic = await topicOf(db, site, topicId);
      const [hosts, latest, followed, featured] = await Promise.all([
        hostsOf(site.tws_id, [topic.id]),
        repo.latestOf([topic.id]),
        viewer ? repo.isFollowing(topic.id, viewer.id) : Promise.resolve(false),
        repo.featuredOf(topic.id, TOPIC_RULE_FEATURED_MAX),
      ]);
      const last = latest[0];
      return {
        tt_id: topic.id,
        tws_id: topic.site_id,
        tt_title: topic.title,
        tt_desc: topic.description,
        tt_cover_url: topic.cover_url,
        tt_article_count: topic.article_count,
        tt_follower_count: topic.follower_count,
        hosts: hosts(topic.id),
        latest_article: last
          ? { ttar_id: last.id, ttar_title: last.title, publish_time: iso(last.published_at ?? 0) }
          : null,
        is_followed: followed,
        featured: featured.map((a) => ({ ttar_id: a.id, ttar_title: a.title })),
        is_host:
          viewer !== null && !viewer.banned && (viewer.scoped.get(PERMISSIONS.reviewArticle)?.has(topic.id) ?? false),
      };
    },

    async articles(site: Site, q: { tt_id: number; sort: TopicArticleSort; cursor?: string; limit: number }) {
      const topic = await topicOf(db, site, q.tt_id);
      const after = decodeCursor(q.cursor);
      const rows = await repo.articlesPage(topic.id, q.sort, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const authors = await memberBriefs(
        db,
        page.map((a) => a.author_id),
        site.tws_id,
      );
      const list: TopicArticleSummary[] = page.map((a) => ({
        ttar_id: a.id,
        tt_id: a.topic_id,
        ttar_title: a.title,
        ttar_summary: summaryOf(a.content_html),
        ttar_source: a.source,
        is_expert: a.is_expert,
        view_count: a.view_count + views.pendingFor(a.id),
        like_count: a.like_count,
        favourite_count: a.favourite_count,
        publish_time: iso(a.published_at ?? a.created_at),
        author: authors.get(a.author_id) ?? missingAuthor(a.author_id),
      }));
      const last = page[page.length - 1];
      const key = (a: (typeof page)[number]) => (q.sort === 'hot' ? a.like_count : Number(a.published_at ?? 0));
      return {
        list,
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: key(last), id: last.id }) : null,
      };
    },

    /** Follows or unfollows a topic; the count moves in SQL, exact under concurrent presses. */
    async toggleFollow(site: Site, userId: number, topicId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const topic = await topicOf(trx, site, topicId);
        const followed = await repo.togglePair(trx, { table: 'topic_follows', key: 'topic_id' }, topic.id, userId, now);
        const count = await repo.bumpFollowers(trx, topic.id, followed ? 1 : -1);
        return { is_followed: followed, tt_follower_count: count };
      });
    },

    async formConfig(site: Site, viewer: SignedInMember | null) {
      const [topics, sources, expert] = await Promise.all([
        repo.all(site.tws_id),
        repo.sourceEntries(db, site.tws_id),
        viewer ? repo.userExpert(db, viewer.id) : Promise.resolve<number>(EXPERT_FLAG.normal),
      ]);
      const t = (key: 'original' | 'reprint') => translate(site.lang, `topics.ui.${key}`);
      return {
        topic_list: topics.map((x) => ({ tt_id: x.id, tt_title: x.title })),
        // Spec 3: 10 original, 20 reprint, or the server's list (the site's source dictionary).
        article_source_list: sources.length
          ? sources.map((s) => ({ label: s.label, value: s.value }))
          : [
              { label: t('original'), value: ARTICLE_SOURCE.original },
              { label: t('reprint'), value: ARTICLE_SOURCE.reprint },
            ],
        other_lang: SITES.filter((s) => s.tws_id !== site.tws_id).map((s) => ({
          tws_id: s.tws_id,
          tws_name: s.tws_name,
        })),
        user_expert: expert,
        source_default: ARTICLE_SOURCE.original,
      };
    },

    /**
     * Submits an article and its linked language versions in one transaction, each pending in the
     * review queue of its own site, filed under the topic's version on that site.
     */
    async add(site: Site, authorId: number, submitted: ArticleFormInput) {
      const others = [...new Set(submitted.other_lang)];
      for (const otherId of others) {
        if (otherId === site.tws_id || !siteById(otherId)) {
          throw invalidField(site.lang, 'other_lang', 'topics.api.otherLangUnknown');
        }
      }
      const checked = await checkForm(db, site, submitted);
      const versions: Array<{ siteId: number; topicId: number }> = [];
      for (const otherId of others) {
        const there =
          checked.topic.lang_group_id === null
            ? undefined
            : await repo.versionOn(db, checked.topic.lang_group_id, otherId);
        if (!there) throw invalidField(site.lang, 'other_lang', 'topics.api.otherLangNoTopic');
        versions.push({ siteId: otherId, topicId: there.id });
      }
      const { form, dropped } = await withOwnImages(site, authorId, submitted);
      const content = form === submitted ? checked.content : sanitizeRichText(form.ttar_content);
      const refs = attachmentsAddressedIn(content);
      const expert = await repo.userExpert(db, authorId);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const base = {
          author_id: authorId,
          title: form.ttar_title,
          content_html: content,
          source: form.ttar_source,
          source_url: checked.sourceUrl,
          // Spec 5: an expert's article carries is_expert 20.
          is_expert: expert === EXPERT_FLAG.expert ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
          status: PENDING,
          created_at: now,
          updated_at: now,
        };
        const submit = async (siteId: number, topicId: number) => {
          const id = await repo.insertArticle(trx, { ...base, site_id: siteId, topic_id: topicId });
          await submitForReview(trx, { kind: 'article', itemId: id, siteId, authorId, title: form.ttar_title, now });
          return id;
        };
        const mainId = await submit(site.tws_id, checked.topic.id);
        const linked: Array<{ tws_id: number; ttar_id: number; status: number }> = [];
        for (const v of versions) {
          linked.push({ tws_id: v.siteId, ttar_id: await submit(v.siteId, v.topicId), status: PENDING });
        }
        if (linked.length) await repo.setLangGroup(trx, [mainId, ...linked.map((l) => l.ttar_id)], mainId);
        await linkAttachments(trx, { refs }, now);
        return { ttar_id: mainId, status: PENDING, linked, dropped_images: dropped };
      });
    },

    /**
     * Edits the author's own article (this language version only) and puts it back into review: a
     * rejected or withdrawn article is resubmitted; an approved one leaves its topic until approved
     * again (its points stay: they are awarded once per article).
     */
    async edit(site: Site, authorId: number, articleId: number, submitted: ArticleFormInput) {
      await ownArticle(db, site, authorId, articleId);
      const { form, dropped } = await withOwnImages(site, authorId, submitted);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const article = await ownArticle(trx, site, authorId, articleId);
        const checked = await checkForm(trx, site, form);
        await trx
          .updateTable('topic_articles')
          .set({
            title: form.ttar_title,
            topic_id: checked.topic.id,
            content_html: checked.content,
            source: form.ttar_source,
            source_url: checked.sourceUrl,
            status: PENDING,
            updated_at: now,
          })
          .where('id', '=', article.id)
          .execute();
        if (article.status === APPROVED) await repo.bumpArticleCount(trx, article.topic_id, -1);
        await refreshSearch(trx, articleSearchSource, [article.id]);
        await submitForReview(trx, {
          kind: 'article',
          itemId: article.id,
          siteId: site.tws_id,
          authorId,
          title: form.ttar_title,
          now,
        });
        await linkAttachments(trx, { refs: checked.refs }, now);
        return { ttar_id: article.id, status: PENDING, dropped_images: dropped };
      });
    },

    /** The author withdraws a pending article (40); anything else is refused (201). */
    async withdraw(site: Site, authorId: number, articleId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const article = await ownArticle(trx, site, authorId, articleId);
        const result = await trx
          .updateTable('topic_articles')
          .set({ status: WITHDRAWN, updated_at: now })
          .where('id', '=', article.id)
          .where('status', '=', PENDING)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw ApiError.refused('topics.api.notPending');
        await withdrawFromReview(trx, { kind: 'article', itemId: article.id, authorId, now });
        return { ttar_id: article.id, status: WITHDRAWN };
      });
    },

    /** The author deletes their article (soft); an approved one leaves its topic and its points go back. */
    async remove(site: Site, authorId: number, articleId: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const article = await ownArticle(trx, site, authorId, articleId);
        await trx
          .updateTable('topic_articles')
          .set({ deleted_at: now, updated_at: now })
          .where('id', '=', article.id)
          .execute();
        await refreshSearch(trx, articleSearchSource, [article.id]);
        if (article.status === APPROVED) await repo.bumpArticleCount(trx, article.topic_id, -1);
        // A pending article leaves the queue as the author's withdrawal would.
        if (article.status === PENDING) {
          await withdrawFromReview(trx, { kind: 'article', itemId: article.id, authorId, now });
        }
        await takeBack(trx, {
          userId: authorId,
          siteId: article.site_id,
          rule: POINT_RULE.topicArticleApproved,
          source: { kind: ARTICLE_POINTS_KIND, id: article.id },
          now,
        });
      });
    },

    /**
     * The article's page: public once approved (a view is counted, once per member or, for a
     * visitor, per address in the view window); otherwise its author (unless deleted) and the
     * topic's reviewers see it as a preview; 404 for anyone else.
     */
    async article(site: Site, articleId: number, viewer: SignedInMember | null, address: string) {
      const article = await repo.articleDetail(articleId);
      if (!article || article.site_id !== site.tws_id) throw ApiError.notFound('topics.api.articleNotFound');
      const open = isPublic(article);
      const mine = viewer !== null && viewer.id === article.author_id;
      const reviewer = reviewsTopic(viewer, article.topic_id);
      const visible = open || (article.deleted_at === null && (mine || reviewer));
      if (!visible) throw ApiError.notFound('topics.api.articleNotFound');
      const viewerKey = viewer ? `m${viewer.id}` : `ip${address}`;
      const [pendingViews, authors, marks, linkedRows, states, expert] = await Promise.all([
        open ? views.add(article.id, viewerKey) : Promise.resolve(views.pendingFor(article.id)),
        memberBriefs(db, [article.author_id], site.tws_id),
        viewer ? repo.viewerMarks(article.id, viewer.id) : Promise.resolve({ liked: false, favourited: false }),
        article.lang_group_id !== null ? repo.linkedVersions(article.lang_group_id, article.id) : Promise.resolve([]),
        (mine || reviewer) && article.status === REJECTED
          ? reviewStates(db, 'article', [article.id])
          : Promise.resolve(null),
        repo.userExpert(db, article.author_id),
      ]);
      const linked = linkedRows
        .filter((l) => isPublic(l) || (viewer !== null && l.author_id === viewer.id && l.deleted_at === null))
        .map((l) => ({ tws_id: l.site_id, ttar_id: l.id, lang: siteById(l.site_id)?.lang ?? '' }));
      const sourceName =
        article.source_label ??
        (article.source === ARTICLE_SOURCE.reprint
          ? translate(site.lang, 'topics.ui.reprint')
          : translate(site.lang, 'topics.ui.original'));
      const detail: TopicArticleDetail = {
        ttar_id: article.id,
        tws_id: article.site_id,
        tt_id: article.topic_id,
        tt_title: article.topic_title,
        ttar_title: article.title,
        ttar_summary: summaryOf(article.content_html),
        // Stored sanitised; sanitised again on the way out, never trusted.
        ttar_content: sanitizeRichText(article.content_html),
        ttar_source: article.source,
        ttar_source_name: sourceName,
        ttar_source_url: article.source_url,
        is_expert: article.is_expert,
        status: article.status,
        review_reason: states?.get(article.id)?.reason ?? null,
        is_preview: !open,
        is_mine: mine,
        can_moderate: reviewer,
        view_count: article.view_count + pendingViews,
        like_count: article.like_count,
        favourite_count: article.favourite_count,
        comment_count: article.comment_count,
        is_liked: marks.liked,
        is_favourited: marks.favourited,
        author: { ...(authors.get(article.author_id) ?? missingAuthor(article.author_id)), user_expert: expert },
        linked,
        publish_time: article.published_at === null ? null : iso(article.published_at),
        create_time: iso(article.created_at),
        update_time: iso(article.updated_at),
      };
      return detail;
    },

    /** The author's own articles on every site (personal centre), with a rejection's reason. */
    async mine(userId: number, q: { cursor?: string; limit: number }) {
      const after = decodeCursor(q.cursor);
      const rows = await repo.mine(userId, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const rejected = page.filter((a) => a.status === REJECTED).map((a) => a.id);
      const states = rejected.length
        ? await reviewStates(db, 'article', rejected)
        : new Map<number, { reason: string }>();
      const list: MyArticle[] = page.map((a) => ({
        ttar_id: a.id,
        tws_id: a.site_id,
        tt_id: a.topic_id,
        tt_title: a.topic_title,
        ttar_title: a.title,
        status: a.status,
        review_reason: a.status === REJECTED ? (states.get(a.id)?.reason ?? '') : null,
        view_count: a.view_count + views.pendingFor(a.id),
        comment_count: a.comment_count,
        create_time: iso(a.created_at),
        update_time: iso(a.updated_at),
      }));
      const last = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },

    async toggleLike(site: Site, userId: number, articleId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await publicArticle(trx, site, articleId);
        const liked = await repo.togglePair(
          trx,
          { table: 'topic_article_likes', key: 'article_id' },
          articleId,
          userId,
          now,
        );
        const counts = await repo.bumpMarks(trx, articleId, { likes: liked ? 1 : -1 });
        return { is_liked: liked, like_count: counts.like_count };
      });
    },

    async toggleFavourite(site: Site, userId: number, articleId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await publicArticle(trx, site, articleId);
        const favourited = await repo.togglePair(
          trx,
          { table: 'topic_article_favourites', key: 'article_id' },
          articleId,
          userId,
          now,
        );
        const counts = await repo.bumpMarks(trx, articleId, { favourites: favourited ? 1 : -1 });
        return { is_favourited: favourited, favourite_count: counts.favourite_count };
      });
    },
  };
}

export type TopicsService = ReturnType<typeof topicsService>;
