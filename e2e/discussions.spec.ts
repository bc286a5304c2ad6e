import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dictList, type DictionaryEntry } from '@portal/contracts/dictionaries';
import { postAdd } from '@portal/contracts/discussions';
import { moderationAct } from '@portal/contracts/moderation';
import { adminSettingsUpdate } from '@portal/contracts/settings';
import { callApi, fill, registerMember, toasts, type TestMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { confirmPopconfirm } from './support/antd';
import {
  expect,
  otherSite,
  sectionTitle,
  signalHydration,
  SITES,
  test,
  waitForHydration,
  type E2eSite,
} from './support/fixtures';

/**
 * The discussion pages (issue 5 item 5) on both sites: the list with its boards, filters, sorts and
 * "load more" at stable URLs with their meta; a post's page server-rendered with its own title,
 * description, canonical and hreflang to the linked language version; comments, replies (a reply to
 * a reply names whom it answers), likes, favourites, an accepted answer, deleting one's own comment;
 * a visitor sent to login; a missing post answers 404.
 */

const PAGE_SIZE = 15;

/** Signed in once for the file: switches review on and off, locks a post. */
const admin = useAdmin();

const listPath = (site: E2eSite, query = '') => `/${site.prefix}/discuss/list${query}`;
const postPath = (site: E2eSite, id: number) => `/${site.prefix}/discuss/info/${id}`;

async function dictionary(api: APIRequestContext, site: E2eSite, kind: 'industry' | 'scene' | 'board') {
  const answer = await callApi<{ list: DictionaryEntry[] }>(api, site, dictList, { kind });
  expect(answer.status, `dict/list ${kind}: ${answer.msg}`).toBe(200);
  return answer.data.list;
}

interface NewPost {
  title: string;
  type?: 10 | 20;
  industry: number;
  scene: number;
  board?: number;
  otherLang?: number[];
  annex?: number[];
}

/**
 * Publishes a post through `post/add` as the member signed in on `api`, in `post.board` or else the
 * site's first board (a site with boards requires one, decision 024); answers its id and linked versions.
 */
async function publish(api: APIRequestContext, site: E2eSite, post: NewPost, expectedStatus = 20) {
  const board = post.board ?? (await dictionary(api, site, 'board'))[0]?.value;
  const answer = await callApi<{ tp_id: number; status: number; linked: Array<{ tws_id: number; tp_id: number }> }>(
    api,
    site,
    postAdd,
    {
      tp_title: post.title,
      tp_hy_dd_id: post.industry,
      tp_cj_dd_id: post.scene,
      tp_content: `<p>${post.title}: <strong>body</strong> of the post.</p><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>`,
      tp_type: post.type ?? 10,
      ...(board ? { tp_board_id: board } : {}),
      ...(post.otherLang ? { other_lang: post.otherLang } : {}),
      ...(post.annex ? { tp_annex: post.annex } : {}),
    },
  );
  expect(answer.status, `post/add: ${answer.msg}`).toBe(200);
  expect(answer.data.status, expectedStatus === 20 ? 'published at once (review is off)' : 'waits for review').toBe(
    expectedStatus,
  );
  return answer.data;
}

/** Uploads a small text file as the member signed in on `api`; answers its attachment id. */
async function uploadText(api: APIRequestContext, name: string, text: string): Promise<number> {
  const response = await api.post('/api/tool/uploadfile/', {
    headers: { isapi: '1', accept: 'application/json' },
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') } },
  });
  const answer = (await response.json()) as { status: number; msg: string; data: { att_id: number } };
  expect(answer.status, `uploadfile: ${answer.msg}`).toBe(200);
  return answer.data.att_id;
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

const head = (page: Page) => ({
  description: page.locator('meta[name="description"]'),
  canonical: page.locator('link[rel="canonical"]'),
  alternate: (lang: string) => page.locator(`link[rel="alternate"][hreflang="${lang}"]`),
});

/**
 * Presses a button that asks for confirmation and confirms once the popover has finished opening
 * (a press on OK while it zooms in is lost). The popover's code arrives just after the page, so a
 * press before it has is pressed again.
 */
async function confirmWith(page: Page, trigger: Locator, confirm: string) {
  const popup = page.locator('.ant-popconfirm:visible');
  await expect(async () => {
    if ((await popup.count()) === 0) await trigger.click();
    await expect(popup).toHaveCount(1, { timeout: 3_000 });
  }).toPass();
  await confirmPopconfirm(page, confirm);
}

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, 'serious or critical axe violations').toEqual([]);
}

