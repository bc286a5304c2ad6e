import type { FastifyInstance } from 'fastify';
import { aboutPage } from '@portal/contracts/home';
import { adminPageGet, adminPageUpdate } from '@portal/contracts/pages';
import { REMOTE_IMAGES_DROPPED_MSG } from '@portal/contracts/uploads';
import { registerCall } from '../../http/register-call';
import { pagesService } from './pages.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The About page as members read it, and the back office's content pages. */
export async function pagesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const pages = pagesService(deps.db, deps.clock, deps.remoteImages);
  registerCall(app, aboutPage, async (_body, { site }) => pages.read(site, 'about'));
  registerCall(app, adminPageGet, async (body, { site }) => pages.get(site, body.slug));
  registerCall(app, adminPageUpdate, async (body, { site, user, request, succeed }) => {
    const page = await pages.update(site, (await user()).id, body, request);
    if (page.dropped_images > 0) succeed(REMOTE_IMAGES_DROPPED_MSG, { count: page.dropped_images });
    return page;
  });
}
