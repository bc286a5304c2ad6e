import type { MetaDescriptor } from 'react-router';
import { siteById, type Lang, type Site } from '@portal/contracts/sites';
import { pageByRouteId, type TitleKey } from '~/pages';
import { pageMeta } from './seo';
import { siteOfPage } from './site';

interface RootMetaData {
  siteId: number;
  origin: string;
}

/** What `routeMeta` reads of React Router's meta arguments (any route's `Route.MetaArgs` fits). */
export interface RouteMetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

function rootData(matches: RouteMetaArgs['matches']): RootMetaData | undefined {
  const data = matches.find((m) => m?.id === 'root')?.loaderData as Partial<RootMetaData> | undefined;
  return typeof data?.siteId === 'number' && typeof data.origin === 'string' ? (data as RootMetaData) : undefined;
}

/** The site a page belongs to and the portal's origin, as a route's `meta` sees them. */
export function metaPlace(args: RouteMetaArgs): { site: Site; origin: string } {
  const root = rootData(args.matches);
  return { site: siteOfPage(args.location.pathname, siteById(root?.siteId)), origin: root?.origin ?? '' };
}

/**
 * The `meta` of a route module: title by route id from the page list, description, canonical and
 * hreflang links. React Router renders only the deepest route's meta, so every route exports this.
 */
export function routeMeta(
  args: RouteMetaArgs,
  options: { titleKey?: TitleKey; indexable?: boolean; description?: (lang: Lang) => string } = {},
): MetaDescriptor[] {
  const leaf = args.matches[args.matches.length - 1];
  const { site, origin } = metaPlace(args);
  return pageMeta({
    lang: site.lang,
    titleKey: options.titleKey ?? (leaf && pageByRouteId(leaf.id)?.titleKey) ?? 'default',
    origin,
    pathname: args.location.pathname,
    indexable: options.indexable,
    description: options.description?.(site.lang),
  });
}
