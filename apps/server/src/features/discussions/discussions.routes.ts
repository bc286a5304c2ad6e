import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
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
import { postList } from '@portal/contracts/home';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import type { RemoteImages } from '../uploads/remote-images';
import { discussionsService } from './discussions.service';
import { viewCounter, type SharedViewers } from './view-counter';

/**
 * Discussions (issue 5): the post form's lists, publishing and the author's edits, the list
 * (`index.postList`, shared with the home page), the detail, likes, favourites, comments with
 * replies, accepted answers and the author's own posts. Views are added up in memory and written
 * once a second (view-counter.ts), and once more when the app closes; in scale-out, the processes
 * share the viewers they have seen through Redis.
 */
export async function discussionsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; writesPerMinute: number; sharedViewers?: SharedViewers; remoteImages?: RemoteImages },
) {
  const views = viewCounter(deps.db, {
    shared: deps.sharedViewers,
    onError: (err) => app.log.error({ err }, 'post views not written or viewer not checked'),
  });
  app.addHook('preClose', () => views.close());
  const posts = discussionsService(deps.db, views, undefined, deps.remoteImages);
  const comments = posts.comments;
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(app, postFormConfig, async (_body, { site, viewer }) => posts.formConfig(site, await viewer()), opts);
  registerCall(
    app,
    postAdd,
    async (body, { site, user, succeed }) => {
      const result = await posts.add(site, (await user()).id, body);
      if (result.dropped_images > 0) succeed(DISCUSS_MSG.imagesDropped, { n: result.dropped_images });
      else succeed(result.status === 10 ? DISCUSS_MSG.submitted : DISCUSS_MSG.published);
      return result;
    },
    opts,
  );
  registerCall(
    app,
    postEdit,
    async ({ tp_id, ...form }, { site, user, succeed }) => {
      const result = await posts.edit(site, (await user()).id, tp_id, form);
      if (result.dropped_images > 0) succeed(DISCUSS_MSG.imagesDropped, { n: result.dropped_images });
      else succeed(result.status === 10 ? DISCUSS_MSG.submitted : DISCUSS_MSG.updated);
      return result;
    },
    opts,
  );
  registerCall(
    app,
    postDelete,
    async (body, { site, user, succeed }) => {
      await posts.remove(site, (await user()).id, body.tp_id);
      succeed(DISCUSS_MSG.deleted);
      return null;
    },
    opts,
  );
  registerCall(
    app,
    postWithdraw,
    async (body, { site, user, succeed }) => {
      const result = await posts.withdraw(site, (await user()).id, body.tp_id);
      succeed(DISCUSS_MSG.withdrawn);
      return result;
    },
    opts,
  );
  registerCall(app, postList, async (body, { site }) => posts.list(site, body), opts);
  registerCall(
    app,
    postInfo,
    async (body, { site, viewer, request }) => posts.info(site, body.tp_id, await viewer(), request.ip),
    opts,
  );
  registerCall(
    app,
    postLike,
    async (body, { site, user }) => posts.toggleLike(site, (await user()).id, body.tp_id),
    opts,
  );
  registerCall(
    app,
    postFavourite,
    async (body, { site, user }) => posts.toggleFavourite(site, (await user()).id, body.tp_id),
    opts,
  );
  registerCall(
    app,
    postAcceptAnswer,
    async (body, { site, user, succeed }) => {
      const result = await posts.acceptAnswer(site, (await user()).id, body.tp_id, body.tpc_id);
      succeed(DISCUSS_MSG.accepted);
      return result;
    },
    opts,
  );
  registerCall(app, postMine, async (body, { user }) => posts.mine((await user()).id, body), opts);

  registerCall(app, commentList, async (body, { site, viewer }) => comments.list(site, body, await viewer()), opts);
  registerCall(
    app,
    commentReplies,
    async (body, { site, viewer }) => comments.replies(site, body, await viewer()),
    opts,
  );
  registerCall(
    app,
    commentAdd,
    async (body, { site, user, succeed }) => {
      const result = await comments.add(site, await user(), body);
      succeed(DISCUSS_MSG.commented);
      return result;
    },
    opts,
  );
  registerCall(
    app,
    commentDelete,
    async (body, { site, user, succeed }) => {
      await comments.remove(site, (await user()).id, body.tpc_id);
      succeed(DISCUSS_MSG.deleted);
      return null;
    },
    opts,
  );
  registerCall(
    app,
    commentLike,
    async (body, { site, user }) => comments.toggleLike(site, (await user()).id, body.tpc_id),
    opts,
  );
}
