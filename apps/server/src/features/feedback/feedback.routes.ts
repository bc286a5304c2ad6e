import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { STATUS } from '@portal/contracts/envelope';
import { adminFeedbackHandle, adminFeedbackList, FEEDBACK_RECEIVED_KEY, feedBack } from '@portal/contracts/feedback';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { feedbackService } from './feedback.service';

/** The portal's feedback dialog (spec 7 `feedBack`) and the back office's feedback inbox. */
export async function feedbackRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const feedback = feedbackService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(
    app,
    feedBack,
    async (body, { site, user }) => {
      await feedback.send(site, (await user()).id, body.tufb_content);
      return null;
    },
    opts,
  );
  registerCall(app, adminFeedbackList, async (body, { site }) => feedback.list(site, body), opts);
  registerCall(
    app,
    adminFeedbackHandle,
    async (body, { site, user, request }) => feedback.handle(site, (await user()).id, body, request),
    opts,
  );

  // The page shows feedBack's msg as the success toast (spec 7), so it thanks the member rather
  // than saying the generic "Success". Scoped to this plugin's routes.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.config.callId !== feedBack.id) return payload;
    const envelope = payload as { status?: unknown; msg?: unknown };
    if (envelope.status !== STATUS.ok) return payload;
    return { ...envelope, msg: translate(request.portal.site.lang, FEEDBACK_RECEIVED_KEY) };
  });
}
