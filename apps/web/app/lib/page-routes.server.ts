import { matchRoutes, type EntryContext } from 'react-router';

/**
 * The render's router context narrowed to the routes the page can name.
 *
 * React Router's `ServerRouter` builds a route object for every route of the table on each render
 * (about two hundred: the /cn and /en sets and the back office), and its `Scripts` matches each
 * parent path of the URL (`/cn/discuss/info/7`: `/`, `/cn`, `/cn/discuss`, `/cn/discuss/info`)
 * against every route to choose the routes the page's manifest lists (route discovery, "lazy"):
 * together about a tenth of a member's render. Both need only the routes the page matches and the
 * first route each parent path matches, so the context handed to `ServerRouter` holds those alone,
 * found once per shape of URL (the parent path and the page's routes) and kept. Everything the page
 * writes is the same: the manifest names the same routes, the scripts and links are the same.
 */
export function withRoutesOfPage(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== 'lazy' || context.isSpaMode) return context;
  const { location, matches } = context.staticHandlerContext;
  const basename = context.staticHandlerContext.basename || '/';
  const pageRouteIds = matches.map((match) => match.route.id);
  const parentPaths = parentPathsOf(location.pathname);
  const key = `${basename}\n${parentPaths[parentPaths.length - 1] ?? '/'}\n${pageRouteIds.join(' ')}`;

  const cache = cacheFor(context);
  let narrowed = cache.get(key);
  if (!narrowed) {
    const found = narrow(context, pageRouteIds, parentPaths, basename);
    if (!found) return context;
    narrowed = found;
    cache.set(key, narrowed);
    if (cache.size > SHAPES_KEPT) cache.delete(cache.keys().next().value as string);
  }
  return { ...context, ...narrowed };
}

/** Shapes of URL kept per build, the oldest found leaving first; a shape not kept is found again. */
const SHAPES_KEPT = 500;

type Narrowed = Pick<EntryContext, 'manifest' | 'branches'>;

const shapesByManifest = new WeakMap<EntryContext['manifest'], Map<string, Narrowed>>();

function cacheFor(context: EntryContext): Map<string, Narrowed> {
  let cache = shapesByManifest.get(context.manifest);
  if (!cache) {
    cache = new Map();
    shapesByManifest.set(context.manifest, cache);
  }
  return cache;
}

/** The parent paths React Router's `Scripts` matches for the page's manifest, in its order. */
function parentPathsOf(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  return paths;
}

function narrow(
  context: EntryContext,
  pageRouteIds: string[],
  parentPaths: string[],
  basename: string,
): Narrowed | null {
  // The table the request was matched on: the branches' one top route (the root) holds it whole.
  const topRoutes = new Set(context.branches.map((branch) => branch.routesMeta[0]?.route));
  if (topRoutes.size !== 1) return null;
  const table = [...topRoutes] as NonNullable<EntryContext['branches'][number]['routesMeta'][number]['route']>[];

  const routeIds = new Set(pageRouteIds);
  const leafIds = new Set<string>();
  for (const path of parentPaths) {
    const found = matchRoutes(table, path, basename);
    if (!found) continue;
    for (const match of found) routeIds.add(match.route.id);
    leafIds.add(found[found.length - 1]!.route.id);
  }
  if ([...routeIds].some((id) => !context.manifest.routes[id])) return null;

  // A parent path's first match among these branches is its first match among all: any branch
  // ranked before it matches the path neither here nor there.
  const branches = context.branches.filter((branch) => leafIds.has(branch.routesMeta.at(-1)!.route.id));
  const routes = Object.fromEntries(Object.entries(context.manifest.routes).filter(([id]) => routeIds.has(id)));
  return { manifest: { ...context.manifest, routes }, branches };
}
