import type { Locator, Page } from '@playwright/test';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import {
  topicArticleAdd,
  topicArticleInfo,
  topicArticlePath,
  topicFormConfig,
  topicInfo,
  topicPageList,
  type TopicArticleDetail,
  type TopicDetail,
} from '@portal/contracts/topics';
import { callApi, fieldErrors, fill, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption } from './support/antd';
import {
  expect,
  presetLanguage,
  signalHydration,
  SITES,
  test,
  waitForHydration,
  type E2eSite,
} from './support/fixtures';

/**
 * Topics (issue 19, items 1–5), on both sites: the topic list; a member follows a topic and submits
 * an article from the topic's page (every validation message of spec 5 on the way, the first invalid
 * field in view, a reprint naming its original); the 500 px success dialog; one of the topic's hosts
 * approves it in the back office's review queue; it is then on the topic page and on its own page
 * (with its Article structured data under the page's nonce). A visitor pressing publish (topic page
 * or navbar) goes to login with the page as callback.
 */

const SUCCESS_WIDTH = 500;
const admin = useAdmin();

const articleDialog = (page: Page, site: E2eSite) => page.getByRole('dialog', { name: site.texts.topicForm.title });

async function firstTopic(site: E2eSite): Promise<{ tt_id: number; tt_title: string }> {
  const list = await admin.call<{ list: Array<{ tt_id: number; tt_title: string }> }>(site, topicPageList, {});
  expect(list.list.length, `${site.name} demo topics`).toBeGreaterThan(0);
  return list.list[0]!;
}

async function sendForm(page: Page, dialog: Locator) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/topic/articleAdd') && r.request().method() === 'POST'),
    dialog.getByTestId('article-form-submit').click(),
  ]);
  return {
    http: response.status(),
    ...((await response.json()) as { status: number; msg: string; data: { ttar_id: number; status: number } }),
  };
}

