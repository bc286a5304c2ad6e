import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QUESTIONNAIRE_MSG,
  QUESTIONNAIRE_RULE,
  questionnaireAnswer,
  questionnaireGet,
} from '@portal/contracts/questionnaires';
import {
  QUESTIONNAIRE_ADMIN_MSG,
  adminQuestionnaireDelete,
  adminQuestionnaireExport,
  adminQuestionnaireGet,
  adminQuestionnaireResults,
  adminQuestionnaireSave,
} from '@portal/contracts/questionnaires-admin';
import { ApiError } from '../../http/api-error';
import { registerCall, siteParams } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import type { FeatureDeps } from '../../platform/kit/feature';
import { questionnairesService } from './questionnaires.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Questionnaires of events (issue 18, item 7; decision 029): the page's read and answer calls, and
 * the back office's editing, results and .xlsx export of every answer.
 */
export async function questionnairesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const questionnaires = questionnairesService(deps.db, deps.clock);

  registerCall(app, questionnaireGet, async (body, { site, viewer }) =>
    questionnaires.get(site, body.ta_id, await viewer()),
  );
  registerCall(app, questionnaireAnswer, async (body, { site, user, request, succeed }) => {
    const result = await questionnaires.answer(site, (await user()).id, body, request.portal.timeZoneName);
    succeed(QUESTIONNAIRE_MSG.answered);
    return result;
  });

  registerCall(app, adminQuestionnaireGet, async (body, { site }) => questionnaires.adminGet(site, body.ta_id));
  registerCall(app, adminQuestionnaireSave, async (body, { site, user, request, succeed }) => {
    const result = await questionnaires.save(site, (await user()).id, body, request);
    succeed(QUESTIONNAIRE_ADMIN_MSG.saved);
    return result;
  });
  registerCall(app, adminQuestionnaireDelete, async (body, { site, user, request, succeed }) => {
    const result = await questionnaires.remove(site, (await user()).id, body.ta_id, request);
    succeed(QUESTIONNAIRE_ADMIN_MSG.deleted);
    return result;
  });
  registerCall(app, adminQuestionnaireResults, async (body, { site }) => questionnaires.results(site, body.ta_id));

  // A file, as the sign-up export: the call's access rule, isapi guard and body validation, the
  // .xlsx streamed row by row (exceljs' streaming writer); at most exportMaxRows answers. Audited.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `/api/:site${adminQuestionnaireExport.path}`,
    schema: {
      summary: `Downloads every answer of an event's questionnaire as an .xlsx (one row per member, one column per question; at most ${QUESTIONNAIRE_RULE.exportMaxRows} rows), oldest first. Audited.`,
      tags: ['admin'],
      operationId: adminQuestionnaireExport.id,
      params: siteParams,
      body: adminQuestionnaireExport.body,
    },
    config: {
      access: adminQuestionnaireExport.access,
      callId: adminQuestionnaireExport.id,
      rateLimit: app.writeRateLimit,
    },
    handler: async (request, reply) => {
      const site = request.portal.site;
      const member = request.currentUser ? await request.currentUser() : null;
      if (!member) throw ApiError.unauthorized();
      const { ta_id } = request.body;
      const head = await questionnaires.exportHead(site, ta_id);
      await questionnaires.auditExport(site, member.id, ta_id, request);
      const t = (key: string) => translate(site.lang, key);

      // Loaded on the first export, not at start: exceljs costs the process memory it would hold for nothing.
      const { default: ExcelJS } = await import('exceljs');
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(t('questionnaireAdmin.ui.sheetName'));
      sheet
        .addRow([
          t('questionnaireAdmin.ui.colMember'),
          t('questionnaireAdmin.ui.colEmail'),
          t('questionnaireAdmin.ui.colTime'),
          ...head.questions.map((q) => q.title),
        ])
        .commit();
      const write = async () => {
        for await (const row of questionnaires.exportRows(head.id, head.questions, QUESTIONNAIRE_RULE.exportMaxRows)) {
          sheet.addRow([row.nick_name, row.email, row.create_time, ...row.cells]).commit();
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err: unknown) => {
        request.log.error({ err }, 'questionnaire export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="questionnaire-${ta_id}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  });
}
