import type { FastifyInstance } from 'fastify';
import { adminPageGet, adminPageUpdate, pageContent } from '@portal/contracts/pages';
import { REMOTE_IMAGES_DROPPED_MSG } from '@portal/contracts/uploads';
import { registerCall } from '../../http/register-call';
import { pagesService } from './pages.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** Content pages (about, terms, privacy) as the portal shows them, and as the back office edits them. */
export async function pagesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const pages = pagesService(deps.db, deps.clock, deps.remoteImages);
  registerCall(app, pageContent, async (body, { site }) => pages.read(site, body.slug));
  registerCall(app, adminPageGet, async (body, { site }) => pages.get(site, body.slug));
  registerCall(app, adminPageUpdate, async (body, { site, user, request, succeed }) => {
    const page = await pages.update(site, (await user()).id, body, request);
    if (page.dropped_images > 0) succeed(REMOTE_IMAGES_DROPPED_MSG, { count: page.dropped_images });
    return page;
  });
}
