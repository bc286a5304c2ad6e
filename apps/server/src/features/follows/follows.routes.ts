import type { FastifyInstance } from 'fastify';
import { followToggle } from '@portal/contracts/accounts';
import { followMyFans, followMyFollows } from '@portal/contracts/follows-mine';
import { registerCall } from '../../http/register-call';
import { followsService } from './follows.service';
import type { FeatureDeps } from '../../platform/kit/feature';

export async function followsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const follows = followsService(deps.db);
  registerCall(app, followToggle, async (body, { user }) => follows.toggle((await user()).id, body.user_id));
  registerCall(app, followMyFollows, async (body, { site, user }) =>
    follows.list(site, (await user()).id, 'follows', body),
  );
  registerCall(app, followMyFans, async (body, { site, user }) => follows.list(site, (await user()).id, 'fans', body));
}
