import { adminMeta } from '~/routes/admin/admin-meta';
import { FeedbackInbox } from '~/features/feedback/admin/FeedbackInbox';
import feedbackInboxCss from '~/features/feedback/admin/feedback-inbox.css?url';
import type { Route } from './+types/feedback';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: feedbackInboxCss }];

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminFeedbackRoute() {
  return <FeedbackInbox />;
}
