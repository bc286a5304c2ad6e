import { lazy, Suspense } from 'react';
import { requireMember } from '~/features/accounts/api/current-user.server';
import accountsCss from '~/features/accounts/components/accounts.css?url';
import { UserinfoPage } from '~/features/accounts/components/UserinfoPage';
import myEventsCss from '~/features/events/components/my-events.css?url';
import achievementsCss from '~/features/points/components/achievements.css?url';
import { MyPosts } from '~/features/reviews/components/MyPosts';
import myPostsCss from '~/features/reviews/components/my-posts.css?url';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/userinfo';
import { PortalAntd } from '~/lib/PortalAntd';

// Read in the browser after the page (their lists are not server-rendered): each a chunk of its own.
const MyEvents = lazy(() => import('~/features/events/components/MyEvents'));
const MyArticles = lazy(() => import('~/features/topics/components/MyArticles'));
const MyAchievements = lazy(() => import('~/features/points/components/MyAchievements'));
const MySubmissions = lazy(() => import('~/features/journal/components/MySubmissions'));

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsCss },
  { rel: 'stylesheet', href: myPostsCss },
  { rel: 'stylesheet', href: myEventsCss },
  { rel: 'stylesheet', href: achievementsCss },
];

/** Members only: a visitor goes to the login page and comes back here (spec 4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireMember(context, request);
  return { member };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function Userinfo({ loaderData }: Route.ComponentProps) {
  return (
    <PortalAntd>
      <UserinfoPage member={loaderData.member} />
      <div className="portal-page accounts-centre">
        <Suspense fallback={null}>
          <MyAchievements />
        </Suspense>
        <MyPosts />
        <Suspense fallback={null}>
          <MyEvents />
        </Suspense>
        <Suspense fallback={null}>
          <MyArticles />
        </Suspense>
        <Suspense fallback={null}>
          <MySubmissions />
        </Suspense>
      </div>
    </PortalAntd>
  );
}
