import { describe, expect, it } from 'vitest';
import { createStaticHandler, matchRoutes, type EntryContext, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from './routes';
import { withRoutesOfPage } from './lib/page-routes.server';

// The app's own table under the root route, as the server's request handler holds it.
const toRoute = (entry: RouteConfigEntry): RouteObject =>
  entry.index
    ? { id: entry.id, index: true }
    : { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, children: entry.children?.map(toRoute) };
const table: RouteObject[] = [{ id: 'root', path: '', children: routes.map(toRoute) }];

const ids = (routeObjects: RouteObject[]): string[] =>
  routeObjects.flatMap((route) => [route.id!, ...ids(route.children ?? [])]);
const manifestRoutes = Object.fromEntries(ids(table).map((id) => [id, { id, module: `/assets/${id}.js` }]));
const manifest = {
  routes: manifestRoutes,
  entry: { module: '/assets/entry.js', imports: [] },
  url: '/m.js',
  version: '1',
};

const handler = createStaticHandler(table);

/** The context React Router hands the entry for `path`: the request's matches and the ranked branches. */
async function contextFor(path: string): Promise<EntryContext> {
  const staticHandlerContext = await handler.query(new Request(`http://portal.test${path}`));
  if (staticHandlerContext instanceof Response) throw new Error(`${path} answered a response`);
  return {
    manifest,
    staticHandlerContext,
    // What React Router's document request passes as `branches` (its handler's ranked branches).
    branches: (handler as unknown as { _internalRouteBranches: EntryContext['branches'] })._internalRouteBranches,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    isSpaMode: false,
    ssr: true,
  } as unknown as EntryContext;
}

/** What React Router's Scripts names in the page's manifest: the page's routes and each parent path's. */
function namedRoutes(context: EntryContext): Set<string> {
  const named = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const segments = context.staticHandlerContext.location.pathname.split('/').filter(Boolean);
  for (let end = segments.length - 1; end >= 0; end--) {
    const path = `/${segments.slice(0, end).join('/')}`;
    for (const match of matchRoutes(table, path) ?? []) named.add(match.route.id!);
  }
  return named;
}

const leafId = (branch: EntryContext['branches'][number]) => branch.routesMeta.at(-1)!.route.id;

describe("the render's routes narrowed to the page's", () => {
  const urls = [
    '/cn/index/index',
    '/en/discuss/info/31',
    '/cn/discuss/info/2/preview',
    '/cn/stationed/info/4/articles/new',
    '/cn/signregist/list/1/1/1',
    '/en/search/snapshot',
    '/cn/userinfo/posts',
    '/cn/no/such/page',
    '/',
  ];

  it.each(urls)('keeps %s the routes its manifest names, and only the branches that find them', async (url) => {
    const context = await contextFor(url);
    const narrowed = withRoutesOfPage(context);
    expect(new Set(Object.keys(narrowed.manifest.routes))).toEqual(namedRoutes(context));
    expect(Object.keys(narrowed.manifest.routes).length).toBeLessThan(Object.keys(manifestRoutes).length / 5);
    // Same ranked order, fewer branches, each ending in a route the manifest keeps.
    expect(context.branches.filter((branch) => narrowed.branches.includes(branch))).toEqual(narrowed.branches);
    for (const branch of narrowed.branches) expect(narrowed.manifest.routes[leafId(branch)]).toBeDefined();
    expect(narrowed.staticHandlerContext).toBe(context.staticHandlerContext);
    expect(narrowed.manifest.entry).toBe(manifest.entry);
  });

  it('finds a shape once: another post of the same kind gets the same narrowed routes', async () => {
    const first = withRoutesOfPage(await contextFor('/cn/discuss/info/11'));
    const second = withRoutesOfPage(await contextFor('/cn/discuss/info/12'));
    expect(second.manifest).toBe(first.manifest);
    expect(second.branches).toBe(first.branches);
  });

  it('leaves the context whole when the manifest lists every route (route discovery "initial")', async () => {
    const context = await contextFor('/cn/discuss/list');
    const initial = { ...context, routeDiscovery: { mode: 'initial' } } as EntryContext;
    expect(withRoutesOfPage(initial)).toBe(initial);
  });
});
