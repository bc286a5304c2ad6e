import type { Page } from '@playwright/test';
import { getEbookList } from '@portal/contracts/journal';
import { ebookFormConfig } from '@portal/contracts/journal-submissions';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import { tinyPdf } from '../apps/server/src/seed/tiny-pdf';
import { callApi, fieldErrors, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, openedDialog } from './support/antd';
import { expect, homeOf, presetLanguage, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * The e-magazine (issue 20), on both sites: a member submits an article from the navbar's publish
 * menu (every one of spec 5's messages seen first, the first invalid field brought into view, then
 * the success dialog); an editor (the editor role, not an
 * admin) accepts it in the review queue (its preview link opens the submission as it would read
 * online; another member gets the 403 page there), creates an issue with a PDF in the back office, writes an article
 * into it and places the accepted submission into it, edited; the author's personal centre links to
 * it. The issue is
 * on the magazine home (server-rendered, with the figures), the article reads online with its
 * author, and the PDF shows in the page (pdf.js, loaded only when opened; page navigation and zoom).
 * Then the editor marks the issue partner-only: a member sees the reason instead of the download and
 * the file's address refuses them (403), while an enterprise member reads and downloads it.
 */

const admin = useAdmin();

const PDF = tinyPdf([
  { title: 'E2E issue, page one', lines: ['Storage tiering in practice'] },
  { title: 'E2E issue, page two', lines: ['Erasure coding and rebuilds'] },
]);

async function saveIn(page: Page, dialogTestId: string, saveTestId: string, path: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST'),
    page.getByTestId(saveTestId).click(),
  ]);
  const answer = (await response.json()) as { status: number; msg: string; data: Record<string, unknown> };
  expect(answer.status, `${path}: ${answer.msg}`).toBe(200);
  await expect(page.getByTestId(dialogTestId)).toHaveCount(0);
  return answer.data;
}

