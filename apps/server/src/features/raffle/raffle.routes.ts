import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RAFFLE_RULE,
  raffleBuyChances,
  raffleCurrent,
  raffleDraw,
  raffleMyPrizes,
  raffleWinners,
} from '@portal/contracts/raffle';
import {
  adminRaffleCreate,
  adminRaffleDraws,
  adminRaffleExport,
  adminRaffleList,
  adminRaffleUpdate,
} from '@portal/contracts/raffle-admin';
import { viewerTimeZone } from '@portal/contracts/time';
import { ApiError } from '../../http/api-error';
import { registerCall, siteParams } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import type { FeatureDeps } from '../../platform/kit/feature';
import { raffleAdminService } from './raffle-admin.service';
import { raffleService } from './raffle.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The raffle page's calls and the back office's campaigns, draw log and winners' export (decision 037). */
export async function raffleRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const raffle = raffleService(deps.db, deps.clock);
  const admin = raffleAdminService(deps.db, deps.clock);
  const zoneOf = (request: { portal: { timeZoneName: string | null | undefined } }, lang: 'zh' | 'en') =>
    viewerTimeZone(request.portal.timeZoneName, lang);

  registerCall(app, raffleCurrent, async (_body, { site, viewer, request }) => {
    const member = await viewer();
    return raffle.current(site, member && !member.banned ? member.id : null, zoneOf(request, site.lang));
  });
  registerCall(app, raffleDraw, async (body, { site, user, request }) =>
    raffle.draw(site, (await user()).id, body.trc_id, zoneOf(request, site.lang)),
  );
  registerCall(app, raffleBuyChances, async (body, { site, user, request }) =>
    raffle.buyChances(site, (await user()).id, body.trc_id, body.count, zoneOf(request, site.lang)),
  );
  registerCall(app, raffleMyPrizes, async (body, { site, user }) =>
    raffle.myPrizes(site, (await user()).id, body.cursor, body.limit),
  );
  registerCall(app, raffleWinners, async (body, { site }) =>
    raffle.winners(site, body.trc_id, body.cursor, body.limit),
  );

  registerCall(app, adminRaffleList, async (body, { site }) => admin.list(site, body.cursor, body.limit));
  registerCall(app, adminRaffleCreate, async (body, { site, user, request }) =>
    admin.create(site, (await user()).id, body, request),
  );
  registerCall(app, adminRaffleUpdate, async (body, { site, user, request }) =>
    admin.update(site, (await user()).id, body, request),
  );
  registerCall(app, adminRaffleDraws, async (body, { site }) => admin.draws(site, body));

  // The winners' export is a file: the call's access rule, isapi guard and body validation, but the
  // answer is an .xlsx streamed row by row (exceljs' streaming writer), as the events' sign-up export.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `/api/:site${adminRaffleExport.path}`,
    schema: {
      summary: `Downloads a campaign's winners as an .xlsx of at most ${RAFFLE_RULE.exportMaxRows} rows, newest first. Audited.`,
      tags: ['admin'],
      operationId: adminRaffleExport.id,
      params: siteParams,
      body: adminRaffleExport.body,
    },
    config: { access: adminRaffleExport.access, callId: adminRaffleExport.id, rateLimit: app.writeRateLimit },
    handler: async (request, reply) => {
      const site = request.portal.site;
      const member = request.currentUser ? await request.currentUser() : null;
      if (!member) throw ApiError.unauthorized();
      const { trc_id } = request.body;
      await admin.exportHead(site, trc_id);
      await admin.auditExport(site, member.id, trc_id, request);
      const t = (key: string) => translate(site.lang, key);

      // Loaded on the first export, not at start: exceljs costs the process memory it would hold for nothing.
      const { default: ExcelJS } = await import('exceljs');
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(t('raffleAdmin.sheetName'));
      sheet
        .addRow([
          t('raffleAdmin.colMember'),
          'Email',
          t('raffleAdmin.colPrize'),
          t('raffleAdmin.colChance'),
          t('raffleAdmin.colTime'),
        ])
        .commit();
      const write = async () => {
        for await (const d of admin.exportRows(trc_id, RAFFLE_RULE.exportMaxRows)) {
          sheet
            .addRow([
              d.user_nick_name,
              d.user_email,
              d.trp_name,
              t(d.chance === 'extra' ? 'raffleAdmin.chanceExtra' : 'raffleAdmin.chanceDaily'),
              d.create_time,
            ])
            .commit();
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err: unknown) => {
        request.log.error({ err }, 'raffle winners export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="raffle-${trc_id}-winners.xlsx"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  });
}
