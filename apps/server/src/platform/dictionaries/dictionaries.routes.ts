import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { dictList } from '@portal/contracts/dictionaries';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { dictionariesRepository } from './dictionaries.repository';

export async function dictionariesRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const repo = dictionariesRepository(deps.db);
  registerCall(
    app,
    dictList,
    async (body, { site }) => ({
      list: (await repo.entries(site.tws_id, body.kind)).map((e) => ({ label: e.label, value: e.id })),
    }),
    { writesPerMinute: deps.writesPerMinute },
  );
}
