import { redirect } from 'react-router';
import { DEFAULT_SITE, homePath } from '@portal/contracts/sites';
import { siteFromCookieHeader } from '~/lib/site';
import type { Route } from './+types/root-redirect';

/** `/` goes to the home page of the stored language (siteData cookie), Chinese by default. */
export function loader({ request }: Route.LoaderArgs) {
  const site = siteFromCookieHeader(request.headers.get('cookie')) ?? DEFAULT_SITE;
  const { search } = new URL(request.url);
  return redirect(`${homePath(site)}${search}`, 302);
}

export default function RootRedirect() {
  return null;
}
