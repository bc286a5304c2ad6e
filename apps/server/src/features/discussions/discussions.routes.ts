import type { FastifyInstance } from 'fastify';
import {
  DISCUSS_MSG,
  commentAdd,
  commentDelete,
  commentLike,
  commentList,
  commentReplies,
  postAcceptAnswer,
  postAdd,
  postDelete,
  postEdit,
  postFavourite,
  postFormConfig,
  postInfo,
  postLike,
  postMine,
  postWithdraw,
} from '@portal/contracts/discussions';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { postMyFavourites, postMyInteractions } from '@portal/contracts/discussions-mine';
import { postList } from '@portal/contracts/home';
import type { FeatureDeps } from '../../platform/kit/feature';
import { discussionsMineService } from './discussions-mine.service';
import { registerCall } from '../../http/register-call';
import { discussionsService } from './discussions.service';
import { redisViewers, viewCounter } from '../../lib/view-counter';

/**
 * Discussions (issue 5): the post form's lists, publishing and the author's edits, the list
 * (`index.postList`, shared with the home page), the detail, likes, favourites, comments with
 * replies, accepted answers and the author's own posts. Views are added up in memory and written
 * once a second (view-counter.ts), and once more when the app closes; in scale-out, the processes
 * share the viewers they have seen through Redis.
 */
export async function discussionsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const views = viewCounter(deps.db, {
    shared: deps.redis ? redisViewers(deps.redis, `${deps.redisNameSpace}views:`) : undefined,
    onError: (err) => app.log.error({ err }, 'post views not written or viewer not checked'),
  });
  deps.jobs.add({ name: 'discussions.write-views', everyMs: 1000, runOnClose: true, run: views.flush });
  const posts = discussionsService(deps.db, views, undefined, deps.remoteImages);
  const comments = posts.comments;
  const mine = discussionsMineService(deps.db);

  registerCall(app, postFormConfig, async (_body, { site, viewer }) => posts.formConfig(site, await viewer()));
  registerCall(app, postAdd, async (body, { site, user, succeed }) => {
    const result = await posts.add(site, (await user()).id, body);
    if (result.dropped_images > 0) succeed(DISCUSS_MSG.imagesDropped, { count: result.dropped_images });
    else succeed(result.status === REVIEW_STATUS.pending ? DISCUSS_MSG.submitted : DISCUSS_MSG.published);
    return result;
  });
  registerCall(app, postEdit, async ({ tp_id, ...form }, { site, user, succeed }) => {
    const result = await posts.edit(site, (await user()).id, tp_id, form);
    if (result.dropped_images > 0) succeed(DISCUSS_MSG.imagesDropped, { count: result.dropped_images });
    else succeed(result.status === REVIEW_STATUS.pending ? DISCUSS_MSG.submitted : DISCUSS_MSG.updated);
    return result;
  });
  registerCall(app, postDelete, async (body, { site, user, succeed }) => {
    await posts.remove(site, (await user()).id, body.tp_id);
    succeed(DISCUSS_MSG.deleted);
    return null;
  });
  registerCall(app, postWithdraw, async (body, { site, user, succeed }) => {
    const result = await posts.withdraw(site, (await user()).id, body.tp_id);
    succeed(DISCUSS_MSG.withdrawn);
    return result;
  });
  registerCall(app, postList, async (body, { site }) => posts.list(site, body));
  registerCall(app, postInfo, async (body, { site, viewer, request }) =>
    posts.info(site, body.tp_id, await viewer(), request.ip),
  );
  registerCall(app, postLike, async (body, { site, user }) => posts.toggleLike(site, (await user()).id, body.tp_id));
  registerCall(app, postFavourite, async (body, { site, user }) =>
    posts.toggleFavourite(site, (await user()).id, body.tp_id),
  );
  registerCall(app, postAcceptAnswer, async (body, { site, user, succeed }) => {
    const result = await posts.acceptAnswer(site, (await user()).id, body.tp_id, body.tpc_id);
    succeed(DISCUSS_MSG.accepted);
    return result;
  });
  registerCall(app, postMine, async (body, { user }) => posts.mine((await user()).id, body));
  registerCall(app, postMyFavourites, async (body, { site, user }) => mine.favourites(site, (await user()).id, body));
  registerCall(app, postMyInteractions, async (body, { site, user }) =>
    mine.interactions(site, (await user()).id, body),
  );

  registerCall(app, commentList, async (body, { site, viewer }) => comments.list(site, body, await viewer()));
  registerCall(app, commentReplies, async (body, { site, viewer }) => comments.replies(site, body, await viewer()));
  registerCall(app, commentAdd, async (body, { site, user, succeed }) => {
    const { comment, isAnswer } = await comments.add(site, await user(), body);
    succeed(isAnswer ? DISCUSS_MSG.answered : DISCUSS_MSG.commented);
    return comment;
  });
  registerCall(app, commentDelete, async (body, { site, user, succeed }) => {
    await comments.remove(site, await user(), body.tpc_id);
    succeed(DISCUSS_MSG.deleted);
    return null;
  });
  registerCall(app, commentLike, async (body, { site, user }) =>
    comments.toggleLike(site, (await user()).id, body.tpc_id),
  );
}
