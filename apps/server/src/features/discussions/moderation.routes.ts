import type { FastifyInstance } from 'fastify';
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
import { registerCall } from '../../http/register-call';
import { moderationService } from './moderation.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** Reports by members, and the moderator zone's lists and actions (issue 5 item 6). */
export async function moderationRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const moderation = moderationService(deps.db);

  registerCall(app, reportContent, async (body, { site, user, succeed }) => {
    await moderation.report(site, await user(), body);
    succeed(REPORT_RECEIVED_KEY);
    return null;
  });
  registerCall(app, moderationMyBoards, async (_body, { site, user }) => moderation.myBoards(site, await user()));
  registerCall(app, moderationPosts, async (body, { site, user }) => moderation.posts(site, await user(), body));
  registerCall(app, moderationReports, async (body, { site, user }) => moderation.reports(site, await user(), body));
  registerCall(app, moderationHandleReport, async (body, { site, user, request }) =>
    moderation.handleReport(site, await user(), body, request),
  );
  registerCall(app, moderationAct, async (body, { site, user, request }) =>
    moderation.act(site, await user(), body, request),
  );
  registerCall(app, moderationDeleteComment, async (body, { site, user, request }) => {
    await moderation.deleteComment(site, await user(), body, request);
    return null;
  });
}
