import type { FastifyInstance } from 'fastify';
import {
  adminBannerCreate,
  adminBannerDelete,
  adminBannerList,
  adminBannerReorder,
  adminBannerUpdate,
} from '@portal/contracts/banners';
import type { FeatureDeps } from '../../platform/kit/feature';
import { registerCall } from '../../http/register-call';
import { bannersAdminService } from './banners-admin.service';

/** The back office's banners (the image upload is in site-image.routes.ts). */
export async function bannersAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const banners = bannersAdminService(deps.db, { storage: deps.storage, clock: deps.clock });
  registerCall(app, adminBannerList, async (_body, { site }) => ({ list: await banners.list(site) }));
  registerCall(app, adminBannerCreate, async (body, { site, user, request }) =>
    banners.create(site, (await user()).id, body, request),
  );
  registerCall(app, adminBannerUpdate, async (body, { site, user, request }) =>
    banners.update(site, (await user()).id, body, request),
  );
  registerCall(app, adminBannerDelete, async (body, { site, user, request }) =>
    banners.remove(site, (await user()).id, body.tb_id, request),
  );
  registerCall(app, adminBannerReorder, async (body, { site, user, request }) => ({
    list: await banners.reorder(site, (await user()).id, body.ids, request),
  }));
}
