import type { FastifyInstance } from 'fastify';
import { bannerList } from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { bannersRepository } from './banners.repository';

/** The home page's carousel: the banners live now. */
export async function bannersRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const banners = bannersRepository(deps.db);
  registerCall(app, bannerList, async (_body, { site }) => ({
    list: (await banners.live(site.tws_id, deps.clock.now())).map((b) => ({
      tb_id: b.id,
      tb_title: b.title,
      tb_img_url: b.image_url,
      tb_link_url: b.link_url,
      tb_sort: b.sort,
    })),
  }));
}
