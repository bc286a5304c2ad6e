import type { FastifyInstance } from 'fastify';
import { adminFeedbackHandle, adminFeedbackList, FEEDBACK_RECEIVED_KEY, feedBack } from '@portal/contracts/feedback';
import { registerCall } from '../../http/register-call';
import { feedbackService } from './feedback.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/**
 * The portal's feedback dialog (spec 7 `feedBack`) and the back office's feedback inbox. `feedBack`
 * answers a thank-you as its msg, since the page shows it as the success toast.
 */
export async function feedbackRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const feedback = feedbackService(deps.db);

  registerCall(app, feedBack, async (body, { site, user, succeed }) => {
    await feedback.send(site, (await user()).id, body.tufb_content);
    succeed(FEEDBACK_RECEIVED_KEY);
    return null;
  });
  registerCall(app, adminFeedbackList, async (body, { site }) => feedback.list(site, body));
  registerCall(app, adminFeedbackHandle, async (body, { site, user, request }) =>
    feedback.handle(site, (await user()).id, body, request),
  );
}
