import { defineFeature } from '../../platform/kit/feature';
import { bannersAdminRoutes } from './banners-admin.routes';
import { bannersRoutes } from './banners.routes';
import { siteImageRoutes } from './site-image.routes';

/** The home page's banners and the back office's site images (banner pictures, the footer's QR code). */
export const bannersFeature = defineFeature({
  name: 'banners',
  async routes(app, deps) {
    await app.register(bannersRoutes, deps);
    await app.register(bannersAdminRoutes, deps);
    await app.register(siteImageRoutes, deps);
  },
});
