import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminDictionaryCreate,
  adminDictionaryDelete,
  adminDictionaryList,
  adminDictionaryReorder,
  adminDictionaryUpdate,
} from '@portal/contracts/dictionaries';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { dictionariesAdminService } from './dictionaries-admin.service';

/** The back office's dictionaries: industries, scenes, sources, areas and boards of each site. */
export async function dictionariesAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const dictionaries = dictionariesAdminService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(
    app,
    adminDictionaryList,
    async (body, { site }) => ({ list: await dictionaries.list(site, body.kind) }),
    opts,
  );
  registerCall(
    app,
    adminDictionaryCreate,
    async (body, { site, user, request }) => dictionaries.create(site, (await user()).id, body, request),
    opts,
  );
  registerCall(
    app,
    adminDictionaryUpdate,
    async (body, { site, user, request }) => dictionaries.update(site, (await user()).id, body, request),
    opts,
  );
  registerCall(
    app,
    adminDictionaryDelete,
    async (body, { site, user, request }) => dictionaries.remove(site, (await user()).id, body.dd_id, request),
    opts,
  );
  registerCall(
    app,
    adminDictionaryReorder,
    async (body, { site, user, request }) => ({
      list: await dictionaries.reorder(site, (await user()).id, body, request),
    }),
    opts,
  );
}
