import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  moderationAct,
  moderationDeleteComment,
  moderationHandleReport,
  moderationMyBoards,
  moderationPosts,
  moderationReports,
  REPORT_RECEIVED_KEY,
  reportContent,
} from '@portal/contracts/moderation';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { moderationService } from './moderation.service';

/** Reports by members, and the moderator zone's lists and actions (issue 5 item 6). */
export async function moderationRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const moderation = moderationService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(
    app,
    reportContent,
    async (body, { site, user, succeed }) => {
      await moderation.report(site, await user(), body);
      succeed(REPORT_RECEIVED_KEY);
      return null;
    },
    opts,
  );
  registerCall(app, moderationMyBoards, async (_body, { site, user }) => moderation.myBoards(site, await user()), opts);
  registerCall(app, moderationPosts, async (body, { site, user }) => moderation.posts(site, await user(), body), opts);
  registerCall(
    app,
    moderationReports,
    async (body, { site, user }) => moderation.reports(site, await user(), body),
    opts,
  );
  registerCall(
    app,
    moderationHandleReport,
    async (body, { site, user, request }) => moderation.handleReport(site, await user(), body, request),
    opts,
  );
  registerCall(
    app,
    moderationAct,
    async (body, { site, user, request }) => moderation.act(site, await user(), body, request),
    opts,
  );
  registerCall(
    app,
    moderationDeleteComment,
    async (body, { site, user, request }) => {
      await moderation.deleteComment(site, await user(), body, request);
      return null;
    },
    opts,
  );
}
