import { adminMeta } from '~/routes/admin/admin-meta';
import type { RouteMetaArgs } from '~/lib/route-meta';
import { ReviewQueue } from '~/features/reviews/admin/ReviewQueue';
import reviewQueueCss from '~/features/reviews/admin/review-queue.css?url';

export const links = () => [{ rel: 'stylesheet', href: reviewQueueCss }];

export const meta = (args: RouteMetaArgs) => adminMeta(args);

/** /admin/reviews: the review queue of the managed site. */
export default function AdminReviewsRoute() {
  return <ReviewQueue />;
}
