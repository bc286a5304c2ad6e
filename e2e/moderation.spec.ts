import type { Browser, Locator, Page } from '@playwright/test';
import { adminAuditList, type AuditEntry } from '@portal/contracts/admin';
import { postAdd, postFormConfig } from '@portal/contracts/discussions';
import { reportContent } from '@portal/contracts/moderation';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import { callApi, fill, registerMember, siteCode, toasts, type TestMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, openedDialog } from './support/antd';
import {
  expect,
  homeOf,
  presetLanguage,
  signalHydration,
  SITES,
  test,
  waitForHydration,
  type E2eSite,
} from './support/fixtures';

/**
 * The moderator zone (issue 5 item 6), on both sites, through the real screens: the seeded admin
 * grants a member the moderator role for one board in the back office's member drawer; the new
 * moderator pins and hides a post of that board in the zone (a hide needs a reason), and the post's
 * author sees both messages in the bell; a member reports a post and the moderator sees the report
 * in the zone and closes it. Visitors are sent to the login page, members who moderate nothing to
 * /401. Each action is checked in the audit log too.
 */

const MODERATOR = { code: 'moderator', name: { zh: '版主', en: 'Moderator' } } as const;

const admin = useAdmin();

/** A member in a browser of their own, signed in, on the site's home page. */
async function memberBrowser(browser: Browser, baseURL: string, site: E2eSite, tag: string) {
  const context = await browser.newContext({ baseURL });
  await signalHydration(context);
  await presetLanguage(context, baseURL, site);
  const member = await registerMember(context.request, site, { tag });
  const page = await context.newPage();
  await page.goto(homeOf(site));
  await waitForHydration(page);
  await expect(page.getByTestId('nav-user')).toBeVisible();
  return { context, member, page };
}

interface FormConfig {
  post_ins_list: Array<{ label: string; value: number }>;
  post_scene_list: Array<{ label: string; value: number }>;
  post_board_list: Array<{ label: string; value: number }>;
}

/** A post published by `author` (through post/add) in the board; answers its id. */
async function publish(api: Parameters<typeof callApi>[0], site: E2eSite, boardId: number, title: string) {
  const config = await callApi<FormConfig>(api, site, postFormConfig, {});
  expect(config.status, `formConfig: ${config.msg}`).toBe(200);
  const added = await callApi<{ tp_id: number; status: number }>(api, site, postAdd, {
    tp_title: title,
    tp_hy_dd_id: config.data.post_ins_list[0]!.value,
    tp_cj_dd_id: config.data.post_scene_list[0]!.value,
    tp_content: `<p>${title}: the body of the post.</p>`,
    tp_board_id: boardId,
  });
  expect(added.status, `post/add: ${added.msg}`).toBe(200);
  expect(added.data.status, 'published at once (the site does not review posts)').toBe(20);
  return added.data.tp_id;
}

async function boardsOf(site: E2eSite) {
  return (await callApi<FormConfig>(admin.api, site, postFormConfig, {})).data.post_board_list;
}

/** Opens the members screen of the site, finds the member by nickname and opens their drawer. */
async function openMember(page: Page, site: E2eSite, member: TestMember): Promise<Locator> {
  const texts = site.texts.membersAdmin;
  await page.goto(`/admin/users?site=${siteCode(site)}`);
  await waitForHydration(page);
  const search = page.getByPlaceholder(texts.searchPlaceholder);
  await search.fill(member.nickname);
  await search.press('Enter');
  await page.getByTestId(`admin-user-view-${member.userId}`).click();
  const drawer = page.getByTestId('admin-user-detail');
  await expect(drawer).toContainText(member.nickname);
  return drawer;
}

async function auditOf(site: E2eSite, action: string, targetKind: string, targetId: string | number) {
  const { list } = await admin.call<{ list: AuditEntry[] }>(site, adminAuditList, {
    action,
    target_kind: targetKind,
    target_id: String(targetId),
  });
  return list;
}

const zoneOf = (site: E2eSite) => `/${site.prefix}/discuss/moderatorzone`;

/** Presses the OK button `testId` of a dialog once the dialog has finished opening. */
async function confirmDialog(page: Page, testId: string) {
  const ok = page.getByTestId(testId);
  await openedDialog(page.getByRole('dialog').filter({ has: ok }));
  await ok.click();
}

