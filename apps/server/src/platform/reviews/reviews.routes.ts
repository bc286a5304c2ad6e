import type { FastifyInstance } from 'fastify';
import { adminReviewDecide, adminReviewInfo, adminReviewList } from '@portal/contracts/reviews';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../kit/feature';
import { reviewKindRegistry } from './review-kinds';
import { reviewsService } from './reviews.service';

/**
 * The back office's review queue of the managed site: list, one item, decide (one or many), over the
 * kinds the features contribute (`contributes.reviewKinds`).
 */
export async function reviewsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const reviews = reviewsService(deps.db, reviewKindRegistry(deps.contributions.reviewKinds), deps.clock);

  registerCall(app, adminReviewList, async (body, { site, user }) => reviews.list(site, await user(), body));
  registerCall(app, adminReviewInfo, async (body, { site, user }) => reviews.info(site, await user(), body.review_id));
  registerCall(app, adminReviewDecide, async (body, { site, user, request, succeed }) => {
    const answer = await reviews.decide(site, await user(), body, request);
    succeed('reviews.api.decidedCount', { count: answer.decided });
    return answer;
  });
}
