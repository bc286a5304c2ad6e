import fs from 'node:fs';
import { cooperationList, cooperationInfo, type CooperationPage } from '@portal/contracts/cooperation';
import { myApplications } from '@portal/contracts/expert-applications';
import { getMyInfo } from '@portal/contracts/accounts';
import { adminReviewList, type ReviewItem } from '@portal/contracts/reviews';
import { callApi, fill, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * Cooperation (issue 21 items 5–7, decision 045), both sites in one journey: the cooperation home
 * and a programme's page are server-rendered with their head; a member (not a partner yet) sees the
 * solution kit locked and is refused its download, sends a cooperation application from the home;
 * staff approve it in the back office's review queue, and rewrite the programme in the rich-text
 * editor with a new cover; the member, now an enterprise member with badge 50, sees the new page and
 * downloads the partner-only kit, which another member and a visitor are still refused.
 */

// A 96x32 PNG: the cover upload judges it by its content and redraws it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAgCAIAAABiouoDAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAdUlEQVRoge3YUQ2AMBTF0CmZMBRXFgrghyyPj5NMQdPbDda+cvYzhIXOflUEoADqy0oYFEAxqHNXjYkFUAzKxJp60GpQAMWgTCwN6p//FUQ6gGJQJpYGNd5jkQ6gGJSJNd4dD8UAikGZWOMB8rEaQDGooxO7AQyoAOJBLZtZAAAAAElFTkSuQmCC',
  'base64',
);

const admin = useAdmin();

