import { dictList } from '@portal/contracts/dictionaries';
import { STATUS } from '@portal/contracts/envelope';
import { requireMember } from '~/features/accounts/api/current-user.server';
import accountsCss from '~/features/accounts/components/accounts.css?url';
import { InformationPage } from '~/features/accounts/components/InformationPage';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/information';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

/** Members only: a visitor goes to the login page and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireMember(context, request);
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const industries = await context.api.call(dictList, site.apply_site, { kind: 'industry' });
  return { member, industries: industries.status === STATUS.ok ? industries.data.list : [] };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function Information({ loaderData }: Route.ComponentProps) {
  return <InformationPage member={loaderData.member} industries={loaderData.industries} />;
}
