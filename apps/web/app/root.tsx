import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { DEFAULT_SITE, homePath, siteById } from '@portal/contracts/sites';
import type { Route } from './+types/root';
import { isBackOfficePath } from './components/layout/layout-flags';
import { SiteLayout } from './components/layout/SiteLayout';
import { shellMember } from './features/accounts/api/current-user.server';
import { ProfileCardHost } from './features/accounts/components/ProfileCardHost';
import { PublishPostHost } from './features/discussions/publish/PublishPostHost';
import { PublishArticleHost } from './features/topics/publish/PublishArticleHost';
import { JournalSubmitHost } from './features/journal/submit/JournalSubmitHost';
import { FeedbackEntry } from './features/feedback/components/FeedbackEntry';
import { MessageBell } from './features/messages/components/MessageBell';
import { catalogueOf, loadCatalogue } from './lib/catalogue';
import { createI18n } from './lib/i18n';
import { informationRedirect } from './lib/information-redirect';
import { APP_STYLE_KEY, InlineStylesContext } from './lib/inline-styles';
import { languageGuardRedirect } from './lib/language/guard';
import { LanguageSync } from './lib/language/LanguageSync';
import { browserLanguageStore, readStoredSite } from './lib/language/storage';
import { useNonce } from './lib/nonce';
import { prefetchCalls } from './lib/query/prefetch.server';
import { shellQueries } from './lib/query/site-queries';
import { browserQueryClient, createQueryClient } from './lib/query/query-client';
import { RequestClientBridge } from './lib/RequestClientBridge';
import { isShellStale, shellRefreshed } from './lib/session';
import { ShellContext, type Shell, type ShellUser } from './lib/shell';
import { siteFromCookieHeader, siteOfPage, siteOfUrl } from './lib/site';
import { timeZoneOfRequest } from './lib/time-zone';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export interface RootData {
  siteId: number;
  origin: string;
  user: ShellUser | null;
  /** The zone the server renders times in (decision 021). */
  timeZone: string;
  dehydratedState: DehydratedState | null;
}

/**
 * The shell's data: site of the page, request origin, the signed-in member (when the request
 * carries a session cookie the server still knows) and the footer's data. A member who has still to
 * complete their information is sent there first (spec 2).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  const site = siteOfUrl(url, siteFromCookieHeader(request.headers.get('cookie')));
  // The back office draws no navbar or footer, so it needs none of their data.
  const [member, dehydratedState] = await Promise.all([
    shellMember(context, site, request),
    isBackOfficePath(url.pathname) ? null : prefetchCalls(context, shellQueries(site)),
  ]);
  const target = informationRedirect(member, site, url);
  if (target) throw redirect(target);
  return {
    siteId: site.tws_id,
    origin: url.origin,
    user: member,
    timeZone: timeZoneOfRequest(request, site),
    dehydratedState,
  };
}

/** The root data of the last page, so that client navigations on one site do not refetch it. */
let lastRootData: RootData | undefined;

/**
 * Runs on every client-side navigation: the language guard of spec 2 first, then the shell's data
 * (kept from the last page; asked from the server only when the site or the member changed), then
 * the information redirect of spec 2.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  const stored = readStoredSite(browserLanguageStore());
  const target = languageGuardRedirect(url.pathname, stored);
  if (target) throw redirect(`${target}${url.search}`);
  const site = siteOfUrl(url, stored);
  // The texts of a page in the other language (the back office's interface switch) come first.
  await loadCatalogue(site.lang);
  if (isShellStale() || lastRootData?.siteId !== site.tws_id) {
    lastRootData = await serverLoader();
    shellRefreshed();
  }
  const information = informationRedirect(lastRootData.user, site, url);
  if (information) throw redirect(information);
  return lastRootData;
}

/** The root's client loader must see every navigation, since the guard lives there. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const nonce = useNonce();
  const site = siteOfPage(pathname, siteById(data?.siteId));
  return (
    <html lang={site.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <AppStyles nonce={nonce} />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The app's stylesheet inline, as a React style resource (lib/inline-styles.ts): written by the
 * server at the top of <head>, adopted as it is by the browser.
 */
function AppStyles({ nonce }: { nonce: string | undefined }) {
  const css = useContext(InlineStylesContext);
  return (
    <style href={APP_STYLE_KEY} precedence="default" nonce={nonce}>
      {css ?? ''}
    </style>
  );
}

function makeQueryClient() {
  return typeof window === 'undefined' ? createQueryClient() : browserQueryClient();
}

/** The features the portal's shell shows on every page, composed here so the shell imports none. */
const SITE_LAYOUT_SLOTS = {
  messageBell: <MessageBell />,
  feedback: <FeedbackEntry />,
  publishPost: <PublishPostHost />,
  publishArticle: <PublishArticleHost />,
  submitJournal: <JournalSubmitHost />,
};

export default function Root({ loaderData }: Route.ComponentProps) {
  const site = siteById(loaderData.siteId) ?? DEFAULT_SITE;
  const { pathname } = useLocation();
  // One query client per request on the server (this component renders once per request), one
  // for the page's lifetime in the browser.
  const [queryClient] = useState(makeQueryClient);
  const i18n = useMemo(() => createI18n(site.lang), [site.lang]);
  const shell = useMemo<Shell>(
    () => ({ site, origin: loaderData.origin, user: loaderData.user, timeZone: loaderData.timeZone }),
    [site, loaderData.origin, loaderData.user, loaderData.timeZone],
  );

  useEffect(() => {
    lastRootData = loaderData;
  }, [loaderData]);

  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={loaderData.dehydratedState}>
        <I18nextProvider i18n={i18n}>
          <ShellContext value={shell}>
            <RequestClientBridge />
            <LanguageSync />
            {/* The back office (/admin) draws its own frame instead of the portal's. */}
            {isBackOfficePath(pathname) ? (
              <Outlet />
            ) : (
              <SiteLayout slots={SITE_LAYOUT_SLOTS}>
                <Outlet />
              </SiteLayout>
            )}
            <ProfileCardHost />
          </ShellContext>
        </I18nextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

/** Last resort when a page fails to render: a plain message in the page's language. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const data = useRouteLoaderData<RootData>('root');
  const site = siteOfPage(pathname, siteById(data?.siteId));
  const texts = catalogueOf(site.lang);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="portal-main portal-error-page">
      <h1>{notFound ? texts.titles.notFound : texts.pages.errorTitle}</h1>
      <p>{notFound ? texts.pages.notFoundText : texts.pages.errorText}</p>
      <p>
        <a href={homePath(site)}>{texts.pages.backHome}</a>
      </p>
    </main>
  );
}
