import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  adminExpertGrant,
  adminExpertList,
  adminExpertRevoke,
  EXPERT_APPLICATION_RULE,
  expertApplicationMine,
  expertApplicationSave,
  expertApplicationSubmit,
  expertApplicationWithdraw,
  myApplications,
  uploadExpertPhoto,
} from '@portal/contracts/expert-applications';
import { registerCall } from '../../http/register-call';
import { registerUpload } from '../../http/register-upload';
import type { FeatureDeps } from '../../platform/kit/feature';
import { fileRefusal, MB, uploadsService } from '../../platform/uploads/uploads.service';
import { expertApplicationsService } from './expert-applications.service';
import { expertsAdminService } from './experts-admin.service';
import { mvpService } from './mvp.service';

const R = EXPERT_APPLICATION_RULE;

/**
 * The expert application's calls (the member's: read, save, submit, withdraw, the photo, the list
 * of applications) and the back office's experts list (grant, revoke). The photo goes through the
 * uploads module with the application's own limits: JPG/JPEG/PNG by content, 3 MB, reading stopped
 * at the limit. Multipart in this plugin only.
 */
export async function expertApplicationsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const applications = expertApplicationsService(deps.db, deps.clock);
  const mvp = mvpService(deps.db, deps.clock);
  const admin = expertsAdminService(deps.db, deps.clock);
  const uploads = uploadsService({ db: deps.db, storage: deps.storage, uploadsDir: deps.config.uploadsDir });

  await app.register(multipart, {
    limits: { fileSize: R.photoMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  registerCall(app, expertApplicationMine, async (_body, { user }) => applications.mine(await user()));
  registerCall(app, expertApplicationSave, async (body, { site, user, succeed }) => {
    const answer = await applications.save(site, await user(), body);
    succeed('expertApplyApi.saved');
    return answer;
  });
  registerCall(app, expertApplicationSubmit, async (body, { site, user, succeed }) => {
    const answer = await applications.submit(site, await user(), body);
    succeed('expertApplyApi.submitted');
    return answer;
  });
  registerCall(app, expertApplicationWithdraw, async (_body, { user, succeed }) => {
    const answer = await applications.withdraw(await user());
    succeed('expertApplyApi.withdrawn');
    return answer;
  });
  registerCall(app, myApplications, async (_body, { site, user }) => {
    const member = await user();
    const [own, mvpApplication, others] = await Promise.all([
      applications.myApplications(site, member),
      mvp.myApplication(site, member),
      Promise.all(deps.contributions.memberApplications.map((s) => s.mine(deps.db, site, member))),
    ]);
    return { list: [...own.list, ...[mvpApplication, ...others].filter((a) => a !== null)] };
  });

  const types = R.photoTypes.map((t) => t.toUpperCase()).join('/');
  const summary = `Uploads the expert application's photo: multipart/form-data with one ${types} file (by content) of at most ${R.photoMaxMb} MB in the field \`file\`; stored without metadata under a random name`;
  registerUpload(app, uploadExpertPhoto, { summary, tag: 'experts' }, async ({ request, member }) => {
    const lang = request.portal.site.lang;
    let part: Awaited<ReturnType<typeof request.file>> | undefined;
    try {
      part = request.isMultipart() ? await request.file() : undefined;
    } catch (err) {
      // A body the multipart parser cannot read (no boundary, malformed headers): no file was sent.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw fileRefusal(lang, 400, 'missing');
    }
    if (!part || part.fieldname !== uploadExpertPhoto.field) {
      part?.file.resume();
      throw fileRefusal(lang, 400, 'missing');
    }
    const stored = await uploads.storeUpload({
      ownerId: member.id,
      lang,
      purpose: 'image',
      types: R.photoTypes,
      fileName: part.filename,
      stream: part.file,
      mb: R.photoMaxBytes / MB,
      log: request.log,
    });
    return { att_id: stored.att_id, address: stored.address };
  });

  registerCall(app, adminExpertList, async (body, { site }) => admin.list(site, body.cursor, body.limit));
  registerCall(app, adminExpertGrant, async (body, { site, user, request, succeed }) => {
    const answer = await admin.grant(site, await user(), body.user_id, body.reason, request);
    succeed('expertsAdmin.granted');
    return answer;
  });
  registerCall(app, adminExpertRevoke, async (body, { site, user, request, succeed }) => {
    const answer = await admin.revoke(site, await user(), body.user_id, body.reason, request);
    succeed('expertsAdmin.revoked');
    return answer;
  });
}
