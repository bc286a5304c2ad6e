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

const placeholder = 'routes/placeholder.tsx';

/**
 * The pages of spec 2, in the table's order. Sections not built yet share the placeholder module;
 * a later issue swaps in its own `file`. Route modules read their title from here, by route id.
 */
export const SITE_PAGES: readonly SitePage[] = [
  { id: 'home', path: 'index/index', file: 'routes/home.tsx', titleKey: 'default' },
  { id: 'activity-list', path: 'activity/index', file: placeholder, titleKey: 'activity' },
  { id: 'activity-info', path: 'activity/info/:id', file: placeholder, titleKey: 'activity' },
  { id: 'stationed-list', path: 'stationed/index', file: placeholder, titleKey: 'stationed' },
  { id: 'stationed-info', path: 'stationed/info/:id/:tab/:type', file: placeholder, titleKey: 'stationed' },
  {
    id: 'stationed-application',
    path: 'stationed/application',
    file: 'routes/stationed-application.tsx',
    titleKey: 'expertApplication',
  },
  { id: 'stationed-mvp', path: 'stationed/mvp', file: 'routes/stationed-mvp.tsx', titleKey: 'mvp' },
  { id: 'points-ranking', path: 'points/ranking/:ta_id', file: placeholder, titleKey: 'pointsRanking' },
  { id: 'points-detail', path: 'points/detail/:ta_id', file: placeholder, titleKey: 'pointsDetail' },
  { id: 'challenge-info', path: 'challenge/info/:id', file: placeholder, titleKey: 'challenge' },
  {
    id: 'challenge-task',
    path: 'challenge/:kind/:ta_id/:tas_id/:tasp_id',
    file: 'routes/challenge-task.tsx',
    titleKey: 'challenge',
  },
  { id: 'questionnaire', path: 'questionnaire/:ta_id', file: placeholder, titleKey: 'questionnaire' },
  { id: 'subject-list', path: 'subject/list', file: placeholder, titleKey: 'subject' },
  { id: 'subject-info', path: 'subject/info/:id', file: placeholder, titleKey: 'subject' },
  { id: 'subject-host-zone', path: 'subject/hostZone', file: placeholder, titleKey: 'hostZone' },
  { id: 'subject-active-list', path: 'subject/activeList/:id', file: placeholder, titleKey: 'subject' },
  { id: 'discuss-list', path: 'discuss/list', file: placeholder, titleKey: 'discuss' },
  { id: 'discuss-moderator-zone', path: 'discuss/moderatorzone', file: placeholder, titleKey: 'moderatorZone' },
  { id: 'discuss-info', path: 'discuss/info/:id/:is_preview?', file: placeholder, titleKey: 'discuss' },
  {
    id: 'signregist-list',
    path: 'signregist/list/:ta_id/:sign_type/:view_type',
    file: placeholder,
    titleKey: 'signregist',
  },
  { id: 'login', path: 'login/:logintype?/:loginTab?', file: placeholder, titleKey: 'login' },
  { id: 'information', path: 'information', file: placeholder, titleKey: 'information' },
  { id: 'forget', path: 'forget', file: placeholder, titleKey: 'forget' },
  { id: 'search', path: 'search/:search_key?', file: placeholder, titleKey: 'search' },
  { id: 'userinfo', path: 'userinfo', file: placeholder, titleKey: 'userinfo' },
  { id: 'journal-list', path: 'journal/index', file: placeholder, titleKey: 'journal' },
  { id: 'journal-info', path: 'journal/info/:id', file: placeholder, titleKey: 'journal' },
  { id: 'about', path: 'about', file: 'routes/about.tsx', titleKey: 'about' },
  { id: 'cooperate-list', path: 'cooperate/index', file: placeholder, titleKey: 'cooperate' },
  { id: 'cooperate-info', path: 'cooperate/info/:id', file: placeholder, titleKey: 'cooperate' },
  { id: 'raffle', path: 'rafflelandingpage', file: placeholder, titleKey: 'raffle' },
];

/** The challenge task kinds of spec 2; other values of `:kind` are not a page. */
export const CHALLENGE_TASK_KINDS = [
  'daily',
  'weekly',
  'lecture',
  'circlepart',
  'circlelecture',
  'technicalarticles',
  'projectorder',
  'certificate',
] as const;

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
