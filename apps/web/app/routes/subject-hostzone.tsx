import { redirect } from 'react-router';
import { STATUS } from '@portal/contracts/envelope';
import { topicHostZone } from '@portal/contracts/topic-host-zone';
import { requireMember } from '~/features/accounts/api/current-user.server';
import { HostZonePage } from '~/features/topics/components/HostZonePage';
import topicsCss from '~/features/topics/components/topics.css?url';
import { routeMeta } from '~/lib/route-meta';
import { errorPagePath } from '~/lib/site';
import type { Route } from './+types/subject-hostzone';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: topicsCss }];

/**
 * Topic hosts (and site-wide reviewers of articles) only: a visitor goes to the login page and
 * comes back here (spec 4); a member who hosts no topic of this site goes to /401.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = await requireMember(context, request);
  // A page of the hosted topics per URL (`?cursor=`), so each page reloads as it was after a decision.
  const cursor = new URL(request.url).searchParams.get('cursor') ?? undefined;
  const envelope = await context.api.call(topicHostZone, site.apply_site, cursor ? { cursor } : {});
  if (String(envelope.status) !== String(STATUS.ok)) {
    // A damaged cursor starts again at the first page; anything else is not for this member.
    if (cursor && String(envelope.status) === String(STATUS.validation)) throw redirect(new URL(request.url).pathname);
    throw redirect(errorPagePath(401, site));
  }
  if (envelope.data.list.length === 0) throw redirect(errorPagePath(401, site));
  return { topics: envelope.data.list, nextCursor: envelope.data.next_cursor, paged: cursor !== undefined };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function SubjectHostZone({ loaderData }: Route.ComponentProps) {
  return <HostZonePage topics={loaderData.topics} nextCursor={loaderData.nextCursor} paged={loaderData.paged} />;
}