for (const site of SITES) {
  const texts = site.texts.topicForm;
  const ui = site.texts.topics.ui;

  test.describe(`topics on the ${site.name} site`, () => {
    test('a member follows a topic and submits an article; a host of the topic approves it; it is on the topic and its own page', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const topic = await firstTopic(site);
      const topicUrl = `/${site.prefix}/subject/info/${topic.tt_id}`;

      // The list, server-rendered, links to the topic.
      await page.goto(`/${site.prefix}/subject/list`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.listTitle);
      await expect(page.getByTestId('topic-item-link').filter({ hasText: topic.tt_title })).toBeVisible();

      await registerMember(context.request, site, { tag: 'topicauthor' });
      await page.goto(topicUrl);
      await waitForHydration(page);
      await expect(page.getByTestId('topic-title')).toHaveText(topic.tt_title);
      await expect(page.getByTestId('topic-hosts').getByTestId('topic-host').first()).toBeVisible();
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${baseURL}${topicUrl}`);

      // Follow: the button and the count change, and stay after a reload.
      const before = await callApi<TopicDetail>(context.request, site, topicInfo, { tt_id: topic.tt_id });
      await page.getByTestId('topic-follow').click();
      await expect(page.getByTestId('topic-follow')).toHaveText(ui.followed);
      await expect(page.getByTestId('topic-follower-count')).toHaveText(
        fill(before.data.tt_follower_count + 1 === 1 ? ui.followers_one : ui.followers_other, {
          count: before.data.tt_follower_count + 1,
        }),
      );
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('topic-follow')).toHaveText(ui.followed);

      // The publish entry of the topic page opens the dialog with the topic chosen.
      await page.getByTestId('topic-publish').click();
      const dialog = articleDialog(page, site);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('article-form-topic')).toContainText(topic.tt_title);
      const title = page.getByTestId('article-form-title');
      const editor = page.locator('.ProseMirror');
      const errorsOf = (control: Locator) => fieldErrors(page, control);

      // Spec 5: the title is checked when it loses focus; empty content is refused; the first invalid
      // field is scrolled into view and focused.
      await title.click();
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveText(texts.titleInvalid);
      await page.evaluate(() =>
        document.querySelectorAll('.ant-modal-wrap, .ant-modal-body').forEach((el) => el.scrollTo(0, el.scrollHeight)),
      );
      await dialog.getByTestId('article-form-submit').click();
      await expect(errorsOf(title)).toHaveText(texts.titleInvalid);
      await expect(errorsOf(editor)).toHaveText(texts.contentInvalid);
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport();
      await title.fill('    ');
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveText(texts.titleInvalid);
      const articleTitle = `${site.lang === 'zh' ? '纠删码实践' : 'Erasure coding notes'} ${Date.now().toString(36)}`;
      await title.fill(articleTitle);
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveCount(0);
      await editor.click();
      await editor.press('Space');
      await editor.press('Enter');
      await dialog.getByTestId('article-form-submit').click();
      await expect(errorsOf(editor)).toHaveText(texts.contentInvalid);

      // A reprint names its original URL.
      const config = await callApi<{ article_source_list: Array<{ label: string; value: number }> }>(
        context.request,
        site,
        topicFormConfig,
      );
      const reprint = config.data.article_source_list.find((s) => s.value === 20)!.label;
      await dialog.getByTestId('article-form-source').getByText(reprint, { exact: true }).click();
      const sourceUrl = page.getByTestId('article-form-source-url');
      await editor.click();
      await editor.pressSequentially('Six data and three parity shards per stripe.');
      await dialog.getByTestId('article-form-submit').click();
      await expect(errorsOf(sourceUrl)).toHaveText(texts.sourceUrlInvalid);
      await expect(sourceUrl).toBeFocused();
      await sourceUrl.fill('https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-lock.html');
      await sourceUrl.press('Tab');
      await expect(errorsOf(sourceUrl)).toHaveCount(0);

      // The server holds the same rules in the same words.
      const refused = await callApi<{ issues: Array<{ field: string; message: string }> }>(
        context.request,
        site,
        topicArticleAdd,
        // The site comes from the siteData cookie the page has set (spec 7: no site in the path).
        { ttar_title: ' ', tt_id: topic.tt_id, ttar_content: '<p>&nbsp;</p>' },
      );
      expect(refused.status).toBe(40001);
      expect(refused.data.issues).toEqual(
        expect.arrayContaining([
          { field: 'ttar_title', message: texts.titleInvalid },
          { field: 'ttar_content', message: texts.contentInvalid },
        ]),
      );

      const answer = await sendForm(page, dialog);
      expect(answer).toMatchObject({ http: 200, status: 200, data: { status: 10 } });
      const articleId = answer.data.ttar_id;
      await expect(dialog).toBeHidden();

      // Spec 2: the 500 px success dialog, which an outside click does not close.
      const success = page.getByRole('dialog', { name: texts.reviewTitle });
      await expect(success).toBeVisible();
      await expect(success).toHaveCSS('width', `${SUCCESS_WIDTH}px`);
      await expect(success).toContainText(texts.reviewBody);
      await page.mouse.click(10, 10);
      await expect(success).toBeVisible();
      await success.getByRole('button', { name: texts.reviewOk }).click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/subject/article/${articleId}$`));
      await expect(page.getByTestId('article-status')).toHaveText(ui.previewPending);
      await expect(page.getByTestId('article-title')).toHaveText(articleTitle);

      // A host of the topic (with back-office access) approves it in the review queue.
      const hostContext = await browser.newContext({ baseURL });
      try {
        await presetLanguage(hostContext, baseURL!, site);
        await signalHydration(hostContext);
        const host = await registerMember(hostContext.request, site, { tag: 'topichost' });
        await admin.call(site, adminUsersGrantRole, {
          user_id: host.userId,
          role: 'topic_host',
          scope_id: topic.tt_id,
        });
        await admin.call(site, adminUsersGrantRole, { user_id: host.userId, role: 'editor' });
        const hostPage = await hostContext.newPage();
        await hostPage.goto(`/admin/reviews?site=${siteCode(site)}`);
        await waitForHydration(hostPage);
        await expect(hostPage.getByRole('heading', { level: 1 })).toHaveText(site.texts.reviewsAdmin.queueTitle);
        const row = hostPage
          .getByTestId('review-table')
          .locator('tbody tr.ant-table-row')
          .filter({ hasText: articleTitle });
        await expect(row).toHaveCount(1);
        await row.getByTestId(/^review-open-/).click();
        const drawer = hostPage.getByTestId('review-drawer');
        await expect(drawer.getByTestId('review-drawer-title')).toHaveText(articleTitle);
        await expect(drawer.getByTestId('review-drawer-content')).toContainText('Six data and three parity shards');
        await drawer.getByTestId('review-drawer-approve').click();
        await expect(
          toasts(hostPage).filter({ hasText: fill(site.texts.reviews.api.decidedCount_one, { count: 1 }) }),
        ).toBeVisible();
      } finally {
        await hostContext.close();
      }

      // Approved: on the topic page, and on its own page with its source and structured data.
      await page.goto(topicUrl);
      await waitForHydration(page);
      await expect(page.getByTestId('topic-article-link').filter({ hasText: articleTitle })).toBeVisible();
      await page.getByTestId('topic-article-link').filter({ hasText: articleTitle }).click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/subject/article/${articleId}$`));
      await expect(page.getByTestId('article-status')).toHaveCount(0);
      await expect(page.getByTestId('article-source')).toHaveText(reprint);
      await expect(page.getByTestId('article-source-url').getByRole('link')).toHaveAttribute(
        'href',
        'https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-lock.html',
      );
      await expect(page.getByTestId('article-topic')).toHaveText(topic.tt_title);
      await page.reload();
      const ld = page.locator('script[type="application/ld+json"]');
      await expect(ld).toHaveCount(1);
      const structured = JSON.parse((await ld.textContent()) ?? '{}') as Record<string, unknown>;
      expect(structured).toMatchObject({ '@type': 'Article', headline: articleTitle, articleSection: topic.tt_title });
      expect(await ld.evaluate((el) => (el as HTMLScriptElement).nonce)).not.toBe('');
      await waitForHydration(page);
      await page.getByTestId('article-like').click();
      await expect(page.getByTestId('article-like-count')).toHaveText('1');
      const detail = await callApi<TopicArticleDetail>(context.request, site, topicArticleInfo, { ttar_id: articleId });
      expect(detail.data).toMatchObject({ status: 20, is_liked: true, ttar_source: 20 });
    });

    test('a visitor pressing publish is sent to login with the page as callback', async ({ page }) => {
      const topic = await firstTopic(site);
      const topicUrl = `/${site.prefix}/subject/info/${topic.tt_id}`;
      await page.goto(topicUrl);
      await waitForHydration(page);
      await page.getByTestId('topic-publish').click();
      await expect(toasts(page).filter({ hasText: texts.loginFirst })).toBeVisible();
      await page.waitForURL(`**/${site.prefix}/login?callback=${encodeURIComponent(topicUrl)}`);
      await expect(articleDialog(page, site)).toHaveCount(0);

      // The navbar's publish menu, entry "topic article", does the same; so does "follow".
      await page.goto(topicUrl);
      await waitForHydration(page);
      await page.getByRole('button', { name: site.texts.nav.publish, exact: true }).hover();
      await page.getByRole('button', { name: site.texts.nav.publishArticle, exact: true }).click();
      await page.waitForURL(`**/${site.prefix}/login?callback=${encodeURIComponent(topicUrl)}`);
      await page.goto(topicUrl);
      await waitForHydration(page);
      await page.getByTestId('topic-follow').click();
      await page.waitForURL(`**/${site.prefix}/login?callback=${encodeURIComponent(topicUrl)}`);
    });

    test('the navbar publish menu opens the article dialog for a member', async ({ page, context }) => {
      await registerMember(context.request, site, { tag: 'topicnav' });
      await page.goto(`/${site.prefix}/subject/list`);
      await waitForHydration(page);
      await page.getByRole('button', { name: site.texts.nav.publish, exact: true }).hover();
      await page.getByRole('button', { name: site.texts.nav.publishArticle, exact: true }).click();
      const dialog = articleDialog(page, site);
      await expect(dialog).toBeVisible();
      await expect(page.locator('.ProseMirror')).toBeVisible();
      // No topic chosen yet: required, with its own message.
      await page.getByTestId('article-form-title').fill(`Navbar ${site.lang}`);
      await dialog.getByTestId('article-form-submit').click();
      const topicSelect = page.getByTestId('article-form-topic').getByRole('combobox', { name: texts.topicLabel });
      await expect(fieldErrors(page, topicSelect)).toHaveText(texts.topicRequired);
      const topic = await firstTopic(site);
      await chooseOption(topicSelect, topic.tt_title);
      await expect(fieldErrors(page, topicSelect)).toHaveCount(0);
      await dialog.getByTestId('article-form-cancel').click();
      await expect(dialog).toBeHidden();
    });
  });
}

test('both languages: a host decides in the host zone and features; members comment and reply; a rejected article is edited and resubmitted', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // One member and one host for both sites (accounts are global); the host hosts each site's first topic.
  const [first] = SITES;
  const writer = await registerMember(context.request, first!, { tag: 'hzwriter' });
  const hostContext = await browser.newContext({ baseURL });
  await signalHydration(hostContext);
  const host = await registerMember(hostContext.request, first!, { tag: 'hzhost' });
  const hostPage = await hostContext.newPage();
  try {
    for (const site of SITES) {
      const ui = site.texts.topics.ui;
      // articleAdd names its site by the siteData cookie (spec 7), as the pages of this site set it.
      await presetLanguage(context, baseURL!, site);
      const topic = await firstTopic(site);
      await admin.call(site, adminUsersGrantRole, { user_id: host.userId, role: 'topic_host', scope_id: topic.tt_id });
      const stamp = Date.now().toString(36);
      const submit = async (title: string) => {
        const added = await callApi<{ ttar_id: number }>(context.request, site, topicArticleAdd, {
          ttar_title: title,
          tt_id: topic.tt_id,
          ttar_source: 10,
          ttar_content: '<p>Tiering cold data to object storage.</p>',
        });
        expect(added.status, JSON.stringify(added)).toBe(200);
        return added.data.ttar_id;
      };
      const goodTitle = `${site.lang === 'zh' ? '冷数据分层' : 'Tiering cold data'} ${stamp}`;
      const weakTitle = `${site.lang === 'zh' ? '待修改' : 'Needs work'} ${stamp}`;
      const good = await submit(goodTitle);
      const weak = await submit(weakTitle);

      // The host decides both in place: approve one, reject the other with a reason; then features the first.
      await hostPage.goto(`/${site.prefix}/subject/hostZone`);
      await waitForHydration(hostPage);
      await expect(hostPage.getByRole('heading', { level: 1 })).toHaveText(ui.hostZoneTitle);
      await expect(hostPage.getByTestId('host-chart').locator('svg')).toBeVisible();
      await expect(hostPage.getByTestId('host-views-chart')).toContainText(ui.hostChartViews);
      const pendingOf = (title: string) => hostPage.getByTestId('host-pending').filter({ hasText: title });
      await pendingOf(goodTitle).getByTestId('host-approve').click();
      await expect(pendingOf(goodTitle)).toHaveCount(0);
      await pendingOf(weakTitle).getByTestId('host-reject').click();
      await pendingOf(weakTitle).getByTestId('host-reject-reason').fill('Please add a diagram.');
      await pendingOf(weakTitle).getByTestId('host-reject-submit').click();
      await expect(pendingOf(weakTitle)).toHaveCount(0);
      const pick = hostPage.getByTestId('host-article').filter({ hasText: goodTitle }).getByTestId('host-feature');
      await pick.click();
      await expect(pick).toHaveAttribute('aria-pressed', 'true');

      // On the topic page (featured too) and its own page, where members comment and reply.
      await page.goto(`/${site.prefix}/subject/info/${topic.tt_id}`);
      await waitForHydration(page);
      await expect(page.getByTestId('topic-featured')).toContainText(goodTitle);
      await page.getByTestId('topic-article-link').filter({ hasText: goodTitle }).click();
      await expect(page).toHaveURL(new RegExp(`${topicArticlePath(site.prefix, good)}$`));
      await expect(page.getByTestId('article-status')).toHaveCount(0);
      await page.getByTestId('comment-form-text').fill('Which tiering policy do you use?');
      await page.getByTestId('comment-form-submit').click();
      const comment = page.getByTestId('comment').filter({ hasText: 'Which tiering policy' });
      await expect(comment).toHaveCount(1);
      await hostPage.goto(topicArticlePath(site.prefix, good));
      await waitForHydration(hostPage);
      const hostsView = hostPage.getByTestId('comment').filter({ hasText: 'Which tiering policy' });
      // The topic's host may delete the member's comment; the member may not delete the host's reply below.
      await expect(hostsView.getByTestId('comment-body').getByTestId('comment-delete')).toBeVisible();
      await hostsView.getByTestId('comment-reply').click();
      await hostPage.getByTestId('reply-form-text').fill('Age-based, after 30 days.');
      await hostPage.getByTestId('reply-form-submit').click();
      await expect(hostsView.getByTestId('reply')).toContainText('Age-based, after 30 days.');
      await page.reload();
      await expect(comment.getByTestId('reply')).toContainText('Age-based, after 30 days.');
      await expect(comment.getByTestId('reply').getByTestId('comment-delete')).toHaveCount(0);
      await expect(page.getByTestId('article-comment-count')).toHaveText('2');

      // The rejected article shows its reason to its author, who edits it and submits it again.
      await page.goto(topicArticlePath(site.prefix, weak));
      await waitForHydration(page);
      await expect(page.getByTestId('article-status')).toHaveText(
        fill(ui.previewRejected, { reason: 'Please add a diagram.' }),
      );
      await expect(page.getByTestId('article-withdraw')).toHaveCount(0);
      await page.getByTestId('article-edit').click();
      const dialog = page.getByRole('dialog', { name: site.texts.topicForm.editTitle });
      await expect(dialog.getByTestId('article-form-title')).toHaveValue(weakTitle);
      await dialog.getByTestId('article-form-title').fill(`${weakTitle} v2`);
      await dialog.getByTestId('article-form-submit').click();
      await page
        .getByRole('dialog', { name: site.texts.topicForm.reviewTitle })
        .getByRole('button', { name: site.texts.topicForm.reviewOk })
        .click();
      await expect(page.getByTestId('article-status')).toHaveText(ui.previewPending);
      await expect(page.getByTestId('article-title')).toHaveText(`${weakTitle} v2`);
      await expect(page.getByTestId('article-withdraw')).toBeVisible();
      const detail = await callApi<TopicArticleDetail>(context.request, site, topicArticleInfo, { ttar_id: weak });
      expect(detail.data).toMatchObject({ status: 10, is_mine: true });
      expect(writer.userId).toBeGreaterThan(0);
    }
  } finally {
    await hostContext.close();
  }
});