/** Picks an action in the moderator menu of a zone row and confirms it (with a reason when given). */
async function act(page: Page, row: Locator, action: string, reason?: string) {
  await row.getByTestId('moderator-actions').click();
  await page.locator('.ant-dropdown:visible').getByTestId(`moderation-action-${action}`).click();
  if (reason !== undefined) await page.getByTestId('moderation-reason').fill(reason);
  await confirmDialog(page, 'moderation-confirm');
}

for (const site of SITES) {
  const ui = site.texts.moderation.ui;
  const kinds = site.texts.messages.kinds;

  test.describe(`the moderator zone, ${site.name} site`, () => {
    test('a moderator granted in the back office pins and hides a post in the zone; the author sees the messages', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const boards = await boardsOf(site);
      const board = boards[boards.length - 1]!;
      const author = await memberBrowser(browser, baseURL!, site, 'author');
      const title = `${site.lang === 'zh' ? '版主测试帖' : 'Moderated post'} ${Date.now()}`;
      const postId = await publish(author.context.request, site, board.value, title);

      // A visitor goes to the login page with the zone as the callback; a member to /401.
      const mod = await memberBrowser(browser, baseURL!, site, 'moderator');
      const visitor = await browser.newContext({ baseURL });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(zoneOf(site));
      await expect(visitorPage).toHaveURL(`/${site.prefix}/login?callback=${encodeURIComponent(zoneOf(site))}`);
      await visitor.close();
      await mod.page.goto(zoneOf(site));
      await expect(mod.page).toHaveURL(`/401?lang=${site.prefix}`);

      // The admin grants the moderator role for the board in the member drawer.
      await admin.enter(context, baseURL!, site);
      const drawer = await openMember(page, site, mod.member);
      // Choosing the moderator role asks for the site's boards: pick one once they are there.
      const boardList = page.waitForResponse((r) => r.url().endsWith(`/api/${siteCode(site)}/api/dict/list`));
      await chooseOption(
        drawer.getByRole('combobox', { name: site.texts.membersAdmin.role }),
        MODERATOR.name[site.lang],
      );
      await boardList;
      await chooseOption(drawer.getByRole('combobox', { name: site.texts.membersAdmin.board }), board.label);
      await drawer.getByTestId('admin-grant-submit').click();
      await expect(drawer.getByTestId(`admin-grant-${MODERATOR.code}`)).toContainText(board.label);

      // The navbar now offers the moderator the zone, which opens titled, with the board; the new
      // post is in the list.
      await mod.page.goto(`/${site.prefix}/index/index`);
      await waitForHydration(mod.page);
      await mod.page.getByTestId('nav-account-menu').click();
      await mod.page.getByTestId('nav-moderator-zone').click();
      await expect(mod.page).toHaveURL(new RegExp(`${zoneOf(site)}$`));
      await expect(mod.page).toHaveTitle(new RegExp(site.texts.titles.moderatorZone));
      await expect(mod.page.getByRole('heading', { level: 1 })).toHaveText(ui.zoneTitle);
      await expect(mod.page.getByTestId('moderator-zone')).toContainText(board.label);
      const row = mod.page.getByTestId(`zone-post-${postId}`);
      await expect(row).toContainText(title);
      await expect(row).toContainText(author.member.nickname);

      // Pin.
      await act(mod.page, row, 'pin');
      await expect(row.getByTestId(`zone-flags-${postId}`)).toContainText(ui.flag_pinned);

      // Hide: the reason is required, then given.
      await act(mod.page, row, 'hide', '');
      await expect(mod.page.locator('.ant-form-item-explain-error')).toHaveText(
        site.texts.moderation.api.reasonRequired,
      );
      const reason = site.lang === 'zh' ? '与版块主题无关' : 'Off topic for this board';
      await mod.page.getByTestId('moderation-reason').fill(reason);
      await confirmDialog(mod.page, 'moderation-confirm');
      await expect(row.getByTestId(`zone-flags-${postId}`)).toContainText(ui.flag_hidden);

      // The hidden filter finds it; the flags stay after a reload (the server's state).
      await mod.page.reload();
      await waitForHydration(mod.page);
      await mod.page.getByTestId('zone-posts-flag').selectOption({ label: ui.flag_hidden });
      await expect(mod.page.getByTestId(`zone-flags-${postId}`)).toContainText(ui.flag_pinned);
      await expect(mod.page.getByTestId(`zone-flags-${postId}`)).toContainText(ui.flag_hidden);

      // The author sees both messages in the bell.
      await author.page.reload();
      await waitForHydration(author.page);
      await expect(author.page.getByTestId('messages-badge')).toHaveText('2');
      await author.page.getByTestId('messages-bell').click();
      const panel = author.page.getByTestId('messages-panel');
      await expect(panel).toContainText(fill(kinds.post_pinned.content, { title }));
      await expect(panel).toContainText(fill(kinds.post_hidden.content, { title, reason }));

      // The audit log has both, by the moderator, with the flags before and after.
      const [pin] = await auditOf(site, 'post.pin', 'post', postId);
      expect(pin).toMatchObject({ actor: { user_nick_name: mod.member.nickname } });
      expect(pin!.before).toMatchObject({ pinned_at: null });
      const [hide] = await auditOf(site, 'post.hide', 'post', postId);
      expect(hide!.before).toMatchObject({ hidden: 0 });
      expect(hide!.after).toMatchObject({ hidden: 1, reason });

      await author.context.close();
      await mod.context.close();
    });

    test('a member reports a post; the moderator sees the report in the zone and closes it', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const boards = await boardsOf(site);
      const board = boards[boards.length - 1]!;
      const author = await memberBrowser(browser, baseURL!, site, 'author2');
      const title = `${site.lang === 'zh' ? '被举报的帖子' : 'Reported post'} ${Date.now()}`;
      const postId = await publish(author.context.request, site, board.value, title);

      // The moderator (granted by the admin; the drawer is walked in the first journey).
      const mod = await memberBrowser(browser, baseURL!, site, 'mod2');
      await admin.call(site, adminUsersGrantRole, {
        user_id: mod.member.userId,
        role: MODERATOR.code,
        scope_id: board.value,
      });

      // A member reports the post; a second report of it is refused with the server's message.
      const reporter = await memberBrowser(browser, baseURL!, site, 'reporter');
      const reason = site.lang === 'zh' ? '含有广告链接' : 'Contains advertising links';
      const sent = await callApi(reporter.context.request, site, reportContent, {
        target_kind: 'post',
        target_id: postId,
        reason,
      });
      expect(sent).toMatchObject({ http: 200, msg: site.texts.moderation.api.reported });
      const again = await callApi(reporter.context.request, site, reportContent, {
        target_kind: 'post',
        target_id: postId,
        reason,
      });
      expect(again).toMatchObject({ http: 409, msg: site.texts.moderation.api.duplicateReport });

      // The zone: the post carries one open report; the reports tab shows it with the content.
      await mod.page.goto(zoneOf(site));
      await waitForHydration(mod.page);
      await expect(mod.page.getByTestId(`zone-post-${postId}`)).toContainText(title);
      await mod.page.getByTestId('zone-posts-reported').click();
      await expect(mod.page.getByTestId(`zone-post-${postId}`)).toBeVisible();
      await mod.page.getByTestId('zone-tab-reports').click();
      const card = mod.page.locator('.moderation-report').filter({ hasText: title }).first();
      await expect(card).toContainText(reason);
      await expect(card).toContainText(fill(ui.reportedBy, { nick: reporter.member.nickname }));
      await expect(card).toContainText(`${title}: the body of the post.`);

      // Handled with a note: gone from the open reports, listed under handled.
      await card.getByTestId('zone-report-handle').click();
      const note = site.lang === 'zh' ? '已提醒作者' : 'Asked the author to remove the link';
      await mod.page.getByTestId('report-note').fill(note);
      await confirmDialog(mod.page, 'report-close-confirm');
      await expect(mod.page.locator('.moderation-report').filter({ hasText: title })).toHaveCount(0);
      await mod.page.getByTestId('zone-reports-status').getByText(ui.reportStatus_20).click();
      const handled = mod.page.locator('.moderation-report').filter({ hasText: title }).first();
      await expect(handled).toContainText(note);
      await expect(handled).toContainText(mod.member.nickname);

      await author.context.close();
      await mod.context.close();
      await reporter.context.close();
    });

    test('on the post page: a member reports the post with the Report button; its moderator pins and locks it from the menu that others do not see', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const boards = await boardsOf(site);
      const board = boards[boards.length - 1]!;
      const author = await memberBrowser(browser, baseURL!, site, 'author3');
      const title = `${site.lang === 'zh' ? '详情页管理' : 'Post page moderation'} ${Date.now()}`;
      const postId = await publish(author.context.request, site, board.value, title);
      const postPath = `/${site.prefix}/discuss/info/${postId}`;

      // A visitor pressing Report goes to the login page and would come back to the post.
      const visitor = await browser.newContext({ baseURL });
      await signalHydration(visitor);
      await presetLanguage(visitor, baseURL!, site);
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(postPath);
      await waitForHydration(visitorPage);
      await expect(visitorPage.getByTestId('moderator-actions')).toHaveCount(0);
      // The report button is the portal's own: the post page draws no antd, after hydration either,
      // until a member opens the report dialog.
      await expect(visitorPage.getByTestId(`report-post-${postId}`)).toBeVisible();
      await expect(visitorPage.locator('style[data-css-hash]')).toHaveCount(0);
      // (Pressed again if the first press came before that part of the page had hydrated.)
      await expect(async () => {
        await visitorPage.getByTestId(`report-post-${postId}`).click();
        await expect(visitorPage).toHaveURL(`/${site.prefix}/login?callback=${encodeURIComponent(postPath)}`, {
          timeout: 2_000,
        });
      }).toPass();
      await visitor.close();

      // The author sees no Report button on their own post and no moderator menu.
      await author.page.goto(postPath);
      await waitForHydration(author.page);
      await expect(author.page.getByTestId('discuss-title')).toHaveText(title);
      await expect(author.page.getByTestId(`report-post-${postId}`)).toHaveCount(0);
      await expect(author.page.getByTestId('moderator-actions')).toHaveCount(0);

      // A member reports it: the reason is required, then sent; the second time the server refuses.
      const reporter = await memberBrowser(browser, baseURL!, site, 'reporter3');
      await reporter.page.goto(postPath);
      await waitForHydration(reporter.page);
      await expect(reporter.page.getByTestId('moderator-actions')).toHaveCount(0);
      await expect(async () => {
        await reporter.page.getByTestId(`report-post-${postId}`).click();
        await expect(reporter.page.getByTestId('report-send')).toBeVisible({ timeout: 2_000 });
      }).toPass();
      await reporter.page.getByTestId('report-send').click();
      await expect(reporter.page.locator('.ant-form-item-explain-error')).toHaveText(
        site.texts.moderation.api.reasonRequired,
      );
      const reason = site.lang === 'zh' ? '标题党' : 'Clickbait title';
      await reporter.page.getByTestId('report-reason').fill(reason);
      await reporter.page.getByTestId('report-send').click();
      await expect(toasts(reporter.page).filter({ hasText: site.texts.moderation.api.reported })).toBeVisible();
      await reporter.page.getByTestId(`report-post-${postId}`).click();
      await reporter.page.getByTestId('report-reason').fill(reason);
      await reporter.page.getByTestId('report-send').click();
      await expect(toasts(reporter.page).filter({ hasText: site.texts.moderation.api.duplicateReport })).toBeVisible();

      // The board's moderator (granted by the admin) pins and locks it from the post page.
      const mod = await memberBrowser(browser, baseURL!, site, 'mod3');
      await admin.call(site, adminUsersGrantRole, {
        user_id: mod.member.userId,
        role: MODERATOR.code,
        scope_id: board.value,
      });
      await mod.page.goto(postPath);
      await waitForHydration(mod.page);
      await act(mod.page, mod.page.getByTestId('discuss-detail-page'), 'pin');
      await expect(toasts(mod.page).filter({ hasText: ui.done })).toBeVisible();
      await act(mod.page, mod.page.getByTestId('discuss-detail-page'), 'lock');
      await expect(toasts(mod.page).filter({ hasText: ui.done }).first()).toBeVisible();
      // The menu now offers the opposites.
      await mod.page.getByTestId('moderator-actions').click();
      const menu = mod.page.locator('.ant-dropdown:visible');
      await expect(menu.getByTestId('moderation-action-unpin')).toBeVisible();
      await expect(menu.getByTestId('moderation-action-unlock')).toBeVisible();
      await mod.page.keyboard.press('Escape');

      // The report is waiting in the zone.
      await mod.page.goto(zoneOf(site));
      await waitForHydration(mod.page);
      await mod.page.getByTestId('zone-tab-reports').click();
      await expect(mod.page.locator('.moderation-report').filter({ hasText: title }).first()).toContainText(reason);

      // The author is told of both.
      await author.page.reload();
      await waitForHydration(author.page);
      await author.page.getByTestId('messages-bell').click();
      const panel = author.page.getByTestId('messages-panel');
      await expect(panel).toContainText(fill(kinds.post_pinned.content, { title }));
      await expect(panel).toContainText(fill(kinds.post_locked.content, { title }));

      await author.context.close();
      await reporter.context.close();
      await mod.context.close();
    });
  });
}
