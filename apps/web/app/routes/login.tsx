import { redirect } from 'react-router';
import { shellMember } from '~/features/accounts/api/current-user.server';
import accountsCss from '~/features/accounts/components/accounts.css?url';
import { LoginPage } from '~/features/accounts/components/LoginPage';
import { loginView } from '~/features/accounts/routing/login-view';
import { afterSignInPath } from '~/features/accounts/routing/sign-in-target';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/login';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

/** A member who is signed in already goes on to the callback instead of seeing the forms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const member = await shellMember(context, site, request);
  if (member) throw redirect(afterSignInPath(member, site, url.search, url.origin));
  return null;
}

/** Switching tabs or channels only changes the path's segments: nothing to ask the server again. */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { indexable: false });

export default function Login({ params }: Route.ComponentProps) {
  return <LoginPage view={loginView(params)} />;
}
