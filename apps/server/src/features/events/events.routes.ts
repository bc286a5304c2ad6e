import type { FastifyInstance } from 'fastify';
import { activityList } from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { eventsService } from './events.service';

export async function eventsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const events = eventsService(deps.db, deps.clock);
  registerCall(app, activityList, async (body, { site }) => ({ list: await events.latest(site, body.limit) }));
}
