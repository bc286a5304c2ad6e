import type { Catalogue } from '@portal/locales/catalogues';

export type TitleKey = keyof Catalogue['titles'];

/** One page of a site: the same entry exists under `/cn` and `/en` (spec 2, "identical shapes"). */
export interface SitePage {
  /** Route id without the site prefix; the route ids are `cn/<id>` and `en/<id>`. */
  id: string;
  /** Path below `/{prefix}/`, in React Router syntax. */
  path: string;
  /** Route module, relative to `app/`. */
  file: string;
  /** `titles.*` key of the page title; `default` is the site's home title. */
  titleKey: TitleKey;
}

/**
 * The pages of spec 2 that are built, in the table's order. A section enters this list when its
 * page works end to end with real data; until then its URL is unmatched and goes to the root
 * (spec 2). Route modules read their title from here, by route id.
 */
export const SITE_PAGES: readonly SitePage[] = [
  { id: 'home', path: 'index/index', file: 'routes/home.tsx', titleKey: 'default' },
  { id: 'activity-index', path: 'activity/index', file: 'routes/activity-index.tsx', titleKey: 'activity' },
  { id: 'activity-info', path: 'activity/info/:id', file: 'routes/activity-info.tsx', titleKey: 'activity' },
  // Decision 027: an event's sign-up list (sign_type 1; view_type 1 signed up, 2 waiting).
  {
    id: 'signregist-list',
    path: 'signregist/list/:ta_id/:sign_type/:view_type',
    file: 'routes/signregist-list.tsx',
    titleKey: 'signregist',
  },
  // Decision 029: an event's questionnaire (ta_id is the event's id).
  { id: 'questionnaire', path: 'questionnaire/:ta_id', file: 'routes/questionnaire.tsx', titleKey: 'questionnaire' },
  { id: 'stationed-index', path: 'stationed/index', file: 'routes/stationed-index.tsx', titleKey: 'stationed' },
  // Decision 034: an expert's page, tab (articles, posts, answers) and sort (new, hot).
  {
    id: 'stationed-info',
    path: 'stationed/info/:id/:tab?/:type?',
    file: 'routes/stationed-info.tsx',
    titleKey: 'stationed',
  },
  { id: 'stationed-mvp', path: 'stationed/mvp', file: 'routes/stationed-mvp.tsx', titleKey: 'mvp' },
  // Issue 21 item 3, decision 036: the resident-expert application (members only, no footer).
  {
    id: 'stationed-application',
    path: 'stationed/application',
    file: 'routes/stationed-application.tsx',
    titleKey: 'expertApplication',
  },
  {
    id: 'discuss-moderatorzone',
    path: 'discuss/moderatorzone',
    file: 'routes/discuss-moderatorzone.tsx',
    titleKey: 'moderatorZone',
  },
  { id: 'discuss-list', path: 'discuss/list', file: 'routes/discuss-list.tsx', titleKey: 'discuss' },
  { id: 'discuss-info', path: 'discuss/info/:id/:is_preview?', file: 'routes/discuss-info.tsx', titleKey: 'discuss' },
  { id: 'subject-list', path: 'subject/list', file: 'routes/subject-list.tsx', titleKey: 'subject' },
  { id: 'subject-info', path: 'subject/info/:id', file: 'routes/subject-info.tsx', titleKey: 'subject' },
  // Decision 030: the events attached to a topic.
  {
    id: 'subject-activelist',
    path: 'subject/activeList/:id',
    file: 'routes/subject-activelist.tsx',
    titleKey: 'subject',
  },
  // Decision 026: a topic article's own page.
  { id: 'subject-article', path: 'subject/article/:id', file: 'routes/subject-article.tsx', titleKey: 'subject' },
  { id: 'subject-hostzone', path: 'subject/hostZone', file: 'routes/subject-hostzone.tsx', titleKey: 'hostZone' },
  // The e-magazine (issue 20): the magazine home and an issue's page (its articles read at `?article=`).
  { id: 'journal-index', path: 'journal/index', file: 'routes/journal-index.tsx', titleKey: 'journal' },
  { id: 'journal-info', path: 'journal/info/:id', file: 'routes/journal-info.tsx', titleKey: 'journal' },
  // A submission as it would read online, for its author and the editors (the review queue's preview link).
  { id: 'journal-preview', path: 'journal/preview/:id', file: 'routes/journal-preview.tsx', titleKey: 'journal' },
  // The content pages staff write (about, terms, privacy): the id is the page's slug and its path.
  { id: 'about', path: 'about', file: 'routes/content-page.tsx', titleKey: 'about' },
  { id: 'terms', path: 'terms', file: 'routes/content-page.tsx', titleKey: 'terms' },
  { id: 'privacy', path: 'privacy', file: 'routes/content-page.tsx', titleKey: 'privacy' },
  // Issue 21 item 5, decision 045: programmes and partner cases (`?kind=case`), the partner directory, the application.
  { id: 'cooperate-index', path: 'cooperate/index', file: 'routes/cooperate-index.tsx', titleKey: 'cooperate' },
  { id: 'cooperate-info', path: 'cooperate/info/:id', file: 'routes/cooperate-info.tsx', titleKey: 'cooperate' },
  // Issue 22 item 5, decision 037: the raffle's campaign, draw, my prizes and winners.
  { id: 'rafflelandingpage', path: 'rafflelandingpage', file: 'routes/rafflelandingpage.tsx', titleKey: 'raffle' },
  { id: 'login', path: 'login/:logintype?/:loginTab?', file: 'routes/login.tsx', titleKey: 'login' },
  { id: 'forget', path: 'forget', file: 'routes/forget.tsx', titleKey: 'forget' },
  { id: 'information', path: 'information', file: 'routes/information.tsx', titleKey: 'information' },
  // Issue 23 item 5: the search page; kind and time in the query (`?kind=post&time=week`).
  { id: 'search', path: 'search/:search_key?', file: 'routes/search.tsx', titleKey: 'search' },
  // Issue 22 item 4: the personal centre, one URL per section (routes/userinfo-sections.ts); none is the default.
  { id: 'userinfo', path: 'userinfo/:section?', file: 'routes/userinfo.tsx', titleKey: 'userinfo' },
];

/** Pages outside the two sites. */
export const ERROR_PAGES = {
  notFound: { id: 'not-found', path: '404', file: 'routes/not-found.tsx', titleKey: 'notFound' },
  noPermission: { id: 'no-permission', path: '401', file: 'routes/no-permission.tsx', titleKey: 'noPermission' },
} as const satisfies Record<string, SitePage>;

export function siteRouteId(prefix: string, page: Pick<SitePage, 'id'>): string {
  return `${prefix}/${page.id}`;
}

/** The page behind a route id such as `en/about` or `not-found`. */
export function pageByRouteId(routeId: string): SitePage | undefined {
  const id = routeId.includes('/') ? routeId.slice(routeId.indexOf('/') + 1) : routeId;
  return SITE_PAGES.find((p) => p.id === id) ?? Object.values(ERROR_PAGES).find((p) => p.id === id);
}
