import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminPageGet, adminPageUpdate } from '@portal/contracts/pages';
import { REMOTE_IMAGES_DROPPED_MSG } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import type { RemoteImages } from '../uploads/remote-images';
import { pagesService } from './pages.service';

/** The back office's content pages (the About page). */
export async function pagesAdminRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; writesPerMinute: number; remoteImages?: RemoteImages },
) {
  const pages = pagesService(deps.db, undefined, deps.remoteImages);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, adminPageGet, async (body, { site }) => pages.get(site, body.slug), opts);
  registerCall(
    app,
    adminPageUpdate,
    async (body, { site, user, request, succeed }) => {
      const page = await pages.update(site, (await user()).id, body, request);
      if (page.dropped_images > 0) succeed(REMOTE_IMAGES_DROPPED_MSG, { n: page.dropped_images });
      return page;
    },
    opts,
  );
}