const items = (page: Page) => page.getByTestId('discuss-item');
const itemTitled = (page: Page, title: string) => items(page).filter({ hasText: title });

for (const site of SITES) {
  const ui = site.texts.discuss.ui;
  const other = otherSite(site);

  test.describe(`discussions on the ${site.name} site`, () => {
    test('the list: meta, boards, filters and sorts in the URL, type, pinned first, load more', async ({
      page,
      context,
      baseURL,
    }) => {
      const author = await registerMember(context.request, site, { tag: 'list' });
      const [industries, scenes, boards] = await Promise.all([
        dictionary(context.request, site, 'industry'),
        dictionary(context.request, site, 'scene'),
        dictionary(context.request, site, 'board'),
      ]);
      const industry = industries.at(-1)!;
      const scene = scenes.at(-1)!;
      const board = boards.at(-1)!;
      const tag = `${author.userId}`;
      const question = `Q ${tag} ${site.lang} how to size a cache tier`;
      const discussion = `D ${tag} ${site.lang} notes from a cache tier rollout`;
      await publish(context.request, site, {
        title: discussion,
        industry: industry.value,
        scene: scene.value,
        board: board.value,
      });
      await publish(context.request, site, {
        title: question,
        type: 20,
        industry: industry.value,
        scene: scene.value,
        board: board.value,
      });
      // A member's "new post" opens the publish dialog (PUBLISH's), its code fetched only then.
      await open(page, listPath(site, `?board=${board.value}`));
      await page.getByTestId('discuss-publish').click();
      await expect(page.getByRole('dialog', { name: site.texts.postForm.title })).toBeVisible({ timeout: 20_000 });
      await context.clearCookies();

      // The plain list: server-rendered, its own title and description, canonical and both languages.
      const response = await open(page, listPath(site));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(sectionTitle(site, 'discuss'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.listTitle);
      await expect(head(page).description).toHaveAttribute('content', ui.listDescription);
      await expect(head(page).canonical).toHaveAttribute('href', `${baseURL}${listPath(site)}`);
      await expect(head(page).alternate(other.htmlLang)).toHaveAttribute('href', `${baseURL}${listPath(other)}`);
      // Newest first: the two new posts lead the list (after any pinned posts).
      await expect(itemTitled(page, question)).toBeVisible();
      await expect(itemTitled(page, question).getByText(ui.question, { exact: true })).toBeVisible();

      // Load more: 15 a page.
      const firstPage = await items(page).count();
      expect(firstPage).toBeGreaterThanOrEqual(PAGE_SIZE);
      await page.getByTestId('discuss-load-more').click();
      await expect.poll(() => items(page).count()).toBeGreaterThan(firstPage);

      // A board, then the type: each a link to a stable URL.
      await page.getByTestId(`discuss-board-${board.value}`).click();
      await expect(page).toHaveURL(listPath(site, `?board=${board.value}`));
      await expect(page.getByTestId(`discuss-board-${board.value}`)).toHaveAttribute('aria-current', 'true');
      await expect(itemTitled(page, discussion)).toBeVisible();
      await page.getByTestId('discuss-type-question').click();
      await expect(page).toHaveURL(listPath(site, `?board=${board.value}&type=question`));
      await expect(itemTitled(page, question)).toBeVisible();
      await expect(itemTitled(page, discussion)).toHaveCount(0);
      for (const item of await items(page).all())
        await expect(item.getByText(ui.question, { exact: true })).toBeVisible();

      // Industry and scene from the dictionaries, through the selects.
      await page.getByTestId('discuss-industry').selectOption(String(industry.value));
      await expect(page).toHaveURL(listPath(site, `?board=${board.value}&industry=${industry.value}&type=question`));
      await page.getByTestId('discuss-scene').selectOption(String(scene.value));
      const filtered = `?board=${board.value}&industry=${industry.value}&scene=${scene.value}&type=question`;
      await expect(page).toHaveURL(listPath(site, filtered));
      await expect(itemTitled(page, question)).toBeVisible();

      // Unanswered keeps the new question; the filtered list is a page of its own with a stable URL.
      await page.getByTestId('discuss-sort-unanswered').click();
      const unanswered = `?board=${board.value}&industry=${industry.value}&scene=${scene.value}&sort=unanswered&type=question`;
      await expect(page).toHaveURL(listPath(site, unanswered));
      await expect(itemTitled(page, question)).toBeVisible();
      await expect(page.getByTestId('discuss-sort-unanswered')).toHaveAttribute('aria-current', 'true');
      await open(page, listPath(site, unanswered));
      await expect(itemTitled(page, question)).toBeVisible();
      await expect(head(page).canonical).toHaveAttribute('href', `${baseURL}${listPath(site, unanswered)}`);
      await expect(head(page).alternate(other.htmlLang)).toHaveCount(0);

      // Hot and latest sort the same set differently but both hold it; clearing goes back to the plain list.
      await page.getByTestId('discuss-sort-hot').click();
      await expect(page).toHaveURL(listPath(site, filtered.replace('&type', '&sort=hot&type')));
      await expect(itemTitled(page, question)).toBeVisible();
      await page.getByTestId('discuss-clear').click();
      await expect(page).toHaveURL(listPath(site));
    });

    test('a post and its answers: meta, versions, like, favourite, answer, reply, @nick, accept, delete own', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      // The asker publishes a question with an English/Chinese version; the answerer uses the browser.
      const asker = await browser.newContext({ baseURL });
      await signalHydration(asker);
      const askerMember = await registerMember(asker.request, site, { tag: 'asker' });
      const [industry] = await dictionary(asker.request, site, 'industry');
      const [scene] = await dictionary(asker.request, site, 'scene');
      const title = `${site.lang === 'zh' ? '提问' : 'Question'} ${askerMember.userId}: which erasure code for 12 nodes?`;
      const created = await publish(asker.request, site, {
        title,
        type: 20,
        industry: industry!.value,
        scene: scene!.value,
        otherLang: [Number(other.siteData)],
      });
      const version = created.linked.find((v) => v.tws_id === Number(other.siteData));
      expect(version, 'a linked version in the other site').toBeDefined();

      const answerer: TestMember = await registerMember(context.request, site, { tag: 'answer' });
      const response = await open(page, postPath(site, created.tp_id));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} - ${site.texts.common.siteName}`);
      await expect(page.getByTestId('discuss-title')).toHaveText(title);
      await expect(head(page).description).toHaveAttribute('content', /body of the post/);
      await expect(head(page).canonical).toHaveAttribute('href', `${baseURL}${postPath(site, created.tp_id)}`);
      await expect(head(page).alternate(other.htmlLang)).toHaveAttribute(
        'href',
        `${baseURL}${postPath(other, version!.tp_id)}`,
      );
      await expect(page.getByTestId('discuss-content').locator('strong')).toHaveText('body');
      await expect(page.getByTestId('discuss-content').locator('table')).toBeVisible();
      await expect(page.getByTestId('discuss-question-badge')).toBeVisible();
      await expect(page.getByTestId(`discuss-version-${other.lang}`)).toHaveText(ui.versionOf[other.lang]);
      await expect(page.getByTestId(`discuss-version-${other.lang}`)).toHaveAttribute(
        'href',
        postPath(other, version!.tp_id),
      );
      await expect(page.getByTestId('discuss-author-name')).toHaveText(askerMember.nickname);

      // Like and favourite: toggles, counted at once and kept after a reload.
      await page.getByTestId('discuss-like').click();
      await expect(page.getByTestId('discuss-like')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('discuss-like-count')).toHaveText('1');
      await page.getByTestId('discuss-favourite').click();
      await expect(page.getByTestId('discuss-favourite')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('discuss-favourite-count')).toHaveText('1');
      await page.waitForLoadState('networkidle');
      await open(page, postPath(site, created.tp_id));
      await expect(page.getByTestId('discuss-like-count')).toHaveText('1');
      await expect(page.getByTestId('discuss-favourite')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('discuss-favourite').click();
      await expect(page.getByTestId('discuss-favourite-count')).toHaveText('0');

      // Two answers; the second is deleted by its author.
      const answer = `Use 8+3 with ${answerer.nickname}'s notes`;
      await page.getByTestId('comment-form-text').fill(answer);
      await page.getByTestId('comment-form-submit').click();
      await expect(page.getByTestId('comment').filter({ hasText: answer })).toBeVisible();
      // A question's comment is an answer, and says so.
      await expect(toasts(page).filter({ hasText: site.texts.discuss.api.answered })).toBeVisible();
      await expect(page.getByTestId('discuss-comment-count')).toHaveText('1');
      const mistake = 'posted by mistake';
      await page.getByTestId('comment-form-text').fill(mistake);
      await page.getByTestId('comment-form-submit').click();
      const mistaken = page.getByTestId('comment').filter({ hasText: mistake });
      await expect(mistaken).toBeVisible();
      await confirmWith(page, mistaken.getByTestId('comment-delete'), ui.confirm);
      await expect(mistaken).toHaveCount(0);
      await expect(page.getByTestId('discuss-comment-count')).toHaveText('1');
      // Not one's own: no accept (only the asker), no delete on others' posts.
      const thread = page.getByTestId('comment').filter({ hasText: answer });
      await expect(thread.getByTestId('comment-accept')).toHaveCount(0);
      await expect(page.getByTestId('discuss-edit')).toHaveCount(0);

      // The asker replies to the answer, likes it and accepts it.
      const askerPage = await asker.newPage();
      await open(askerPage, postPath(site, created.tp_id));
      const askerThread = askerPage.getByTestId('comment').filter({ hasText: answer });
      await askerThread.getByTestId('comment-reply').first().click();
      const replyText = 'Thanks, what about rebuild times?';
      await askerPage.getByTestId('reply-form-text').fill(replyText);
      await askerPage.getByTestId('reply-form-submit').click();
      await expect(askerThread.getByTestId('reply').filter({ hasText: replyText })).toBeVisible();
      await askerThread.getByTestId('comment-body').getByTestId('comment-like').click();
      await expect(askerThread.getByTestId('comment-body').getByTestId('comment-like-count')).toHaveText('1');
      await confirmWith(askerPage, askerThread.getByTestId('comment-body').getByTestId('comment-accept'), ui.confirm);
      await expect(askerThread.getByTestId('comment-accepted')).toHaveText(ui.accepted);
      await expect(askerPage.getByTestId('discuss-solved')).toBeVisible();
      await askerPage.getByTestId('discuss-edit').click();
      await expect(askerPage.getByRole('dialog', { name: site.texts.postForm.editTitle })).toBeVisible({
        timeout: 20_000,
      });
      await expect(
        askerPage.getByRole('dialog', { name: site.texts.postForm.editTitle }).getByTestId('post-form-title'),
      ).toHaveValue(title);

      // The answerer replies to the reply: it stays on the second level and names the asker.
      await open(page, postPath(site, created.tp_id));
      const reply = page.getByTestId('reply').filter({ hasText: replyText });
      await reply.getByTestId('comment-reply').click();
      await expect(page.getByTestId('reply-form-text')).toHaveAttribute(
        'placeholder',
        fill(ui.replyPlaceholder, { nick: askerMember.nickname }),
      );
      const second = 'About a day for a 20 TB drive';
      await page.getByTestId('reply-form-text').fill(second);
      await page.getByTestId('reply-form-submit').click();
      const answered = page.getByTestId('reply').filter({ hasText: second });
      await expect(answered).toBeVisible();
      await expect(answered.getByTestId('comment-reply-to')).toContainText(`@${askerMember.nickname}`);
      // Replies read oldest first: the answer to a reply comes after it (decision 022).
      const replyTexts = await page
        .getByTestId('comment')
        .filter({ hasText: answer })
        .getByTestId('reply')
        .allInnerTexts();
      expect(replyTexts.findIndex((t) => t.includes(replyText))).toBeLessThan(
        replyTexts.findIndex((t) => t.includes(second)),
      );
      await expect(
        page.getByTestId('comment').filter({ hasText: answer }).getByTestId('comment-accepted'),
      ).toBeVisible();

      // The linked version opens in the other language and links back.
      await page.getByTestId(`discuss-version-${other.lang}`).click();
      await expect(page).toHaveURL(postPath(other, version!.tp_id));
      await expect(page.getByTestId(`discuss-version-${site.lang}`)).toHaveAttribute(
        'href',
        postPath(site, created.tp_id),
      );
      await asker.close();
    });

    test('a visitor: like and comment lead to login with the page as callback; a missing post is a 404', async ({
      page,
      request,
    }) => {
      const list = await open(page, listPath(site));
      expect(list?.status()).toBe(200);
      await expectAccessible(page);
      const first = items(page).first();
      await first.getByTestId('discuss-item-link').click();
      await expect(page).toHaveURL(/\/discuss\/info\/\d+$/);
      const path = new URL(page.url()).pathname;
      await expect(page.getByTestId('discuss-title')).toBeVisible();
      await expect(page.getByTestId('comment-form')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
      await expect(page.getByTestId('discuss-login-to-comment')).toHaveAttribute(
        'href',
        `/${site.prefix}/login?callback=${encodeURIComponent(path)}`,
      );
      await page.getByTestId('discuss-like').click();
      await expect(page).toHaveURL(`/${site.prefix}/login?callback=${encodeURIComponent(path)}`);

      // "New post" too: told to log in first, then at the login page with the list as callback.
      await open(page, listPath(site));
      await page.getByTestId('discuss-publish').click();
      await expect(page.locator('.ant-message-notice')).toContainText(site.texts.postForm.loginFirst);
      await expect(page).toHaveURL(`/${site.prefix}/login?callback=${encodeURIComponent(listPath(site))}`);

      const missing = await request.get(postPath(site, 2_000_000_000));
      expect(missing.status()).toBe(404);
      const html = await missing.text();
      expect(html).toContain('noindex');
      await open(page, postPath(site, 2_000_000_000));
      await expect(page.getByTestId('discuss-not-found')).toContainText(ui.notFound);
      await expect(page).toHaveTitle(sectionTitle(site, 'notFound'));
    });

    test('the author previews a post waiting for review, downloads its attachment, withdraws and deletes it; a locked post takes no comments', async ({
      page,
      context,
      request,
    }) => {
      const author = await registerMember(context.request, site, { tag: 'preview' });
      const [industry] = await dictionary(context.request, site, 'industry');
      const [scene] = await dictionary(context.request, site, 'scene');
      const fileText = `notes of ${author.nickname}`;
      const attId = await uploadText(context.request, 'rollout-notes.txt', fileText);
      const title = `Pending ${author.userId} ${site.lang}`;

      await admin.call(site, adminSettingsUpdate, { review: { post_review: true } });
      let pending: { tp_id: number };
      try {
        pending = await publish(
          context.request,
          site,
          { title, industry: industry!.value, scene: scene!.value, annex: [attId] },
          10,
        );
      } finally {
        await admin.call(site, adminSettingsUpdate, { review: { post_review: false } });
      }

      // Others do not see it at all; the author sees the preview with its status.
      for (const path of [postPath(site, pending.tp_id), `${postPath(site, pending.tp_id)}/1`]) {
        expect((await request.get(path)).status(), `${path} for a visitor`).toBe(404);
      }
      const response = await open(page, `${postPath(site, pending.tp_id)}/1`);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId('discuss-title')).toHaveText(title);
      await expect(page.getByTestId('discuss-status')).toContainText(ui.statusPending);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByTestId('comment-form')).toHaveCount(0);
      await expect(page.getByTestId('discuss-like')).toHaveCount(0);

      // The attachment: listed by name, downloaded with its own bytes.
      const attachment = page.getByTestId('discuss-attachment');
      await expect(attachment).toContainText('rollout-notes.txt');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        attachment.getByTestId('discuss-attachment-download').click(),
      ]);
      const file = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of file) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(fileText);

      // Withdrawn while pending: the banner says so and the withdraw button goes.
      await confirmWith(page, page.getByTestId('discuss-withdraw'), ui.confirm);
      await expect(page.getByTestId('discuss-status')).toContainText(ui.statusWithdrawn);
      await expect(page.getByTestId('discuss-withdraw')).toHaveCount(0);
      await expect(page.getByTestId('discuss-edit')).toBeVisible();

      // Deleted by its author: back to the list, and the post is gone for the author too.
      await confirmWith(page, page.getByTestId('discuss-delete'), ui.confirm);
      await expect(page).toHaveURL(listPath(site));
      expect((await context.request.get(`${postPath(site, pending.tp_id)}/1`)).status()).toBe(404);

      // A locked post: it says so and offers no comment box, even to a member.
      const locked = await publish(context.request, site, {
        title: `Locked ${author.userId} ${site.lang}`,
        industry: industry!.value,
        scene: scene!.value,
      });
      await admin.call(site, moderationAct, { tp_id: locked.tp_id, action: 'lock' });
      await open(page, postPath(site, locked.tp_id));
      await expect(page.getByTestId('discuss-locked')).toHaveText(ui.locked);
      await expect(page.getByTestId('comment-form')).toHaveCount(0);
    });
  });
}
