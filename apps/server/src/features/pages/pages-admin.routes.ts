import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminPageGet, adminPageUpdate } from '@portal/contracts/pages';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { pagesService } from './pages.service';

/** The back office's content pages (the About page). */
export async function pagesAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const pages = pagesService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, adminPageGet, async (body, { site }) => pages.get(site, body.slug), opts);
  registerCall(
    app,
    adminPageUpdate,
    async (body, { site, user, request }) => pages.update(site, (await user()).id, body, request),
    opts,
  );
}
