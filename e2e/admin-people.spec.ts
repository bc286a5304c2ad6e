import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { adminAuditList, adminDashboard, type AuditEntry } from '@portal/contracts/admin';
import { adminUsersDetail, type AdminUserDetail } from '@portal/contracts/members-admin';
import { frontMsgList } from '@portal/contracts/messages';
import { adminRolesList, type RoleItem } from '@portal/contracts/roles';
import { callApi, fill, registerMember, siteCode, whoAmI, type TestMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, confirmPopconfirm } from './support/antd';
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
 * People in the back office (issue 4), on both sites, through the real screens: the seeded admin
 * grants a member a role in the member drawer, and the member (in a browser of their own) gets the
 * staff permission, the badge and a message at once, and loses them on the revoke; a ban from the
 * drawer ends the member's session at once; a broadcast from the broadcasts screen reaches the
 * members' message popover. Each write is checked on the server's side as well.
 *
 * The admin signs in with one-time codes (support/admin.ts).
 */

/** The editor role (badge 70) carries admin.access: the back office opens for its holders. */
const EDITOR = { code: 'editor', badge: 70, name: { zh: '编辑', en: 'Editor' } } as const;

const admin = useAdmin();

/** A member in a browser of their own, on the site's home page. */
async function memberBrowser(browser: Browser, baseURL: string, site: E2eSite, tag: string) {
  const context = await browser.newContext({ baseURL });
  // The same "hydrated" signal as the test's own context gets from the fixtures.
  await signalHydration(context);
  await presetLanguage(context, baseURL, site);
  const member = await registerMember(context.request, site, { tag });
  const page = await context.newPage();
  await page.goto(homeOf(site));
  await waitForHydration(page);
  await expect(page.getByTestId('nav-user')).toBeVisible();
  return { context, member, page };
}

