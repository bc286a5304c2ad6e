import type { FastifyInstance } from 'fastify';
import { dictList } from '@portal/contracts/dictionaries';
import { registerCall } from '../../http/register-call';
import { dictionariesRepository } from './dictionaries.repository';
import type { FeatureDeps } from '../kit/feature';

export async function dictionariesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const repo = dictionariesRepository(deps.db);
  registerCall(app, dictList, async (body, { site }) => ({
    list: (await repo.entries(site.tws_id, body.kind)).map((e) => ({ label: e.label, value: e.id })),
  }));
}
