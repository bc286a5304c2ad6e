import { data, redirect } from 'react-router';
import { STATUS } from '@portal/contracts/envelope';
import { ebookSubmissionPreview, type JournalSubmissionPreview } from '@portal/contracts/journal-submissions';
import { ErrorPage } from '~/components/ErrorPage';
import { shellMember } from '~/features/accounts/api/current-user.server';
import { idParam } from '~/features/journal/api/journal-view';
import journalCss from '~/features/journal/components/journal.css?url';
import { SubmissionNotFound, SubmissionPreview } from '~/features/journal/components/SubmissionPreview';
import { loginPath } from '~/lib/login-link';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/journal-preview';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: journalCss }];

type PreviewPage =
  | { submission: JournalSubmissionPreview; refused: null }
  | { submission: null; refused: 'forbidden' | 'missing' };

/**
 * A submission as it would read online (the review queue's preview link): its author and the
 * magazine's editors only. The server decides: a visitor goes to the login page and comes back, any
 * other member gets the 403 page, an unknown submission the 404 page. Never indexed, never cached
 * for visitors (a session is required).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  if (!(await shellMember(context, site, request))) throw redirect(loginPath(site, url, url.origin));
  const id = idParam(params.id);
  if (id === null) return data<PreviewPage>({ submission: null, refused: 'missing' }, { status: 404 });
  const answer = await context.api.call(ebookSubmissionPreview, site.apply_site, { teba_id: id });
  const status = String(answer.status);
  if (status === String(STATUS.ok)) return { submission: answer.data, refused: null } as PreviewPage;
  if (status === String(STATUS.unauthorized)) throw redirect(loginPath(site, url, url.origin));
  if (status === String(STATUS.forbidden))
    return data<PreviewPage>({ submission: null, refused: 'forbidden' }, { status: 403 });
  return data<PreviewPage>({ submission: null, refused: 'missing' }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page?.submission)
    return routeMeta(args, { titleKey: page?.refused === 'forbidden' ? 'noPermission' : 'notFound', indexable: false });
  return routeMeta(args, { indexable: false });
};

export default function JournalPreview({ loaderData }: Route.ComponentProps) {
  if (loaderData.submission) return <SubmissionPreview submission={loaderData.submission} />;
  if (loaderData.refused === 'forbidden')
    return <ErrorPage code={403} titleKey="noPermission" textKey="noPermissionText" />;
  return <SubmissionNotFound />;
}
