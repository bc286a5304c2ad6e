import { defineFeature } from '../kit/feature';
import { dictionariesAdminRoutes } from './dictionaries-admin.routes';
import { dictionariesRoutes } from './dictionaries.routes';

/** Industries, scenes, sources, areas and boards: the lists every domain files things under. */
export const dictionariesFeature = defineFeature({
  name: 'dictionaries',
  async routes(app, deps) {
    await app.register(dictionariesRoutes, deps);
    await app.register(dictionariesAdminRoutes, deps);
  },
});
