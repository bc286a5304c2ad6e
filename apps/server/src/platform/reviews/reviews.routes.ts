import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminReviewDecide, adminReviewInfo, adminReviewList } from '@portal/contracts/reviews';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import type { ReviewKindRegistry } from './review-kinds';
import { reviewsService } from './reviews.service';

/**
 * The back office's review queue of the managed site: list, one item, decide (one or many), over the
 * kinds `app.ts` registers.
 */
export async function reviewsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; kinds: ReviewKindRegistry; writesPerMinute: number },
) {
  const reviews = reviewsService(deps.db, deps.kinds);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(app, adminReviewList, async (body, { site, user }) => reviews.list(site, await user(), body), opts);
  registerCall(
    app,
    adminReviewInfo,
    async (body, { site, user }) => reviews.info(site, await user(), body.review_id),
    opts,
  );
  registerCall(
    app,
    adminReviewDecide,
    async (body, { site, user, request, succeed }) => {
      const answer = await reviews.decide(site, await user(), body, request);
      succeed('reviews.api.decidedCount', { count: answer.decided });
      return answer;
    },
    opts,
  );
}
