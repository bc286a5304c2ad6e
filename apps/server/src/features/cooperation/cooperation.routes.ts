import type { FastifyInstance } from 'fastify';
import {
  adminCooperationDelete,
  adminCooperationGet,
  adminCooperationList,
  adminCooperationSave,
  adminPartnerAddMember,
  adminPartnerList,
  adminPartnerMembers,
  adminPartnerRemoveMember,
  adminPartnerSave,
  cooperationInfo,
  cooperationList,
  cooperationMine,
  cooperationSave,
  cooperationSubmit,
  cooperationWithdraw,
  partnerDirectory,
} from '@portal/contracts/cooperation';
import { ApiError } from '../../http/api-error';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { sendAttachment } from '../../platform/uploads/attachment-response';
import { cooperationAdminService } from './cooperation-admin.service';
import { cooperationApplicationsService } from './cooperation-applications.service';
import { cooperationService } from './cooperation.service';

/**
 * Cooperation (decision 045): the pages and partner directory, a page's download (the partner-only
 * switch checked on the server before a byte is sent), the member's application, and the back
 * office's pages, partner companies and members.
 */
export async function cooperationRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const cooperation = cooperationService(deps.db);
  const applications = cooperationApplicationsService(deps.db, deps.clock);
  const admin = cooperationAdminService(deps.db, deps.clock, deps.remoteImages);

  registerCall(app, cooperationList, async (body, { site }) => cooperation.list(site, body));
  registerCall(app, cooperationInfo, async (body, { site, viewer }) => cooperation.info(site, body.id, await viewer()));
  registerCall(app, partnerDirectory, async (body) => cooperation.partners(body));

  // A download: never cached by shared caches, since whether it is served depends on who asks.
  app.get<{ Params: { id: string } }>('/cooperate/file/:id', async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (id <= 0) throw ApiError.notFound('cooperationApi.fileNotFound');
    const who = request.currentUser ? await request.currentUser() : null;
    const file = await cooperation.file(id, who);
    return sendAttachment(request, reply, file, {
      storage: deps.storage,
      uploadsDir: deps.config.uploadsDir,
      inline: false,
      cache: 'private, no-store',
    });
  });

  registerCall(app, cooperationMine, async (_body, { user }) => applications.mine(await user()));
  registerCall(app, cooperationSave, async (body, { site, user, succeed }) => {
    const answer = await applications.save(site, await user(), body);
    succeed('cooperationApi.saved');
    return answer;
  });
  registerCall(app, cooperationSubmit, async (body, { site, user, succeed }) => {
    const answer = await applications.submit(site, await user(), body);
    succeed('cooperationApi.submitted');
    return answer;
  });
  registerCall(app, cooperationWithdraw, async (_body, { user, succeed }) => {
    const answer = await applications.withdraw(await user());
    succeed('cooperationApi.withdrawn');
    return answer;
  });

  registerCall(app, adminCooperationList, async (_body, { site }) => admin.list(site));
  registerCall(app, adminCooperationGet, async (body, { site }) => admin.get(site, body.id));
  registerCall(app, adminCooperationSave, async (body, { site, user, request }) =>
    admin.save(site, await user(), body, request),
  );
  registerCall(app, adminCooperationDelete, async (body, { site, user, request }) =>
    admin.remove(site, await user(), body.id, request),
  );
  registerCall(app, adminPartnerList, async (body) => admin.partners(body));
  registerCall(app, adminPartnerSave, async (body, { site, user, request }) =>
    admin.savePartner(site, await user(), body, request),
  );
  registerCall(app, adminPartnerMembers, async (body, { site }) => admin.members(site, body.company_id));
  registerCall(app, adminPartnerAddMember, async (body, { site, user, request }) =>
    admin.addMember(site, await user(), body, request),
  );
  registerCall(app, adminPartnerRemoveMember, async (body, { site, user, request }) =>
    admin.removeMember(site, await user(), body, request),
  );
}