for (const site of SITES) {
  const ui = site.texts.journal.ui;
  const bo = site.texts.journalAdmin;
  const jf = site.texts.journalForm;

  test.describe(`the e-magazine on the ${site.name} site`, () => {
    test('an editor publishes an issue with a PDF and an article; readers read both; partner-only downloads are for partners', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const stamp = Date.now().toString(36);
      const issueTitle = site.lang === 'zh' ? `存储分层专刊 ${stamp}` : `Storage tiering issue ${stamp}`;
      const articleTitle = site.lang === 'zh' ? `冷热数据分层实践 ${stamp}` : `Hot and cold tiers in practice ${stamp}`;
      const guest = site.lang === 'zh' ? '李工' : 'Dana Lee';
      const body = site.lang === 'zh' ? '我们按访问频率把数据分成三层。' : 'We split data into three tiers by access.';

      // A member submits an article from the navbar's publish menu (items 4 and 7).
      const submissionTitle = site.lang === 'zh' ? `磁带冷存储的回归 ${stamp}` : `Tape for the cold tier ${stamp}`;
      const submissionBody = site.lang === 'zh' ? '冷数据放在磁带上，成本最低。' : 'Cold data costs least on tape.';
      const authorContext = await browser.newContext({ baseURL });
      await presetLanguage(authorContext, baseURL!, site);
      await signalHydration(authorContext);
      const author = await registerMember(authorContext.request, site, { tag: 'jauthor' });
      const lists = await callApi<{ industry_list: Array<{ label: string }>; field_list: Array<{ label: string }> }>(
        authorContext.request,
        site,
        ebookFormConfig,
      );
      const authorPage = await authorContext.newPage();
      await authorPage.goto(homeOf(site));
      await waitForHydration(authorPage);
      await authorPage.getByRole('button', { name: site.texts.nav.publish, exact: true }).hover();
      await authorPage.getByRole('button', { name: site.texts.nav.publishJournal, exact: true }).click();
      const submitDialog = await openedDialog(authorPage.getByRole('dialog', { name: jf.title }));
      await expect(submitDialog).toHaveCSS('width', '726px');
      // Prefilled from the profile the information page completed.
      const nameInput = submitDialog.getByTestId('journal-form-name');
      await expect(nameInput).toHaveValue(site.lang === 'zh' ? '测试用户' : 'Test Member');
      await expect(submitDialog.getByTestId('journal-form-mobile')).toHaveValue('13900000000');
      // Every required field empty or blank: spec 5's message on each, the first one brought into view.
      for (const id of ['journal-form-name', 'journal-form-nick', 'journal-form-mobile', 'journal-form-email'])
        await submitDialog.getByTestId(id).fill('');
      await submitDialog.getByTestId('journal-form-title').fill('   ');
      await submitDialog.locator('.ProseMirror').click();
      await submitDialog.locator('.ProseMirror').pressSequentially('   ');
      await submitDialog.getByTestId('journal-form-submit').click();
      const errors = submitDialog.locator('.ant-form-item-explain-error');
      for (const message of [
        jf.nameRequired,
        jf.nickRequired,
        jf.mobileRequired,
        jf.emailRequired,
        jf.titleRequired,
        jf.industryRequired,
        jf.fieldRequired,
        jf.contentInvalid,
      ])
        await expect(errors.filter({ hasText: message })).toHaveCount(1);
      await expect(nameInput).toBeFocused();
      await expect(nameInput).toBeInViewport();
      // Filled in properly, it goes to the editors: the success dialog says so.
      await nameInput.fill(site.lang === 'zh' ? '张三' : 'Sam Zhang');
      await submitDialog.getByTestId('journal-form-nick').fill(author.nickname);
      await submitDialog.getByTestId('journal-form-mobile').fill('13900000000');
      await submitDialog.getByTestId('journal-form-email').fill('sam@example.com');
      await submitDialog.getByTestId('journal-form-title').fill(submissionTitle);
      await chooseOption(
        submitDialog.getByTestId('journal-form-industry').getByRole('combobox', { name: jf.industryLabel }),
        lists.data.industry_list[0]!.label,
      );
      await chooseOption(
        submitDialog.getByTestId('journal-form-field').getByRole('combobox', { name: jf.fieldLabel }),
        lists.data.field_list[0]!.label,
      );
      await submitDialog.locator('.ProseMirror').pressSequentially(submissionBody);
      await expect(fieldErrors(authorPage, submitDialog.getByTestId('journal-form-name'))).toHaveCount(0);
      const [added] = await Promise.all([
        authorPage.waitForResponse((r) => r.url().endsWith('/api/ebook/add') && r.request().method() === 'POST'),
        submitDialog.getByTestId('journal-form-submit').click(),
      ]);
      const addedAnswer = (await added.json()) as { status: number; data: { teba_id: number } };
      expect(addedAnswer.status).toBe(200);
      const previewPath = `/${site.prefix}/journal/preview/${addedAnswer.data.teba_id}`;
      await expect(authorPage.getByTestId('journal-success-dialog')).toContainText(jf.successBody);
      await authorPage.getByTestId('journal-success-ok').click();
      await expect(submitDialog).toBeHidden();

      // The editor: a member the admin grants the editor role on this site; accepts the submission.
      const editor = await registerMember(context.request, site, { tag: 'jeditor' });
      await admin.call(site, adminUsersGrantRole, { user_id: editor.userId, role: 'editor' });
      await presetLanguage(context, baseURL!, site);
      await page.goto(`/admin/reviews?site=${siteCode(site)}`);
      await waitForHydration(page);
      const reviewRow = page
        .getByTestId('review-table')
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: submissionTitle });
      await reviewRow.getByTestId(/^review-open-/).click();
      const drawer = page.getByTestId('review-drawer');
      await expect(drawer.getByTestId('review-drawer-content')).toContainText(submissionBody);
      // The queue's preview link is the submission's own page, not the editor's personal centre.
      await expect(drawer.getByRole('link', { name: site.texts.reviewsAdmin.openPreview })).toHaveAttribute(
        'href',
        previewPath,
      );
      await drawer.getByTestId('review-drawer-approve').click();
      await expect(
        toasts(page).filter({ hasText: site.texts.reviews.api.decidedCount_one.replace('{{count}}', '1') }),
      ).toBeVisible();
      // The editor reads it as it would read online, server-rendered, with its industry and field.
      await page.goto(previewPath);
      const preview = page.getByTestId('journal-submission-preview');
      await expect(preview.getByTestId('journal-preview-title')).toHaveText(submissionTitle);
      await expect(preview.getByTestId('journal-article-content')).toHaveText(submissionBody);
      await expect(preview.getByTestId('journal-article-author')).toHaveText(author.nickname);
      await expect(preview.getByTestId('journal-preview-industry')).toContainText(lists.data.industry_list[0]!.label);
      await expect(preview.getByTestId('journal-preview-field')).toContainText(lists.data.field_list[0]!.label);
      await expect(preview.getByTestId('journal-preview-status')).toHaveText(site.texts.reviews.status[20]);

      await page.goto(`/admin/journal?site=${siteCode(site)}`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bo.screenTitle);

      // A new issue with its PDF.
      await page.getByTestId('journal-issue-add').click();
      const issueDialog = await openedDialog(page.getByRole('dialog', { name: bo.newIssue }));
      await issueDialog.getByTestId('journal-issue-number').fill('88');
      await issueDialog.getByTestId('journal-issue-title').fill(issueTitle);
      await issueDialog.getByTestId('journal-issue-summary').fill(`${issueTitle} summary`);
      await issueDialog
        .getByTestId('attachment-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'tiering.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(issueDialog.locator('.ant-upload-list-item-done', { hasText: 'tiering.pdf' })).toBeVisible();
      const issue = await saveIn(page, 'journal-issue-form', 'journal-issue-save', '/admin/journal/issueSave');
      const issueId = Number(issue.teb_id);

      // An article written by the editor, with a guest author.
      await page.getByTestId(`journal-issue-articles-${issueId}`).click();
      await page.getByTestId('journal-article-add').click();
      const articleDialog = await openedDialog(page.getByRole('dialog', { name: bo.newArticle }));
      await articleDialog.getByTestId('journal-article-title').fill(articleTitle);
      await articleDialog.getByTestId('journal-article-author-name').fill(guest);
      const editorBox = articleDialog.locator('.ProseMirror');
      await editorBox.click();
      await editorBox.pressSequentially(body);
      await saveIn(page, 'journal-article-form', 'journal-article-save', '/admin/journal/articleSave');
      await expect(page.getByTestId('journal-articles-drawer').getByText(articleTitle)).toBeVisible();

      // The accepted submission placed into the issue, its title edited first; its author the submitter.
      const placedTitle = `${submissionTitle} (${site.lang === 'zh' ? '编辑版' : 'edited'})`;
      await page.getByTestId('journal-article-add').click();
      const placeDialog = await openedDialog(page.getByRole('dialog', { name: bo.newArticle }));
      await chooseOption(
        placeDialog.getByTestId('journal-article-submission').getByRole('combobox', { name: bo.fromSubmission }),
        `${submissionTitle} · ${author.nickname}`,
      );
      await expect(placeDialog.getByTestId('journal-article-submitter')).toHaveText(author.nickname);
      await expect(placeDialog.locator('.ProseMirror')).toContainText(submissionBody);
      await placeDialog.getByTestId('journal-article-title').fill(placedTitle);
      await saveIn(page, 'journal-article-form', 'journal-article-save', '/admin/journal/articleSave');
      await expect(page.getByTestId('journal-articles-drawer').getByText(placedTitle)).toBeVisible();

      // A visitor's magazine home, server-rendered: the issue first, the figures above it.
      const visitor = await browser.newContext({ baseURL });
      await presetLanguage(visitor, baseURL!, site);
      await signalHydration(visitor);
      const reader = await visitor.newPage();
      const html = await (await reader.request.get(`/${site.prefix}/journal/index`)).text();
      expect(html).toContain(issueTitle);
      expect(html).toContain('data-testid="journal-stats"');
      await reader.goto(`/${site.prefix}/journal/index`);
      await waitForHydration(reader);
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(site.texts.titles.journal);
      const card = reader.getByTestId('journal-issue').first();
      await expect(card).toContainText(issueTitle);
      await expect(card).toContainText(ui.issueNumber.replace('{{number}}', '88'));
      await card.getByTestId('journal-issue-link').click();

      // The issue page: contents, the article read online, then the PDF in the page.
      await expect(reader).toHaveURL(new RegExp(`/${site.prefix}/journal/info/${issueId}$`));
      await expect(reader.getByTestId('journal-issue-title')).toHaveText(issueTitle);
      const pdfjsRequests: string[] = [];
      reader.on('request', (r) => {
        if (/pdf\.worker|pdf-[\w-]+\.js|\/journal\/pdf\//.test(r.url())) pdfjsRequests.push(r.url());
      });
      await reader.getByTestId('journal-toc-link').filter({ hasText: articleTitle }).click();
      await expect(reader).toHaveURL(new RegExp(`\\?article=\\d+$`));
      await expect(reader.getByTestId('journal-article-content')).toHaveText(body);
      await expect(reader.getByTestId('journal-article-author')).toHaveText(guest);
      const articleHtml = await (await reader.request.get(reader.url())).text();
      expect(articleHtml, 'the article is in the server-rendered page').toContain(body);
      // The article placed from the submission reads online, by its author.
      await reader.getByTestId('journal-toc-link').filter({ hasText: placedTitle }).click();
      await expect(reader.getByTestId('journal-article-content')).toHaveText(submissionBody);
      await expect(reader.getByTestId('journal-article-author')).toHaveText(author.nickname);
      expect(pdfjsRequests, 'pdf.js and the PDF wait until the reader opens it').toEqual([]);

      await reader.getByTestId('journal-pdf-open').click();
      const canvas = reader.getByTestId('journal-pdf-canvas');
      await expect(canvas).toHaveAttribute('data-rendered-page', '1', { timeout: 20_000 });
      await expect(reader.getByTestId('journal-pdf-page')).toHaveText(
        ui.pageOf.replace('{{page}}', '1').replace('{{pages}}', '2'),
      );
      expect(pdfjsRequests.some((u) => u.includes('pdf.worker'))).toBe(true);
      await reader.getByTestId('journal-pdf-next').click();
      await expect(canvas).toHaveAttribute('data-rendered-page', '2');
      const width = (await canvas.boundingBox())!.width;
      await reader.getByTestId('journal-pdf-zoom-in').click();
      await expect(reader.getByTestId('journal-pdf-zoom')).toHaveText(ui.zoom.replace('{{percent}}', '125'));
      await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(width * 1.2);
      await expect(reader.getByTestId('journal-pdf-download')).toHaveAttribute(
        'href',
        `/journal/pdf/${issueId}?download=1`,
      );
      await visitor.close();

      // The author's personal centre: the submission accepted, linking to the article.
      await authorPage.goto(`/${site.prefix}/userinfo/creations`);
      await waitForHydration(authorPage);
      const mine = authorPage
        .getByTestId('my-submissions')
        .locator('.ant-list-item')
        .filter({ hasText: submissionTitle });
      await expect(mine).toContainText(site.texts.reviews.status[20]);
      await expect(mine.getByRole('link', { name: submissionTitle })).toHaveAttribute(
        'href',
        new RegExp(`/${site.prefix}/journal/info/${issueId}\\?article=\\d+$`),
      );
      await authorContext.close();

      // The editor marks the issue partner-only.
      await page.keyboard.press('Escape');
      await page.getByTestId(`journal-issue-edit-${issueId}`).click();
      const editDialog = await openedDialog(page.getByRole('dialog', { name: bo.editIssue }));
      await editDialog.getByTestId('journal-issue-partner-only').click();
      await saveIn(page, 'journal-issue-form', 'journal-issue-save', '/admin/journal/issueSave');
      const listed = await admin.call<{ list: Array<{ teb_id: number; partner_only: boolean }> }>(
        site,
        getEbookList,
        {},
      );
      expect(listed.list.find((i) => i.teb_id === issueId)?.partner_only).toBe(true);

      // A member: the reason instead of the download, and the address refuses them.
      const memberContext = await browser.newContext({ baseURL });
      await presetLanguage(memberContext, baseURL!, site);
      await signalHydration(memberContext);
      await registerMember(memberContext.request, site, { tag: 'jreader' });
      const memberPage = await memberContext.newPage();
      await memberPage.goto(`/${site.prefix}/journal/info/${issueId}`);
      await waitForHydration(memberPage);
      await expect(memberPage.getByTestId('journal-pdf-refused')).toContainText(ui.partnersOnly);
      await expect(memberPage.getByTestId('journal-pdf-download')).toHaveCount(0);
      const refused = await memberContext.request.get(`/journal/pdf/${issueId}?download=1`);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { msg: string }).msg).toBe(site.texts.journalAdmin.api.partnersOnly);
      expect((await memberContext.request.get(`/journal/pdf/${issueId}`)).status()).toBe(403);
      // Nor may they read someone else's submission: the server answers the 403 page.
      const notTheirs = await memberContext.request.get(previewPath);
      expect(notTheirs.status()).toBe(403);
      const notTheirsHtml = await notTheirs.text();
      expect(notTheirsHtml).toContain('data-testid="error-403"');
      expect(notTheirsHtml).not.toContain(submissionBody);
      await memberContext.close();

      // An enterprise member (a partner) reads and downloads it.
      const partnerContext = await browser.newContext({ baseURL });
      await presetLanguage(partnerContext, baseURL!, site);
      await signalHydration(partnerContext);
      const partner = await registerMember(partnerContext.request, site, { tag: 'jpartner' });
      // Registering signed the context in, and roles are read on every request: no password sign-in,
      // which other journeys' wrong passwords leave refused from this address for a while.
      await admin.call(site, adminUsersGrantRole, { user_id: partner.userId, role: 'enterprise' });
      const partnerPage = await partnerContext.newPage();
      await partnerPage.goto(`/${site.prefix}/journal/info/${issueId}`);
      await waitForHydration(partnerPage);
      await expect(partnerPage.getByTestId('journal-pdf-refused')).toHaveCount(0);
      const [download] = await Promise.all([
        partnerPage.waitForEvent('download'),
        partnerPage.getByTestId('journal-pdf-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe('tiering.pdf');
      const served = await partnerContext.request.get(`/journal/pdf/${issueId}?download=1`);
      expect(served.status()).toBe(200);
      expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await partnerContext.close();
    });
  });
}
