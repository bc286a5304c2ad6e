import type { ComponentType } from 'react';
import type { MyInfo } from '@portal/contracts/accounts';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { POST_TYPE, postMine } from '@portal/contracts/discussions';
import { postMyFavourites, postMyInteractions } from '@portal/contracts/discussions-mine';
import { activityMyCollection, activityMySignups } from '@portal/contracts/events-mine';
import { myApplications } from '@portal/contracts/expert-applications';
import { ebookMine } from '@portal/contracts/journal-submissions';
import { followMyFollows } from '@portal/contracts/follows-mine';
import { pointsHistory, pointsMine } from '@portal/contracts/points-member';
import type { Site } from '@portal/contracts/sites';
import {
  topicArticleMine,
  topicArticleMyFavourites,
  topicArticleMyInteractions,
} from '@portal/contracts/topic-articles-mine';
import type { Catalogue } from '@portal/locales/catalogues';
import { preloadable } from '~/lib/before-hydration';
import { callQuery, type CallQuery } from '~/lib/query/call-query';

/** What every part of a section is given: the signed-in member the page loaded. */
export interface CentrePartProps {
  member: MyInfo;
}

/** One block of a section, from one feature: its own lazy chunk, wrapped in antd's provider. */
export interface CentrePart {
  /** Unique in its section; the React key. */
  id: string;
  /** The part itself once `preload` has loaded it, the lazy component before. */
  Component: ComponentType<CentrePartProps>;
  /** Loads the part's chunk (once), so that `Component` renders without suspending. */
  preload: () => Promise<void>;
  /**
   * The first page(s) the part reads, with the very bodies it asks them with: the loader asks them
   * in-process, so the part is rendered on the server and hydration asks nothing again.
   */
  prefetch?: (site: Site) => CallQuery[];
}

export type CentreSectionId = keyof Catalogue['auth']['centreMenu'];

export interface CentreSection {
  id: CentreSectionId;
  parts: readonly CentrePart[];
}

/**
 * A part from a feature module's export (default unless named). The module and antd's provider come
 * in their own chunks, so the route module stays small (the page's budget) and each section loads
 * only its own code.
 */
function part<M>(
  id: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<CentrePartProps>,
  prefetch?: CentrePart['prefetch'],
): CentrePart {
  // Preloaded before the first page hydrates (preloadCentreSection), the part hydrates with it.
  const { Component, preload } = preloadable<CentrePartProps>(async () => {
    const [module, antd] = await Promise.all([load(), import('~/lib/PortalAntd')]);
    return antd.withPortalAntd(pick(module));
  });
  return { id, Component, preload, ...(prefetch ? { prefetch } : {}) };
}

const first = { limit: PAGE_SIZE };

/**
 * The personal centre's sections (spec 1: my creations, favourites, achievements, follows,
 * interactions, applications, account), each at `/{lang}/userinfo/{id}`; the first is the default
 * and lives at `/{lang}/userinfo` itself. To add a block to a section (a domain's own list), add a
 * `part(...)` to its `parts`; the menu, the URL, the server rendering and the chunk follow.
 */
export const CENTRE_SECTIONS: readonly CentreSection[] = [
  {
    id: 'account',
    parts: [
      part(
        'account',
        () => import('~/features/accounts/components/AccountSection'),
        (m) => m.default,
      ),
    ],
  },
  {
    id: 'creations',
    parts: [
      part(
        'posts',
        () => import('~/features/reviews/components/MyPosts'),
        (m) => m.MyDiscussions,
        (site) => [callQuery(postMine, site, { tp_type: POST_TYPE.discussion, ...first })],
      ),
      part(
        'questions',
        () => import('~/features/reviews/components/MyPosts'),
        (m) => m.MyQuestions,
        (site) => [callQuery(postMine, site, { tp_type: POST_TYPE.question, ...first })],
      ),
      part(
        'articles',
        () => import('~/features/topics/components/MyArticles'),
        (m) => m.default,
        (site) => [callQuery(topicArticleMine, site, first)],
      ),
      part(
        'submissions',
        () => import('~/features/journal/components/MySubmissions'),
        (m) => m.default,
        (site) => [callQuery(ebookMine, site, first)],
      ),
    ],
  },
  {
    id: 'favourites',
    parts: [
      part(
        'posts',
        () => import('~/features/discussions/components/MyFavouritePosts'),
        (m) => m.default,
        (site) => [callQuery(postMyFavourites, site, first)],
      ),
      part(
        'articles',
        () => import('~/features/topics/components/MyFavouriteArticles'),
        (m) => m.default,
        (site) => [callQuery(topicArticleMyFavourites, site, first)],
      ),
      part(
        'events',
        () => import('~/features/events/components/MyEvents'),
        (m) => m.MyFavouriteEvents,
        (site) => [callQuery(activityMyCollection, site, first)],
      ),
    ],
  },
  {
    id: 'achievements',
    parts: [
      part(
        'achievements',
        () => import('~/features/points/components/MyAchievements'),
        (m) => m.default,
        (site) => [callQuery(pointsMine, site, {}), callQuery(pointsHistory, site, first)],
      ),
    ],
  },
  {
    id: 'follows',
    parts: [
      part(
        'follows',
        () => import('~/features/follows/components/MyFollows'),
        (m) => m.default,
        (site) => [callQuery(followMyFollows, site, first)],
      ),
    ],
  },
  {
    id: 'interactions',
    parts: [
      part(
        'interactions',
        () => import('~/features/discussions/components/MyInteractions'),
        (m) => m.default,
        (site) => [callQuery(postMyInteractions, site, { kind: 'comments', ...first })],
      ),
      part(
        'articles',
        () => import('~/features/topics/components/MyArticleInteractions'),
        (m) => m.default,
        (site) => [callQuery(topicArticleMyInteractions, site, first)],
      ),
    ],
  },
  {
    id: 'applications',
    parts: [
      part(
        'events',
        () => import('~/features/events/components/MyEvents'),
        (m) => m.MySignups,
        (site) => [callQuery(activityMySignups, site, { group: 'upcoming', ...first })],
      ),
      part(
        'programmes',
        () => import('~/features/experts/components/MyApplications'),
        (m) => m.default,
        (site) => [callQuery(myApplications, site, {})],
      ),
    ],
  },
];

/** The section of a URL's `:section` segment: the default without one, undefined for an unknown one. */
export function centreSectionOf(segment: string | undefined): CentreSection | undefined {
  if (segment === undefined || segment === '') return CENTRE_SECTIONS[0];
  return CENTRE_SECTIONS.find((s, i) => i > 0 && s.id === segment);
}

/** The URL of a section: the default one at `/{prefix}/userinfo`, the others below it. */
export function centreSectionPath(prefix: string, section: CentreSection): string {
  return section === CENTRE_SECTIONS[0] ? `/${prefix}/userinfo` : `/${prefix}/userinfo/${section.id}`;
}

/** Loads the parts of the section at `pathname` (`/{prefix}/userinfo/{section?}`), if it is one. */
export function preloadCentreSection(pathname: string): Promise<unknown> {
  const match = /^\/[^/]+\/userinfo(?:\/([^/]+))?\/?$/.exec(pathname);
  const section = match ? centreSectionOf(match[1]) : undefined;
  return Promise.all(section?.parts.map((p) => p.preload()) ?? []);
}
