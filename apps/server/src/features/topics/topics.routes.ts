import type { FastifyInstance } from 'fastify';
import { DISCUSS_MSG } from '@portal/contracts/discussions';
import {
  adminTopicArchive,
  adminTopicCreate,
  adminTopicList,
  adminTopicReorder,
  adminTopicUpdate,
} from '@portal/contracts/topics-admin';
import { topicList } from '@portal/contracts/home';
import {
  articleCommentAdd,
  articleCommentDelete,
  articleCommentLike,
  articleCommentList,
  articleCommentReplies,
} from '@portal/contracts/topic-article-comments';
import {
  topicArticleMine,
  topicArticleMyFavourites,
  topicArticleMyInteractions,
} from '@portal/contracts/topic-articles-mine';
import { topicArticleFeature, topicHostZone } from '@portal/contracts/topic-host-zone';
import { REMOTE_IMAGES_DROPPED_MSG } from '@portal/contracts/uploads';
import {
  TOPIC_MSG,
  topicArticleAdd,
  topicArticleDelete,
  topicArticleEdit,
  topicArticleFavourite,
  topicArticleInfo,
  topicArticleLike,
  topicArticles,
  topicArticleWithdraw,
  topicFollow,
  topicFormConfig,
  topicInfo,
  topicPageList,
} from '@portal/contracts/topics';
import { registerCall } from '../../http/register-call';
import { redisViewers, viewCounter } from '../../lib/view-counter';
import type { FeatureDeps } from '../../platform/kit/feature';
import { articleCommentsService } from './article-comments.service';
import { addTopicDayViews } from './host-zone.repository';
import { hostZoneService } from './host-zone.service';
import { topicsAdminService } from './topics-admin.service';
import { topicsService } from './topics.service';
import { topicsMineService } from './topics-mine.service';

/**
 * Topics (issue 19): the home page's block, the topic list and page, following, the article form's
 * lists, submitting, editing, withdrawing and deleting one's articles, the article page with likes
 * and favourites. Views are counted as posts' are (lib/view-counter.ts), written once a second.
 */
export async function topicsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const views = viewCounter(deps.db, {
    table: 'topic_articles',
    alsoCount: addTopicDayViews,
    now: () => deps.clock.now(),
    shared: deps.redis ? redisViewers(deps.redis, `${deps.redisNameSpace}topic-views:`) : undefined,
    onError: (err) => app.log.error({ err }, 'topic article views not written or viewer not checked'),
  });
  deps.jobs.add({ name: 'topics.write-views', everyMs: 1000, runOnClose: true, run: views.flush });
  const topics = topicsService(deps.db, views, deps.clock, deps.remoteImages);

  registerCall(app, topicList, async (body, { site }) => ({
    topic_list: (await topics.homeList(site, body.limit)).map((t) => ({
      tt_id: t.id,
      tt_title: t.title,
      tt_desc: t.description,
      tt_cover_url: t.cover_url,
      tt_article_count: t.article_count,
    })),
  }));
  registerCall(app, topicPageList, async (body, { site }) => topics.list(site, body));
  registerCall(app, topicInfo, async (body, { site, viewer }) => topics.topic(site, body.tt_id, await viewer()));
  registerCall(app, topicArticles, async (body, { site }) => topics.articles(site, body));
  registerCall(app, topicFollow, async (body, { site, user }) =>
    topics.toggleFollow(site, (await user()).id, body.tt_id),
  );
  registerCall(app, topicFormConfig, async (_body, { site, viewer }) => topics.formConfig(site, await viewer()));
  registerCall(app, topicArticleAdd, async (body, { site, user, succeed }) => {
    const result = await topics.add(site, (await user()).id, body);
    if (result.dropped_images > 0) succeed(REMOTE_IMAGES_DROPPED_MSG, { count: result.dropped_images });
    else succeed(TOPIC_MSG.submitted);
    return result;
  });
  registerCall(app, topicArticleEdit, async ({ ttar_id, ...form }, { site, user, succeed }) => {
    const result = await topics.edit(site, (await user()).id, ttar_id, form);
    if (result.dropped_images > 0) succeed(REMOTE_IMAGES_DROPPED_MSG, { count: result.dropped_images });
    else succeed(TOPIC_MSG.updated);
    return result;
  });
  registerCall(app, topicArticleWithdraw, async (body, { site, user, succeed }) => {
    const result = await topics.withdraw(site, (await user()).id, body.ttar_id);
    succeed(TOPIC_MSG.withdrawn);
    return result;
  });
  registerCall(app, topicArticleDelete, async (body, { site, user, succeed }) => {
    await topics.remove(site, (await user()).id, body.ttar_id);
    succeed(TOPIC_MSG.deleted);
    return null;
  });
  registerCall(app, topicArticleInfo, async (body, { site, viewer, request }) =>
    topics.article(site, body.ttar_id, await viewer(), request.ip),
  );
  registerCall(app, topicArticleLike, async (body, { site, user }) =>
    topics.toggleLike(site, (await user()).id, body.ttar_id),
  );
  registerCall(app, topicArticleFavourite, async (body, { site, user }) =>
    topics.toggleFavourite(site, (await user()).id, body.ttar_id),
  );

  registerCall(app, topicArticleMine, async (body, { user }) => topics.mine((await user()).id, body));
  const mine = topicsMineService(deps.db);
  registerCall(app, topicArticleMyFavourites, async (body, { user }) => mine.favourites((await user()).id, body));
  registerCall(app, topicArticleMyInteractions, async (body, { site, user }) =>
    mine.interactions(site, (await user()).id, body),
  );

  const hostZone = hostZoneService(deps.db, deps.clock);
  registerCall(app, topicHostZone, async (body, { site, user }) => hostZone.zone(site, await user(), body));
  registerCall(app, topicArticleFeature, async (body, { site, user, request }) =>
    hostZone.setFeatured(site, await user(), body, request),
  );

  const admin = topicsAdminService(deps.db, deps.clock);
  registerCall(app, adminTopicList, async (_body, { site }) => admin.list(site));
  registerCall(app, adminTopicCreate, async (body, { site, user, request }) =>
    admin.create(site, (await user()).id, body, request),
  );
  registerCall(app, adminTopicUpdate, async (body, { site, user, request }) =>
    admin.update(site, (await user()).id, body, request),
  );
  registerCall(app, adminTopicReorder, async (body, { site, user, request }) =>
    admin.reorder(site, (await user()).id, body.ids, request),
  );
  registerCall(app, adminTopicArchive, async (body, { site, user, request }) =>
    admin.archive(site, (await user()).id, body, request),
  );

  const comments = articleCommentsService(deps.db, deps.clock);
  registerCall(app, articleCommentList, async (body, { site, viewer }) => comments.list(site, body, await viewer()));
  registerCall(app, articleCommentReplies, async (body, { site, viewer }) =>
    comments.replies(site, body, await viewer()),
  );
  registerCall(app, articleCommentAdd, async (body, { site, user, succeed }) => {
    const comment = await comments.add(site, await user(), body);
    succeed(DISCUSS_MSG.commented);
    return comment;
  });
  registerCall(app, articleCommentDelete, async (body, { site, user, succeed, request }) => {
    await comments.remove(site, await user(), body.tpc_id, request);
    succeed(DISCUSS_MSG.deleted);
    return null;
  });
  registerCall(app, articleCommentLike, async (body, { site, user }) =>
    comments.toggleLike(site, (await user()).id, body.tpc_id),
  );
}
