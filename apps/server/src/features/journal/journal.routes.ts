import type { FastifyInstance } from 'fastify';
import {
  ebookArticleInfo,
  ebookArticleList,
  ebookInfo,
  ebookPreviousList,
  getEbookCategory,
  getEbookList,
  journalStats,
} from '@portal/contracts/journal';
import { ApiError } from '../../http/api-error';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { sendAttachment } from '../../platform/uploads/attachment-response';
import { journalAdminRoutes } from './journal-admin.routes';
import { journalSubmissionsRoutes } from './journal-submissions.routes';
import { journalService, readerKey } from './journal.service';

/**
 * The e-magazine (issue 20): the ebook calls of spec 7 and the PDF address, which checks the
 * partner-only switch on the server (spec 6) before a byte is sent; then the back office's calls.
 */
export async function journalRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const journal = journalService(deps.db, deps.clock);
  deps.jobs.add({
    name: 'journal.forget-readers',
    firstAfterMs: 60_000,
    everyMs: 60 * 60_000,
    run: async () => {
      await journal.forgetOldReaders();
    },
  });

  registerCall(app, getEbookCategory, async (_body, { site }) => journal.categories(site));
  registerCall(app, getEbookList, async (body, { site }) => journal.list(site, body));
  registerCall(app, ebookInfo, async (body, { site, viewer, request }) => {
    const who = await viewer();
    return journal.info(site, body.teb_id, who, readerKey(who, request.portal.visitorId, request.ip));
  });
  registerCall(app, ebookArticleList, async (body, { site, viewer }) => journal.articles(site, body, await viewer()));
  registerCall(app, ebookPreviousList, async (body, { site, viewer }) => journal.previous(site, body, await viewer()));
  registerCall(app, journalStats, async (_body, { site }) => journal.stats(site));
  registerCall(app, ebookArticleInfo, async (body, { site, viewer, request }) => {
    const who = await viewer();
    return journal.article(site, body.tea_id, who, readerKey(who, request.portal.visitorId, request.ip));
  });

  // The PDF: inline for the page's reader (byte ranges), `?download=1` as a download, which counts.
  // Never cached by shared caches: whether it is served depends on who asks.
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
    '/journal/pdf/:id',
    async (request, reply) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (id <= 0) throw ApiError.notFound('journalAdmin.api.issueNotFound');
      const who = request.currentUser ? await request.currentUser() : null;
      const download = request.query.download === '1';
      const { pdf } = await journal.pdf(id, who, readerKey(who, request.portal.visitorId, request.ip), download);
      return sendAttachment(request, reply, pdf, {
        storage: deps.storage,
        uploadsDir: deps.config.uploadsDir,
        inline: !download,
        cache: 'private, no-store',
      });
    },
  );

  await journalAdminRoutes(app, deps);
  await journalSubmissionsRoutes(app, deps);
}
