import type { FastifyInstance } from 'fastify';
import {
  adminDictionaryCreate,
  adminDictionaryDelete,
  adminDictionaryList,
  adminDictionaryReorder,
  adminDictionaryUpdate,
} from '@portal/contracts/dictionaries';
import { registerCall } from '../../http/register-call';
import { dictionariesAdminService } from './dictionaries-admin.service';
import type { FeatureDeps } from '../kit/feature';

/** The back office's dictionaries: industries, scenes, sources, areas and boards of each site. */
export async function dictionariesAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const dictionaries = dictionariesAdminService(deps.db, deps.contributions.dictionaryUses, deps.clock);
  registerCall(app, adminDictionaryList, async (body, { site }) => ({
    list: await dictionaries.list(site, body.kind),
  }));
  registerCall(app, adminDictionaryCreate, async (body, { site, user, request }) =>
    dictionaries.create(site, (await user()).id, body, request),
  );
  registerCall(app, adminDictionaryUpdate, async (body, { site, user, request }) =>
    dictionaries.update(site, (await user()).id, body, request),
  );
  registerCall(app, adminDictionaryDelete, async (body, { site, user, request }) =>
    dictionaries.remove(site, (await user()).id, body.dd_id, request),
  );
  registerCall(app, adminDictionaryReorder, async (body, { site, user, request }) => ({
    list: await dictionaries.reorder(site, (await user()).id, body, request),
  }));
}