test('a member applies, staff approve in the review queue, and the new partner downloads the partner-only kit, on both sites', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(240_000);
  const staff = await browser.newContext({ baseURL });
  await signalHydration(staff);
  const staffPage = await staff.newPage();
  try {
    for (const site of SITES) {
      const t = site.texts.cooperation;
      const context = await browser.newContext({ baseURL });
      await signalHydration(context);
      const page = await context.newPage();
      const member = await registerMember(context.request, site, { tag: 'partner' });
      const outsider = await playwright.request.newContext({ baseURL });
      await registerMember(outsider, site, { tag: 'nonpartner' });

      // The demo programme with the partner-only solution kit, as the API lists it.
      const listed = await callApi<{ list: Array<{ id: number; partner_file_count: number }> }>(
        context.request,
        site,
        cooperationList,
        { kind: 'programme' },
      );
      const programme = listed.data.list.find((p) => p.partner_file_count > 0)!;
      expect(programme, 'a demo programme with a partner-only file').toBeDefined();

      // The page, server-rendered with its head: the kit is locked for a member who is not a partner.
      const response = await page.goto(`/${site.prefix}/cooperate/info/${programme.id}`);
      const html = (await response!.text()) ?? '';
      expect(html).toContain('data-testid="coop-title"');
      await waitForHydration(page);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
        'href',
        new RegExp(`/${site.prefix}/cooperate/info/${programme.id}$`),
      );
      await expect(page.locator(`link[rel=alternate][hreflang="${site.lang === 'zh' ? 'en' : 'zh-CN'}"]`)).toHaveCount(
        1,
      );
      const kit = page.getByTestId('coop-file').filter({ hasText: t.partnerOnly });
      await expect(kit.getByTestId('coop-file-locked')).toHaveText(t.partnersOnlyHint);
      const info = await callApi<CooperationPage>(context.request, site, cooperationInfo, { id: programme.id });
      const kitFile = info.data.files.find((f) => f.partner_only)!;
      expect((await context.request.get(kitFile.url)).status()).toBe(403);

      // The application, from the cooperation home: an empty form names what is missing.
      await page.getByTestId('coop-other-version').waitFor();
      await page.goto(`/${site.prefix}/cooperate/index#apply`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.titles.cooperate);
      await expect(page.getByTestId('coop-page').first()).toBeVisible();
      await expect(page.getByTestId('coop-partner').first()).toBeVisible();
      const form = page.getByTestId('coop-apply-form');
      await expect(form).toBeVisible();
      await page.getByTestId('coop-apply-submit').click();
      await expect(form.getByText(site.texts.cooperationForm.companyRequired)).toBeVisible();
      await expect(form.getByText(site.texts.cooperationForm.intentRequired)).toBeVisible();
      const company = `${site.lang === 'zh' ? '存储伙伴' : 'Partner Storage'} ${Date.now().toString(36)}`;
      await page.getByTestId('coop-apply-company').fill(company);
      await page.getByTestId('coop-apply-contact').fill(site.lang === 'zh' ? '王伟' : 'Wang Wei');
      await page.getByTestId('coop-apply-email').fill('partner@example.com');
      await page.getByTestId('coop-apply-intent').fill('Certify our backup appliance with your arrays.');
      await page.getByTestId('coop-apply-submit').click();
      await expect(toasts(page).filter({ hasText: site.texts.cooperationApi.submitted })).toBeVisible();
      await expect(page.getByTestId('coop-apply-status')).toContainText(t.apply.status[10]);
      await expect(page.getByTestId('coop-apply-withdraw')).toBeVisible();

      // Staff approve it in the back office's review queue, which shows every field.
      const queue = await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { kind: 'cooperation' });
      const item = queue.list.find((i) => i.author.user_id === member.userId)!;
      expect(item, 'the application in the review queue').toBeDefined();
      await admin.enter(staff, baseURL!, site);
      await staffPage.goto(`/admin/reviews?site=${siteCode(site)}`);
      await waitForHydration(staffPage);
      await staffPage.getByTestId(`review-open-${item.review_id}`).click();
      const drawer = staffPage.getByTestId('review-drawer');
      await expect(drawer.getByTestId('review-drawer-title')).toHaveText(
        fill(site.texts.cooperationApi.queueTitle, { company }),
      );
      await expect(drawer).toContainText('partner@example.com');
      await expect(drawer).toContainText('Certify our backup appliance');
      await drawer.getByTestId('review-drawer-approve').click();
      await expect(
        toasts(staffPage).filter({ hasText: fill(site.texts.reviews.api.decidedCount_one, { count: 1 }) }),
      ).toBeVisible();

      // The back office's partner companies list the new partner with the member.
      await staffPage.goto(`/admin/cooperation?site=${siteCode(site)}`);
      await waitForHydration(staffPage);
      await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(site.texts.cooperationAdmin.screenTitle);
      await expect(staffPage.getByRole('row').filter({ hasText: info.data.title })).toHaveCount(1);

      // Staff rewrite the programme in the rich-text editor and give it a cover picture.
      await staffPage.getByTestId(`coop-admin-edit-${programme.id}`).click();
      const pageForm = staffPage.getByTestId('coop-admin-form');
      await expect(pageForm.getByTestId('coop-admin-title')).toHaveValue(info.data.title);
      await pageForm.locator('[data-testid="coop-admin-cover"] input[type="file"]').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(pageForm.getByTestId('coop-admin-cover-preview')).toHaveAttribute(
        'src',
        /^\/uploads\/site\/[0-9a-f]{32}\.png$/,
      );
      const cover = await pageForm.getByTestId('coop-admin-cover-preview').getAttribute('src');
      const addition = site.lang === 'zh' ? '新增：认证流程两周内完成。' : 'New: certification takes two weeks.';
      const editor = pageForm.locator('.ProseMirror');
      await editor.click();
      await staffPage.keyboard.press('Control+End');
      await staffPage.keyboard.press('Enter');
      await editor.pressSequentially(addition);
      await staffPage.getByTestId('coop-admin-save').click();
      await expect(pageForm).toBeHidden();
      await staffPage.getByText(site.texts.cooperationAdmin.partnersTab, { exact: true }).click();
      const partnerRow = staffPage.getByRole('row').filter({ hasText: company });
      await partnerRow.getByRole('button', { name: site.texts.cooperationAdmin.members, exact: true }).click();
      await expect(staffPage.getByTestId('coop-members')).toContainText(member.nickname);

      // The member is an enterprise member with badge 50, and downloads the kit from the page.
      const me = await callApi<{ user_logo_arr: number[] }>(context.request, site, getMyInfo);
      expect(me.data.user_logo_arr).toContain(50);
      const centre = await callApi<{ list: Array<{ kind: string; status: number }> }>(
        context.request,
        site,
        myApplications,
      );
      expect(centre.data.list).toContainEqual(expect.objectContaining({ kind: 'cooperation', status: 20 }));
      await page.goto(`/${site.prefix}/cooperate/info/${programme.id}`);
      await waitForHydration(page);
      await expect(page.locator('.coop-body')).toContainText(addition);
      await expect(page.locator('.coop-detail__cover')).toHaveAttribute('src', cover!);
      const link = kit.getByTestId('coop-file-download');
      await expect(link).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // Still refused to a member who is not a partner (403) and to a visitor (401).
      expect((await outsider.get(kitFile.url)).status()).toBe(403);
      await outsider.dispose();
      const anonymous = await playwright.request.newContext({ baseURL });
      expect((await anonymous.get(kitFile.url)).status()).toBe(401);
      await anonymous.dispose();
      await context.close();
    }
  } finally {
    await staff.close();
  }
});
