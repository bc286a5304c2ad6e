import type { FastifyInstance } from 'fastify';
import { adminPointsRules, adminPointsUpdateRule } from '@portal/contracts/points-admin';
import { pointsHistory, pointsMine, pointsSignIn } from '@portal/contracts/points-member';
import { viewerTimeZone } from '@portal/contracts/time';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../kit/feature';
import { pointsAdminService } from './points-admin.service';
import { pointsMemberService } from './points-member.service';

/** The member's points, sign-in and history, and the back office's rules (decision 032). */
export async function pointsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const member = pointsMemberService(deps.db, deps.clock);
  const admin = pointsAdminService(deps.db, deps.clock);
  registerCall(app, pointsMine, async (_body, { site, user, request }) =>
    member.mine((await user()).id, site, viewerTimeZone(request.portal.timeZoneName, site.lang)),
  );
  registerCall(app, pointsSignIn, async (_body, { site, user, request }) =>
    member.signIn((await user()).id, site, viewerTimeZone(request.portal.timeZoneName, site.lang)),
  );
  registerCall(app, pointsHistory, async (body, { user }) =>
    member.history((await user()).id, body.cursor, body.limit),
  );
  registerCall(app, adminPointsRules, async (_body, { site }) => admin.list(site));
  registerCall(app, adminPointsUpdateRule, async (body, { site, user, request }) =>
    admin.update(site, (await user()).id, body, request),
  );
}
