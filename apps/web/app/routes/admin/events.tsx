import { EventsScreen } from '~/features/events/admin/EventsScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import questionnaireAdminCss from '~/features/events/admin/questionnaire-admin.css?url';
import siteAdminCss from '~/styles/site-admin.css?url';
import type { Route } from './+types/events';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: siteAdminCss },
  { rel: 'stylesheet', href: questionnaireAdminCss },
];

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminEventsRoute() {
  return <EventsScreen />;
}
