import type { FastifyInstance } from 'fastify';
import {
  adminMvpEnd,
  adminMvpGrant,
  adminMvpList,
  adminMvpTerm,
  mvpApplicationMine,
  mvpApplicationSave,
  mvpApplicationSubmit,
  mvpApplicationWithdraw,
} from '@portal/contracts/mvp';
import { mvpAwards } from '@portal/contracts/mvp-awards';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { mvpService } from './mvp.service';

/** How often a process looks for MVP terms whose end has come (the role stops counting at the end itself). */
const SWEEP_EVERY_MS = 60_000;

/** The MVP programme's calls (decision 044) and the sweep that ends terms whose end has come. */
export async function mvpRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const mvp = mvpService(deps.db, deps.clock);

  registerCall(app, mvpApplicationMine, async (_body, { user }) => mvp.mine(await user()));
  registerCall(app, mvpApplicationSave, async (body, { site, user, succeed }) => {
    const answer = await mvp.save(site, await user(), body);
    succeed('mvpApplyApi.saved');
    return answer;
  });
  registerCall(app, mvpApplicationSubmit, async (body, { site, user, succeed }) => {
    const answer = await mvp.submit(site, await user(), body);
    succeed('mvpApplyApi.submitted');
    return answer;
  });
  registerCall(app, mvpApplicationWithdraw, async (_body, { user, succeed }) => {
    const answer = await mvp.withdraw(await user());
    succeed('mvpApplyApi.withdrawn');
    return answer;
  });
  registerCall(app, mvpAwards, async (body, { site }) => mvp.awards(site, body.year, body.cursor, body.limit));

  registerCall(app, adminMvpList, async (body, { site }) => mvp.adminList(site, body.cursor, body.limit));
  registerCall(app, adminMvpGrant, async (body, { site, user, request, succeed }) => {
    const answer = await mvp.grant(site, await user(), body.user_id, body.reason, body.end_time, request);
    succeed('mvpAdmin.granted');
    return answer;
  });
  registerCall(app, adminMvpTerm, async (body, { site, user, request, succeed }) => {
    const answer = await mvp.moveEnd(site, await user(), body.user_id, body.end_time, request);
    succeed('mvpAdmin.termMoved');
    return answer;
  });
  registerCall(app, adminMvpEnd, async (body, { site, user, request, succeed }) => {
    const answer = await mvp.end(site, await user(), body.user_id, body.reason, request);
    succeed('mvpAdmin.ended');
    return answer;
  });

  deps.jobs.add({
    name: 'mvp.end-terms',
    everyMs: SWEEP_EVERY_MS,
    firstAfterMs: 5_000,
    run: async () => {
      const ended = await mvp.endExpiredTerms();
      if (ended > 0) deps.log.info({ ended }, 'ended MVP terms');
    },
  });
}
