import type { FastifyInstance } from 'fastify';
import { mvpList } from '@portal/contracts/experts';
import { registerCall } from '../../http/register-call';
import { expertsService } from './experts.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The MVP page's calls. Takes the database so that app.ts registers the feature in one line. */
export async function expertsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const experts = expertsService(deps.db);
  registerCall(app, mvpList, async (body, { site }) => experts.list(site, body.kind, body.cursor, body.limit));
}
