import accountsCss from '~/features/accounts/components/accounts.css?url';
import { ForgetPage } from '~/features/accounts/components/ForgetPage';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/forget';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function Forget() {
  return <ForgetPage />;
}
