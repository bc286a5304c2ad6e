import type { FastifyInstance } from 'fastify';
import { aboutPage } from '@portal/contracts/home';
import { adminPageGet, adminPageUpdate } from '@portal/contracts/pages';
import { registerCall } from '../../http/register-call';
import { pagesService } from './pages.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The About page as members read it, and the back office's content pages. */
export async function pagesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const pages = pagesService(deps.db, deps.clock);
  registerCall(app, aboutPage, async (_body, { site }) => pages.read(site, 'about'));
  registerCall(app, adminPageGet, async (body, { site }) => pages.get(site, body.slug));
  registerCall(app, adminPageUpdate, async (body, { site, user, request }) =>
    pages.update(site, (await user()).id, body, request),
  );
}
