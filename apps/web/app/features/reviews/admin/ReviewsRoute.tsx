import { adminMeta } from '~/features/admin/admin-meta';
import type { RouteMetaArgs } from '~/lib/route-meta';
import { ReviewQueue } from './ReviewQueue';
import reviewQueueCss from './review-queue.css?url';

export const links = () => [{ rel: 'stylesheet', href: reviewQueueCss }];

export const meta = (args: RouteMetaArgs) => adminMeta(args);

/** /admin/reviews: the review queue of the managed site. */
export default function AdminReviewsRoute() {
  return <ReviewQueue />;
}
