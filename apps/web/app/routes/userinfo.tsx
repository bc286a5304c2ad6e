import { Suspense } from 'react';
import { HydrationBoundary } from '@tanstack/react-query';
import { Link, redirect } from 'react-router';
import { requireMember } from '~/features/accounts/api/current-user.server';
import accountsCss from '~/features/accounts/components/accounts.css?url';
import myEventsCss from '~/features/events/components/my-events.css?url';
import achievementsCss from '~/features/points/components/achievements.css?url';
import myPostsCss from '~/features/reviews/components/my-posts.css?url';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { beforeHydration } from '~/lib/before-hydration';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/userinfo';
import { CENTRE_SECTIONS, centreSectionOf, centreSectionPath, preloadCentreSection } from './userinfo-sections';

// The first page's section: its parts' code loads before the page hydrates (lib/before-hydration).
beforeHydration(() => preloadCentreSection(window.location.pathname));

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsCss },
  { rel: 'stylesheet', href: myPostsCss },
  { rel: 'stylesheet', href: myEventsCss },
  { rel: 'stylesheet', href: achievementsCss },
];

/**
 * Members only: a visitor goes to the login page and comes back here (spec 4). The section of the
 * URL is rendered on the server with its first pages asked in-process; an unknown section goes to
 * the centre's default one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { site, member } = await requireMember(context, request);
  const section = centreSectionOf(params.section);
  if (!section) throw redirect(`/${site.prefix}/userinfo`);
  const dehydratedState = await prefetchCalls(
    context,
    section.parts.flatMap((p) => p.prefetch?.(site) ?? []),
  );
  return { member, sectionId: section.id, dehydratedState };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

/** The sections' menu: plain links, so each section is a page of its own (linkable, reloadable). */
function CentreMenu({ current }: { current: string }) {
  const { t } = useTranslation('auth');
  const { site } = useShell();
  return (
    <nav className="centre-menu" aria-label={t('centreMenuLabel')} data-testid="centre-menu">
      <ul>
        {CENTRE_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link
              to={centreSectionPath(site.prefix, section)}
              aria-current={section.id === current ? 'page' : undefined}
              className={section.id === current ? 'centre-menu__link centre-menu__link--current' : 'centre-menu__link'}
              data-testid={`centre-menu-${section.id}`}
            >
              {t(`centreMenu.${section.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Userinfo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const { member, sectionId, dehydratedState } = loaderData;
  const section = CENTRE_SECTIONS.find((s) => s.id === sectionId) ?? CENTRE_SECTIONS[0]!;
  return (
    <div className="portal-page accounts-centre" data-testid="userinfo-page">
      <h1 className="accounts-centre__title">{t('centreTitle')}</h1>
      <div className="centre-layout">
        <CentreMenu current={section.id} />
        <HydrationBoundary state={dehydratedState}>
          <div className="centre-body" data-testid={`centre-section-${section.id}`}>
            {section.parts.map(({ id, Component }) => (
              <Suspense key={`${section.id}/${id}`} fallback={null}>
                <Component member={member} />
              </Suspense>
            ))}
          </div>
        </HydrationBoundary>
      </div>
    </div>
  );
}
