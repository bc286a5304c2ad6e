import type { Page } from '@playwright/test';
import { adminAuditList, type AuditEntry } from '@portal/contracts/admin';
import { adminFeedbackList, feedBack, type FeedbackItem } from '@portal/contracts/feedback';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { adminRolesList, adminRolesUpdate, type RoleItem } from '@portal/contracts/roles';
import { adminSettingsGet, adminSettingsUpdate, type SiteSettings } from '@portal/contracts/settings';
import { callApi, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, homeOf, presetLanguage, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The feedback inbox of the back office (issue 4), on both sites, through the real screens: a
 * member sends feedback from the dialog; the seeded admin finds it in /admin/feedback (from the
 * menu, by keyword), reads it as plain text, handles it with a note (the tag turns "handled"),
 * sends it back to new, and the audit log screen shows each `feedback.handle`. And the permission
 * switch of spec 6: with the site's switch on and `feedback.send` taken from the member role, the
 * member's feedback button is gone and the call answers 403 (restored afterwards).
 *
 * The admin signs in with one-time codes (support/admin.ts).
 */

const admin = useAdmin();

const feedbackButton = (page: Page, site: E2eSite) => page.getByRole('button', { name: site.texts.feedback.open });

/** The inbox entries of a site whose text contains `keyword`, as the admin's API sees them. */
const inboxOf = async (site: E2eSite, keyword: string) =>
  (await admin.call<{ list: FeedbackItem[] }>(site, adminFeedbackList, { keyword })).list;

/** The exact text of an element (textContent: line breaks included, no whitespace folding). */
const exactText = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.textContent);

