import type { FastifyInstance } from 'fastify';
import {
  adminJournalArticleDelete,
  adminJournalArticleList,
  adminJournalArticleSave,
  adminJournalCategoryDelete,
  adminJournalCategoryList,
  adminJournalCategorySave,
  adminJournalIssueDelete,
  adminJournalIssueList,
  adminJournalIssueSave,
  adminJournalIssueStats,
} from '@portal/contracts/journal-admin';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { journalAdminService } from './journal-admin.service';

/** The back office's e-magazine calls (journal.manage on the managed site); thin. */
export async function journalAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const admin = journalAdminService(deps.db, deps.clock, async (att) => {
    const source = await deps.storage.open(att.storage_key);
    if (!source) return '';
    try {
      return (await source.read(0, 8)).toString('latin1');
    } finally {
      await source.close();
    }
  });

  registerCall(app, adminJournalCategoryList, async (_body, { site }) => admin.categories(site));
  registerCall(app, adminJournalCategorySave, async (body, { site, user, request }) =>
    admin.saveCategory(site, (await user()).id, body, request),
  );
  registerCall(app, adminJournalCategoryDelete, async (body, { site, user, request }) =>
    admin.deleteCategory(site, (await user()).id, body.tjc_id, request),
  );
  registerCall(app, adminJournalIssueList, async (body, { site }) => admin.issues(site, body));
  registerCall(app, adminJournalIssueSave, async (body, { site, user, request }) =>
    admin.saveIssue(site, (await user()).id, body, request),
  );
  registerCall(app, adminJournalIssueDelete, async (body, { site, user, request }) =>
    admin.deleteIssue(site, (await user()).id, body.teb_id, request),
  );
  registerCall(app, adminJournalArticleList, async (body, { site }) => admin.articles(site, body));
  registerCall(app, adminJournalArticleSave, async (body, { site, user, request }) =>
    admin.saveArticle(site, (await user()).id, body, request),
  );
  registerCall(app, adminJournalArticleDelete, async (body, { site, user, request }) =>
    admin.deleteArticle(site, (await user()).id, body.tea_id, request),
  );
  registerCall(app, adminJournalIssueStats, async (body, { site }) => admin.stats(site, body.teb_id));
}