/** Opens the members screen of the site, finds the member by nickname and opens their drawer. */
async function openMember(page: Page, site: E2eSite, member: TestMember): Promise<Locator> {
  const texts = site.texts.membersAdmin;
  await page.goto(`/admin/users?site=${siteCode(site)}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.usersTitle);
  const search = page.getByPlaceholder(texts.searchPlaceholder);
  await search.fill(member.nickname);
  await search.press('Enter');
  await page.getByTestId(`admin-user-view-${member.userId}`).click();
  const drawer = page.getByTestId('admin-user-detail');
  await expect(drawer).toContainText(member.nickname);
  return drawer;
}

const detailOf = (site: E2eSite, member: TestMember) =>
  admin.call<AdminUserDetail>(site, adminUsersDetail, { user_id: member.userId });

/** The audit log's entries for a target (on the managed site, portal-wide ones included), newest first. */
async function auditOf(site: E2eSite, action: string, targetKind: string, targetId: string | number) {
  const { list } = await admin.call<{ list: AuditEntry[] }>(site, adminAuditList, {
    action,
    target_kind: targetKind,
    target_id: String(targetId),
  });
  return list;
}

const rolesNow = async (site: E2eSite) => (await admin.call<{ roles: RoleItem[] }>(site, adminRolesList)).roles;

async function inboxTexts(api: APIRequestContext, site: E2eSite): Promise<string[]> {
  const answer = await callApi<{ userFrontMsgList: Array<{ tfm_title: string; tfm_content: string }> }>(
    api,
    site,
    frontMsgList,
    {},
  );
  expect(answer.status, `frontMsgList: ${answer.msg}`).toBe(200);
  return answer.data.userFrontMsgList.map((m) => `${m.tfm_title}\n${m.tfm_content}`);
}

for (const site of SITES) {
  const texts = site.texts.membersAdmin;
  const kinds = site.texts.messages.kinds;

  test.describe(`people in the back office, ${site.name} site`, () => {
    test('a role granted in the drawer applies at once: staff call, badge, back-office link and a message; the revoke takes them away', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await admin.enter(context, baseURL!, site);
      const them = await memberBrowser(browser, baseURL!, site, 'grantee');
      const staffCall = () => callApi(them.context.request, site, adminDashboard, {});
      expect((await staffCall()).http, 'a plain member is refused the staff call').toBe(403);
      await expect(them.page.getByTestId('nav-admin')).toHaveCount(0);
      await them.page.goto('/admin/users');
      await expect(them.page).toHaveURL(`/401?lang=${site.prefix}`);

      const drawer = await openMember(page, site, them.member);
      await expect(drawer).toContainText(texts.noRoles);
      await chooseOption(drawer.getByRole('combobox', { name: texts.role }), EDITOR.name[site.lang]);
      await drawer.getByTestId('admin-grant-submit').click();
      await expect(drawer.getByTestId(`admin-grant-${EDITOR.code}`)).toContainText(EDITOR.name[site.lang]);

      // The member, at once: the staff call succeeds, the badge is theirs, the back office opens.
      expect((await staffCall()).status).toBe(200);
      expect((await whoAmI(them.context.request, site)).data.user_logo_arr).toContain(EDITOR.badge);
      await them.page.goto(homeOf(site));
      await waitForHydration(them.page);
      // In the account menu beside the avatar.
      await them.page.getByTestId('nav-account-menu').click();
      await expect(them.page.getByTestId('nav-admin')).toBeVisible();
      // …and the message, in the bell's popover.
      const granted = fill(kinds.role_granted.content, { role: EDITOR.name[site.lang] });
      await expect(them.page.getByTestId('messages-badge')).toHaveText('1');
      await them.page.getByTestId('messages-bell').click();
      await expect(them.page.getByTestId('messages-panel')).toContainText(granted);

      const grants = (await detailOf(site, them.member)).grants;
      expect(grants).toEqual([expect.objectContaining({ role: EDITOR.code, tws_id: Number(site.siteData) })]);

      // Revoked in the drawer: refused again, and told.
      await drawer.getByTestId(`admin-revoke-${EDITOR.code}`).click();
      await confirmPopconfirm(page);
      await expect(drawer.getByTestId(`admin-grant-${EDITOR.code}`)).toHaveCount(0);
      expect((await staffCall()).http).toBe(403);
      expect((await whoAmI(them.context.request, site)).data.user_logo_arr).not.toContain(EDITOR.badge);
      expect(await inboxTexts(them.context.request, site)).toContain(
        `${kinds.role_revoked.title}\n${fill(kinds.role_revoked.content, { role: EDITOR.name[site.lang] })}`,
      );

      // The audit log has both, by the admin, with the member's roles before and after.
      const [grant] = await auditOf(site, 'role.grant', 'user', them.member.userId);
      expect(grant).toMatchObject({ actor: { user_nick_name: 'Admin' }, site_id: Number(site.siteData) });
      expect(grant!.before).toMatchObject({ grants: [] });
      expect(grant!.after).toMatchObject({ grants: [{ role: EDITOR.code, site_id: Number(site.siteData) }] });
      const [revoke] = await auditOf(site, 'role.revoke', 'user', them.member.userId);
      expect(revoke!.before).toMatchObject({ grants: [{ role: EDITOR.code }] });
      expect(revoke!.after).toMatchObject({ grants: [], revoked: { role: EDITOR.code } });
      await them.context.close();
    });

    test('a ban from the drawer ends the member’s session at once; lifting it is recorded in the history', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await admin.enter(context, baseURL!, site);
      const them = await memberBrowser(browser, baseURL!, site, 'banned');
      const reason = site.lang === 'zh' ? `发布广告 ${Date.now()}` : `Spam links ${Date.now()}`;

      const drawer = await openMember(page, site, them.member);
      await expect(drawer.getByTestId('admin-user-sessions')).toHaveText('1');
      await drawer.getByLabel(texts.banReason).fill(reason);
      await drawer.getByText(texts.preset1d, { exact: true }).click();
      await drawer.getByTestId('admin-ban-submit').click();
      await confirmPopconfirm(page);
      await expect(drawer.getByTestId('admin-user-ban-state')).toContainText(reason);
      await expect(drawer.getByTestId('admin-user-sessions')).toHaveText('0');

      // The member's next page load is signed out; their old session answers 401.
      await them.page.reload();
      await waitForHydration(them.page);
      await expect(them.page.getByTestId('nav-login')).toBeVisible();
      await expect(them.page.getByTestId('nav-user')).toHaveCount(0);
      expect((await whoAmI(them.context.request, site)).http).toBe(401);

      const banned = await detailOf(site, them.member);
      expect(banned.ban_reason).toBe(reason);
      const hours = (Date.parse(banned.banned_until!) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23);
      expect(hours).toBeLessThanOrEqual(24);

      // Lifted in the drawer; the history keeps the ban with who lifted it.
      await drawer.getByTestId('admin-unban').click();
      await confirmPopconfirm(page);
      await expect(drawer.getByTestId('admin-user-ban-state')).toHaveText(texts.notBannedNow);
      await expect(drawer.getByTestId('admin-user-bans')).toContainText(reason);
      const lifted = await detailOf(site, them.member);
      expect(lifted.banned_until).toBeNull();
      expect(lifted.bans[0]).toMatchObject({ reason, lifted_by: { user_nick_name: 'Admin' } });

      // The audit log has the ban (with the sessions it ended) and the lift.
      const [ban] = await auditOf(site, 'user.ban', 'user', them.member.userId);
      expect(ban).toMatchObject({ actor: { user_nick_name: 'Admin' }, before: { banned_until: null } });
      expect(ban!.after).toMatchObject({ ban_reason: reason, ended_sessions: 1 });
      const [unban] = await auditOf(site, 'user.unban', 'user', them.member.userId);
      expect(unban).toMatchObject({ before: { ban_reason: reason }, after: { banned_until: null } });
      await them.context.close();
    });

    test('a broadcast sent from the broadcasts screen reaches the members’ message popover', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await admin.enter(context, baseURL!, site);
      const them = await memberBrowser(browser, baseURL!, site, 'reader');
      const title = site.lang === 'zh' ? `系统维护通知 ${Date.now()}` : `Maintenance tonight ${Date.now()}`;
      const content = site.lang === 'zh' ? '今晚 22:00 至 23:00 暂停服务。' : 'The portal pauses from 22:00 to 23:00.';

      await page.goto(`/admin/broadcasts?site=${siteCode(site)}`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.broadcastsTitle);
      await page.getByLabel(texts.title, { exact: true }).fill(title);
      await page.getByLabel(texts.content, { exact: true }).fill(content);
      await page.getByTestId('admin-broadcast-send').click();
      await confirmPopconfirm(page);
      const sent = page.getByTestId(`admin-broadcasts-table-${siteCode(site)}`);
      await expect(sent).toContainText(title);
      await expect(sent.getByRole('row').filter({ hasText: title })).toContainText(texts.audienceAll);

      // The member's bell: the broadcast, as typed.
      await them.page.reload();
      await waitForHydration(them.page);
      await them.page.getByTestId('messages-bell').click();
      const panel = them.page.getByTestId('messages-panel');
      await expect(panel).toContainText(title);
      await expect(panel).toContainText(content);
      expect(await inboxTexts(them.context.request, site)).toContain(`${title}\n${content}`);

      // The audit log has it, with what was sent and to how many.
      const entries = await callApi<{ list: AuditEntry[] }>(admin.api, site, adminAuditList, {
        action: 'message.broadcast',
      });
      const entry = entries.data.list.find((e) => (e.after as { title?: string } | null)?.title === title);
      expect(entry, 'the broadcast in the audit log').toMatchObject({
        actor: { user_nick_name: 'Admin' },
        target_kind: 'broadcast',
        site_id: Number(site.siteData),
        after: { audience: 'all', content },
      });
      expect((entry!.after as { recipients: number }).recipients).toBeGreaterThan(0);
      await them.context.close();
    });

    test('the roles screen: a custom role is created, given a permission in the matrix and deleted, each audited', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const rt = site.texts.roles;
      await admin.enter(context, baseURL!, site);
      const code = `e2e_${site.lang}_${Date.now().toString(36)}`;
      const name = site.lang === 'zh' ? '测试审计员' : 'Test auditor';
      const labelOf = (permission: string) => {
        const [group, verb] = permission.split('.') as [string, string];
        return (rt.permissionNames as Record<string, Record<string, string>>)[group]![verb]!;
      };

      await page.goto(`/admin/roles?site=${siteCode(site)}`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rt.screenTitle);
      // The admin column is fixed (every permission); the member role cannot take staff permissions.
      await expect(page.getByTestId('admin-perm-admin-user.manage')).toBeChecked();
      await expect(page.getByTestId('admin-perm-admin-user.manage')).toBeDisabled();
      await expect(page.getByTestId('admin-perm-member-user.manage')).toBeDisabled();
      await expect(page.getByTestId('admin-perm-member-feedback.send')).toBeEnabled();

      await page.getByTestId('admin-role-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(rt.code, { exact: true }).fill(code);
      await dialog.getByLabel(rt.nameZh, { exact: true }).fill('测试审计员');
      await dialog.getByLabel(rt.nameEn, { exact: true }).fill('Test auditor');
      await dialog.getByLabel(labelOf('audit.read'), { exact: true }).check();
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      // (A table with a fixed column also renders its header in a hidden measuring row: read the real one.)
      const head = page.locator('.ant-table-thead');
      await expect(head.getByTestId(`admin-role-col-${code}`)).toContainText(name);
      expect((await rolesNow(site)).find((r) => r.code === code)).toMatchObject({
        builtin: false,
        permissions: ['audit.read'],
      });

      // A tick in the matrix saves at once.
      await page.getByTestId(`admin-perm-${code}-user.manage`).check();
      await expect
        .poll(async () => (await rolesNow(site)).find((r) => r.code === code)?.permissions)
        .toEqual(['audit.read', 'user.manage']);
      await expect(page.getByTestId(`admin-perm-${code}-user.manage`)).toBeChecked();

      await head.getByTestId(`admin-role-delete-${code}`).click();
      await confirmPopconfirm(page);
      await expect(page.getByTestId(`admin-role-col-${code}`)).toHaveCount(0);
      expect((await rolesNow(site)).map((r) => r.code)).not.toContain(code);

      const [created] = await auditOf(site, 'role.create', 'role', code);
      expect(created).toMatchObject({ actor: { user_nick_name: 'Admin' }, after: { permissions: ['audit.read'] } });
      const [updated] = await auditOf(site, 'role.update', 'role', code);
      expect(updated).toMatchObject({
        before: { permissions: ['audit.read'] },
        after: { permissions: ['audit.read', 'user.manage'] },
      });
      const [deleted] = await auditOf(site, 'role.delete', 'role', code);
      expect(deleted).toMatchObject({ before: { permissions: ['audit.read', 'user.manage'] }, after: null });
    });

    test('a plain member opening the people screens lands on the no-permission page', async ({
      page,
      context,
      baseURL,
    }) => {
      await presetLanguage(context, baseURL!, site);
      await registerMember(context.request, site, { tag: 'nopeople' });
      for (const path of ['/admin/users', '/admin/roles', '/admin/broadcasts']) {
        await page.goto(path);
        await expect(page).toHaveURL(`/401?lang=${site.prefix}`);
        await expect(page.getByTestId('admin-frame')).toHaveCount(0);
      }
    });
  });
}
