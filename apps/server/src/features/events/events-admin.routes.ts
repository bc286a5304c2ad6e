import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EVENT_ADMIN_RULE,
  EVENTS_ADMIN_MSG,
  adminEventCheckIn,
  adminEventCreate,
  adminEventExport,
  adminEventGet,
  adminEventList,
  adminEventSignups,
  adminEventTopics,
  adminEventUndoCheckIn,
  adminEventUpdate,
} from '@portal/contracts/events-admin';
import { VIEW_TYPE, activityCheckinCode, signregistList } from '@portal/contracts/event-signups';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import { ApiError } from '../../http/api-error';
import { registerCall, siteParams } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import type { FeatureDeps } from '../../platform/kit/feature';
import { eventsAdminService } from './events-admin.service';
import type { EventListCache } from './events.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Events in the back office (issue 18, items 5, 6, 9; decision 028): the site's events, create and
 * edit, sign-ups, check-in by code or from the list, the .xlsx export; the member's own check-in
 * code; the public, masked sign-up list.
 */
export async function eventsAdminRoutes(app: FastifyInstance, deps: FeatureDeps, listCache: EventListCache) {
  const events = eventsAdminService(deps.db, deps.clock, deps.contributions.topicDirectories[0], () =>
    listCache.clear(),
  );

  registerCall(app, adminEventList, async (body, { site }) => events.list(site, body));
  registerCall(app, adminEventTopics, async (_body, { site }) => events.topicOptions(site));
  registerCall(app, adminEventGet, async (body, { site }) => events.get(site, body.ta_id));
  registerCall(app, adminEventCreate, async (body, { site, user, request, succeed }) => {
    const result = await events.create(site, (await user()).id, body, request);
    succeed(EVENTS_ADMIN_MSG.created);
    return result;
  });
  registerCall(app, adminEventUpdate, async (body, { site, user, request, succeed }) => {
    const result = await events.update(site, (await user()).id, body, request);
    succeed(EVENTS_ADMIN_MSG.updated);
    return result;
  });
  registerCall(app, adminEventSignups, async (body, { site }) => events.signups(site, body));
  registerCall(app, adminEventCheckIn, async (body, { site, user, request, succeed }) => {
    const result = await events.checkIn(site, (await user()).id, body, request);
    succeed(result.already ? EVENTS_ADMIN_MSG.alreadyCheckedIn : EVENTS_ADMIN_MSG.checkedIn);
    return result;
  });
  registerCall(app, adminEventUndoCheckIn, async (body, { site, user, request, succeed }) => {
    const result = await events.undoCheckIn(site, (await user()).id, body, request);
    succeed(EVENTS_ADMIN_MSG.undone);
    return result;
  });
  registerCall(app, activityCheckinCode, async (body, { site, user }) =>
    events.checkinCode(site, (await user()).id, body.ta_id),
  );
  registerCall(app, signregistList, async (body, { site }) => events.publicList(site, body));

  // The export is a file: the same access rule, isapi guard and body validation as a call, but the
  // answer is an .xlsx written row by row into the response (exceljs' streaming writer), so a long
  // list never sits whole in memory; at most exportMaxRows rows.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `/api/:site${adminEventExport.path}`,
    schema: {
      summary: `Downloads an event's sign-ups (view_type 1 signed up, 2 waiting) as an .xlsx of at most ${EVENT_ADMIN_RULE.exportMaxRows} rows, oldest first. Audited.`,
      tags: ['admin'],
      operationId: adminEventExport.id,
      params: siteParams,
      body: adminEventExport.body,
    },
    config: { access: adminEventExport.access, callId: adminEventExport.id, rateLimit: app.writeRateLimit },
    handler: async (request, reply) => {
      const site = request.portal.site;
      const member = request.currentUser ? await request.currentUser() : null;
      if (!member) throw ApiError.unauthorized();
      const { ta_id, view_type } = request.body;
      const head = await events.exportHead(site, ta_id);
      await events.auditExport(site, member.id, ta_id, view_type, request);
      const t = (key: string) => translate(site.lang, key);

      // Loaded on the first export, not at start: exceljs costs the process about 25 MB it would hold for nothing.
      const { default: ExcelJS } = await import('exceljs');
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(t('eventsAdmin.ui.sheetName'));
      sheet
        .addRow([
          t('eventsAdmin.ui.colMember'),
          'Email',
          t('eventsAdmin.ui.colContact'),
          t('eventsAdmin.ui.colStatus'),
          t('eventsAdmin.ui.colSignupTime'),
          t('eventsAdmin.ui.colCheckIn'),
          t('eventsAdmin.ui.colCheckinTime'),
          ...head.fields.map((f) => f.label),
        ])
        .commit();
      const statusText =
        view_type === VIEW_TYPE.waitlist ? t('eventsAdmin.ui.waitlist') : t('eventsAdmin.ui.confirmed');
      const write = async () => {
        for await (const s of events.exportRows(ta_id, view_type, EVENT_ADMIN_RULE.exportMaxRows)) {
          sheet
            .addRow([
              s.user_nick_name,
              s.user_email,
              s.user_mobile,
              s.status === SIGNUP_STATUS.signedUp || s.status === SIGNUP_STATUS.waiting ? statusText : '',
              s.create_time,
              s.checked_in ? t('eventsAdmin.ui.checkedIn') : t('eventsAdmin.ui.notCheckedIn'),
              s.checkin_time ?? '',
              ...head.fields.map((f) => s.answers[f.key] ?? ''),
            ])
            .commit();
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err: unknown) => {
        request.log.error({ err }, 'sign-up export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      const filename = `signups-${ta_id}-${view_type === VIEW_TYPE.waitlist ? 'waitlist' : 'confirmed'}.xlsx`;
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  });
}