for (const site of SITES) {
  const texts = site.texts.feedbackAdmin;

  test.describe(`the feedback inbox, ${site.name} site`, () => {
    test('feedback sent from the dialog is found, read as plain text, handled with a note and sent back, each in the audit log', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await presetLanguage(context, baseURL!, site);
      const member = await registerMember(context.request, site, { tag: 'fbinbox' });

      // The member sends a long, multi-line feedback with markup in it, from the dialog.
      const marker = `inbox-${site.lang}-${member.userId}-${Date.now().toString(36)}`;
      const lines = [
        `${marker} search forgets filters`,
        'Steps: <b>open</b> search, pick a tag, go back.',
        'Expected: the tag stays picked.',
        'Seen: the tag is gone.',
        'Browser: Chromium.',
        'Thanks!',
      ];
      const text = lines.join('\n');
      await page.goto(homeOf(site));
      await waitForHydration(page);
      await feedbackButton(page, site).click();
      const dialog = page.getByRole('dialog', { name: site.texts.feedback.title });
      await dialog.getByRole('textbox', { name: site.texts.feedback.contentLabel }).fill(text);
      await dialog.getByRole('button', { name: site.texts.feedback.send }).click();
      await expect(toasts(page).filter({ hasText: site.texts.feedback.received })).toBeVisible();
      const [sent] = await inboxOf(site, marker);
      expect(sent).toMatchObject({ tufb_content: text, tufb_status: 10, user: { user_id: member.userId } });
      const id = sent!.tufb_id;

      // The admin reaches the inbox from the back office's menu.
      await admin.enter(context, baseURL!, site);
      await page.goto(`/admin?site=${siteCode(site)}`);
      await waitForHydration(page);
      const menu = page.getByRole('navigation', { name: site.texts.admin.menuLabel });
      await menu.getByRole('link', { name: texts.inboxTitle }).click();
      await expect(page).toHaveURL(`/admin/feedback?site=${siteCode(site)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.inboxTitle);
      await expect(page).toHaveTitle(`${texts.inboxTitle} - ${site.texts.admin.title} - ${site.texts.common.siteName}`);
      await expect(page.getByRole('tab', { selected: true })).toContainText(texts.tabNew);

      // Found by keyword (kept in the URL beside the site).
      const search = page.getByPlaceholder(texts.searchPlaceholder);
      await search.fill(marker);
      await search.press('Enter');
      await expect(page).toHaveURL(`/admin/feedback?site=${siteCode(site)}&q=${marker}`);
      const rows = page.getByTestId('feedback-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(1);
      const row = rows.first();
      await expect(row).toContainText(member.nickname);
      await expect(row).toContainText(`contact.${member.userId}@example.com`);
      await expect(page.getByTestId(`feedback-status-${id}`)).toHaveText(texts.statusNew);
      await expect(page.getByTestId('feedback-tab-new')).toContainText('1');
      await expect(page.getByTestId('feedback-tab-handled')).toContainText('0');

      // Plain text: the start of a long one, then all of it with its line breaks; markup stays text.
      const content = `feedback-text-${id}`;
      expect(await exactText(page, content)).toBe(`${lines.slice(0, 4).join('\n')}…`);
      await row.getByRole('button', { name: texts.expand }).click();
      expect(await exactText(page, content)).toBe(text);
      await expect(page.getByTestId(content)).toHaveCSS('white-space', 'pre-wrap');
      await expect(row.locator('b')).toHaveCount(0);
      await row.getByRole('button', { name: texts.collapse }).click();
      expect(await exactText(page, content)).not.toBe(text);

      // Handled with a note: the server's msg, then the tag turns "handled" (on the handled tab).
      const note =
        site.lang === 'zh' ? `已转交搜索组\n下个版本修复 ${marker}` : `Passed to search\nFixed next release ${marker}`;
      await page.getByTestId(`feedback-handle-${id}`).click();
      const modal = page.getByRole('dialog', { name: texts.modalTitle });
      await expect(modal.getByTestId('feedback-handle-content')).toContainText(lines[1]!);
      await expect(modal.getByRole('radio', { name: texts.markHandled })).toBeChecked();
      await expect(modal.getByLabel(texts.noteLabel)).toHaveAttribute('maxlength', '500');
      await modal.getByLabel(texts.noteLabel).fill(note);
      await modal.getByRole('button', { name: texts.save }).click();
      await expect(toasts(page).filter({ hasText: site.texts.api.ok })).toBeVisible();
      await expect(modal).toBeHidden();
      // It leaves the "new" tab.
      await expect(rows).toHaveCount(0);
      await expect(page.getByTestId('feedback-table')).toContainText(texts.emptyFiltered);
      await expect(page.getByTestId('feedback-tab-new')).toContainText('0');
      await expect(page.getByTestId('feedback-tab-handled')).toContainText('1');
      await page.getByRole('tab', { name: new RegExp(texts.tabHandled) }).click();
      await expect(page).toHaveURL(`/admin/feedback?site=${siteCode(site)}&q=${marker}&status=handled`);
      await expect(page.getByTestId(`feedback-status-${id}`)).toHaveText(texts.statusHandled);
      expect(await exactText(page, `feedback-note-${id}`)).toBe(note);
      await expect(page.getByTestId(`feedback-handler-${id}`)).toContainText('Admin');
      const [handled] = await inboxOf(site, marker);
      expect(handled).toMatchObject({ tufb_status: 20, tufb_note: note, handler_nick_name: 'Admin' });

      // The audit log screen shows the handling, with the note before and after.
      await page.goto(`/admin/audit?site=${siteCode(site)}&kind=feedback&target=${id}`);
      await waitForHydration(page);
      const auditRows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
      await expect(auditRows).toHaveCount(1);
      await expect(auditRows.first()).toContainText(site.texts.admin.auditActions.feedback.handle);
      await expect(auditRows.first()).toContainText('Admin');
      await auditRows.first().locator('.ant-table-row-expand-icon').click();
      const diff = page.locator('[data-testid^="audit-diff-"]');
      const statusRow = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^status/ }) });
      await expect(statusRow.getByRole('cell').nth(0)).toHaveText('10');
      await expect(statusRow.getByRole('cell').nth(1)).toHaveText('20');

      // Back to new from the handled tab (a reload keeps the view); audited too.
      await page.goto(`/admin/feedback?site=${siteCode(site)}&status=handled&q=${marker}`);
      await waitForHydration(page);
      await page.getByTestId(`feedback-handle-${id}`).click();
      await expect(modal.getByLabel(texts.noteLabel)).toHaveValue(note);
      await modal.getByText(texts.markNew, { exact: true }).click();
      await expect(modal.getByRole('radio', { name: texts.markNew })).toBeChecked();
      await modal.getByRole('button', { name: texts.save }).click();
      await expect(modal).toBeHidden();
      await expect(rows).toHaveCount(0);
      await page.getByRole('tab', { name: new RegExp(texts.tabAll) }).click();
      await expect(page.getByTestId(`feedback-status-${id}`)).toHaveText(texts.statusNew);
      const entries = await callApi<{ list: AuditEntry[] }>(admin.api, site, adminAuditList, {
        action: 'feedback.handle',
        target_kind: 'feedback',
        target_id: String(id),
      });
      expect(entries.data.list.map((e) => [e.before, e.after])).toEqual([
        [
          { status: 20, note },
          { status: 10, note },
        ],
        [
          { status: 10, note: '' },
          { status: 20, note },
        ],
      ]);

      // The other site's inbox does not have it.
      const other = SITES.find((s) => s !== site)!;
      expect(await inboxOf(other, marker)).toEqual([]);
    });

    test('with the permission switch on and feedback.send taken from members, the button is gone and the call refused', async ({
      page,
      context,
      baseURL,
      browser,
    }) => {
      test.setTimeout(120_000);
      await presetLanguage(context, baseURL!, site);
      await registerMember(context.request, site, { tag: 'fbswitch' });
      const openHome = async (p: Page) => {
        await p.goto(homeOf(site));
        await waitForHydration(p);
      };
      await openHome(page);
      await expect(feedbackButton(page, site)).toBeVisible();

      const settings = await admin.call<SiteSettings>(site, adminSettingsGet);
      const roles = await admin.call<{ roles: RoleItem[] }>(site, adminRolesList);
      const memberPermissions = roles.roles.find((r) => r.code === 'member')!.permissions;
      expect(memberPermissions).toContain(PERMISSIONS.feedbackSend);

      const visitor = await browser.newContext({ baseURL });
      try {
        await admin.call(site, adminSettingsUpdate, { permission_switch: true });

        // Switch on: members keep the button (they hold feedback.send); a visitor's list is empty.
        await openHome(page);
        await expect(feedbackButton(page, site)).toBeVisible();
        await presetLanguage(visitor, baseURL!, site);
        const visitorPage = await visitor.newPage();
        // (An anonymous page may come from the page cache for a few seconds.)
        await expect(async () => {
          await visitorPage.goto(homeOf(site));
          await visitorPage.getByTestId('nav-login').waitFor();
          await expect(feedbackButton(visitorPage, site)).toHaveCount(0, { timeout: 1_000 });
        }).toPass({ timeout: 20_000 });

        // feedback.send taken from the member role: the button is gone, and the server refuses.
        await admin.call(site, adminRolesUpdate, {
          code: 'member',
          permissions: memberPermissions.filter((p) => p !== PERMISSIONS.feedbackSend),
        });
        await openHome(page);
        await expect(page.getByTestId('nav-user')).toBeVisible();
        await expect(feedbackButton(page, site)).toHaveCount(0);
        const refused = await callApi(context.request, site, feedBack, { tufb_content: 'not allowed' });
        expect(refused).toMatchObject({ http: 403, status: 403 });
      } finally {
        await visitor.close();
        const restoredRole = await callApi(admin.api, site, adminRolesUpdate, {
          code: 'member',
          permissions: memberPermissions,
        });
        const restoredSwitch = await callApi(admin.api, site, adminSettingsUpdate, {
          permission_switch: settings.permission_switch,
        });
        expect(restoredRole.status, `restoring the member role: ${restoredRole.msg}`).toBe(200);
        expect(restoredSwitch.status, `restoring the switch: ${restoredSwitch.msg}`).toBe(200);
      }

      // Restored: the button is back and the call goes through.
      await openHome(page);
      await expect(feedbackButton(page, site)).toBeVisible();
      const allowed = await callApi(context.request, site, feedBack, { tufb_content: 'allowed again' });
      expect(allowed.status).toBe(200);
    });

    test('a plain member opening the inbox lands on the no-permission page', async ({ page, context, baseURL }) => {
      await presetLanguage(context, baseURL!, site);
      await registerMember(context.request, site, { tag: 'fbnoinbox' });
      await page.goto(`/admin/feedback?site=${siteCode(site)}`);
      await expect(page).toHaveURL(`/401?lang=${site.prefix}`);
      await expect(page.getByTestId('admin-frame')).toHaveCount(0);
      const refused = await callApi(context.request, site, adminFeedbackList, {});
      expect(refused).toMatchObject({ http: 403, status: 403 });
    });
  });
}
