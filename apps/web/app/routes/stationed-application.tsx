import { dictList } from '@portal/contracts/dictionaries';
import { STATUS } from '@portal/contracts/envelope';
import { expertApplicationMine } from '@portal/contracts/expert-applications';
import type { PageHandle } from '~/components/layout/layout-flags';
import { requireMember } from '~/features/accounts/api/current-user.server';
import { ExpertApplicationPage } from '~/features/experts/components/ExpertApplicationPage';
import applyCss from '~/features/experts/components/expert-apply.css?url';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/stationed-application';

/** Spec 2: "expert application (no footer)". */
export const handle: PageHandle = { hideFooter: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: applyCss }];

/** Members only: a visitor goes to the login page and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, member } = await requireMember(context, request);
  const [mine, industries, fields] = await Promise.all([
    context.api.call(expertApplicationMine, site.apply_site, {}),
    context.api.call(dictList, site.apply_site, { kind: 'industry' }),
    context.api.call(dictList, site.apply_site, { kind: 'scene' }),
  ]);
  const ok = String(mine.status) === String(STATUS.ok);
  return {
    memberId: member.user_id,
    application: ok ? mine.data.application : null,
    isExpert: ok ? mine.data.is_expert : false,
    industries: industries.status === STATUS.ok ? industries.data.list : [],
    fields: fields.status === STATUS.ok ? fields.data.list : [],
  };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function StationedApplication({ loaderData }: Route.ComponentProps) {
  return <ExpertApplicationPage {...loaderData} />;
}
