import type { FastifyInstance } from 'fastify';
import { followToggle } from '@portal/contracts/accounts';
import { registerCall } from '../../http/register-call';
import { followsService } from './follows.service';
import type { FeatureDeps } from '../../platform/kit/feature';

export async function followsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const follows = followsService(deps.db);
  registerCall(app, followToggle, async (body, { user }) => follows.toggle((await user()).id, body.user_id));
}
