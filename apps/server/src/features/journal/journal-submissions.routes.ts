import type { FastifyInstance } from 'fastify';
import { adminJournalSubmissionList } from '@portal/contracts/journal-admin';
import {
  ebookAdd,
  ebookEdit,
  ebookFormConfig,
  ebookMine,
  ebookSubmissionInfo,
  ebookSubmissionPreview,
  ebookWithdraw,
} from '@portal/contracts/journal-submissions';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { journalSubmissionsService } from './journal-submissions.service';

/** The member's submission calls (spec 7 `/api/ebook/add` and the personal centre's), and the editors' list of accepted ones; thin. */
export async function journalSubmissionsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const submissions = journalSubmissionsService(deps.db, deps.clock, deps.remoteImages);

  registerCall(app, ebookFormConfig, async (_body, { site, user }) => submissions.formConfig(site, (await user()).id));
  registerCall(app, ebookAdd, async (body, { site, user, succeed }) => {
    const result = await submissions.add(site, (await user()).id, body);
    succeed('journalForm.api.submitted');
    return result;
  });
  registerCall(app, ebookEdit, async ({ teba_id, ...form }, { site, user, succeed }) => {
    const result = await submissions.edit(site, (await user()).id, teba_id, form);
    succeed('journalForm.api.resubmitted');
    return result;
  });
  registerCall(app, ebookWithdraw, async (body, { user, succeed }) => {
    const result = await submissions.withdraw((await user()).id, body.teba_id);
    succeed('journalForm.api.withdrawn');
    return result;
  });
  registerCall(app, ebookMine, async (body, { user }) => submissions.mine((await user()).id, body));
  registerCall(app, ebookSubmissionInfo, async (body, { user }) => submissions.info((await user()).id, body.teba_id));
  registerCall(app, ebookSubmissionPreview, async (body, { user }) => submissions.preview(await user(), body.teba_id));
  registerCall(app, adminJournalSubmissionList, async (body, { site }) => submissions.accepted(site, body));
}
