import { redirect } from 'react-router';
import { STATUS } from '@portal/contracts/envelope';
import { moderationMyBoards } from '@portal/contracts/moderation';
import { requireMember } from '~/features/accounts/api/current-user.server';
import moderationCss from '~/features/moderation/components/moderation.css?url';
import { ModeratorZonePage } from '~/features/moderation/components/ModeratorZonePage';
import { routeMeta } from '~/lib/route-meta';
import { errorPagePath } from '~/lib/site';
import type { Route } from './+types/discuss-moderatorzone';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: moderationCss }];

/**
 * Moderators and admins only: a visitor goes to the login page and comes back here (spec 4); a
 * member who moderates no board of this site goes to /401, as the back office sends non-staff.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = await requireMember(context, request);
  const envelope = await context.api.call(moderationMyBoards, site.apply_site, {});
  if (String(envelope.status) !== String(STATUS.ok)) throw redirect(errorPagePath(401, site));
  const { list, all_boards } = envelope.data;
  if (!all_boards && list.length === 0) throw redirect(errorPagePath(401, site));
  return { boards: list, allBoards: all_boards };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function ModeratorZone({ loaderData }: Route.ComponentProps) {
  return <ModeratorZonePage boards={loaderData.boards} allBoards={loaderData.allBoards} />;
}
