import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { postAdd, postFormConfig } from '@portal/contracts/discussions';
import { adminReviewList, type ReviewItem } from '@portal/contracts/reviews';
import { adminSettingsGet, adminSettingsUpdate, type SiteSettings } from '@portal/contracts/settings';
import { callApi, fill, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, openedDialog } from './support/antd';
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
 * The review queue (issue 5 item 7), on both sites, through the real screens: with the site's
 * review switch on, two members publish posts (post/add from their own signed-in browser context),
 * which wait in the queue. The admin opens one from the back office's menu, reads it as members
 * will see it (its table included), approves it from the drawer, and rejects the other with a
 * reason from the table. Each author finds the message in the bell and the status in "My posts"
 * (the reason with the rejected one); the approved post shows in the discussion list, the rejected
 * one does not. A third post is withdrawn by its author from "My posts" while pending.
 */

const admin = useAdmin();

interface Posted {
  tp_id: number;
  status?: number;
}

/** A member publishing a post through post/add with their own browser session. */
async function publish(api: APIRequestContext, site: E2eSite, title: string, html: string): Promise<number> {
  const config = await callApi<{
    post_ins_list: { value: number }[];
    post_scene_list: { value: number }[];
    post_board_list: { value: number }[];
  }>(api, site, postFormConfig, {});
  expect(config.status, `post/formConfig: ${config.msg}`).toBe(200);
  const answer = await callApi<Posted>(api, site, postAdd, {
    tp_title: title,
    tp_hy_dd_id: config.data.post_ins_list[0]!.value,
    tp_cj_dd_id: config.data.post_scene_list[0]!.value,
    // A site with boards files every post under one (decision 024).
    tp_board_id: config.data.post_board_list[0]?.value,
    tp_content: html,
  });
  expect(answer.status, `post/add: ${answer.msg}`).toBe(200);
  return answer.data.tp_id;
}

const queueOf = async (site: E2eSite) =>
  (await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { page_size: 50 })).list;

async function memberPage(browserContext: BrowserContext, baseURL: string, site: E2eSite, tag: string) {
  await presetLanguage(browserContext, baseURL, site);
  await signalHydration(browserContext);
  const member = await registerMember(browserContext.request, site, { tag });
  const page = await browserContext.newPage();
  return { member, page };
}

/** The author's bell holds one unread message with this title and text. */
async function expectMessage(page: Page, site: E2eSite, title: string, content: string) {
  await page.goto(`/${site.prefix}/index/index`);
  await waitForHydration(page);
  const bell = page.getByTestId('messages-bell');
  await expect(bell).toHaveAccessibleName(fill(site.texts.messages.bellUnread_one, { count: 1 }));
  await bell.click();
  const item = page.getByTestId('messages-panel').getByTestId('messages-item').first();
  await expect(item).toContainText(title);
  await expect(item).toContainText(content);
}

for (const site of SITES) {
  const texts = site.texts.reviewsAdmin;
  const status = site.texts.reviews.status;

  test.describe(`the review queue, ${site.name} site`, () => {
    test('with review on, one post is approved and one rejected with a reason; the authors see messages and statuses', async ({
      browser,
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const settings = await admin.call<SiteSettings>(site, adminSettingsGet);
      const one = await browser.newContext({ baseURL });
      const two = await browser.newContext({ baseURL });
      try {
        await admin.call(site, adminSettingsUpdate, { review: { post_review: true } });

        // Two members publish; their posts wait for review.
        const a = await memberPage(one, baseURL!, site, 'reviewa');
        const b = await memberPage(two, baseURL!, site, 'reviewb');
        const marker = `${site.lang}-${Date.now().toString(36)}`;
        const goodTitle = `Erasure coding in practice ${marker}`;
        const badTitle = `Cheap disks for sale ${marker}`;
        const laterTitle = `Second thoughts ${marker}`;
        const table = '<table><tbody><tr><th><p>Scheme</p></th><td><p>8+3</p></td></tr></tbody></table>';
        const goodId = await publish(one.request, site, goodTitle, `<p>Our layout:</p>${table}`);
        const badId = await publish(two.request, site, badTitle, '<p>Buy now</p>');
        const laterId = await publish(one.request, site, laterTitle, '<p>Not sure yet</p>');
        const queued = await queueOf(site);
        const good = queued.find((i) => i.item_id === goodId);
        const bad = queued.find((i) => i.item_id === badId);
        expect(good).toMatchObject({ kind: 'post', status: 10, title: goodTitle });
        expect(bad).toMatchObject({ kind: 'post', status: 10, title: badTitle });

        // "My posts" shows it pending; the author withdraws the third one there.
        await a.page.goto(`/${site.prefix}/userinfo/creations`);
        await waitForHydration(a.page);
        await expect(a.page.getByTestId(`my-post-status-${goodId}`)).toHaveText(status[10]);
        await a.page.getByTestId(`my-post-withdraw-${laterId}`).click();
        await a.page.getByRole('button', { name: site.texts.reviews.mine.withdraw, exact: true }).last().click();
        await expect(a.page.getByTestId(`my-post-status-${laterId}`)).toHaveText(status[40]);
        await expect(a.page.getByTestId(`my-post-withdraw-${laterId}`)).toHaveCount(0);
        expect((await queueOf(site)).some((i) => i.item_id === laterId)).toBe(false);

        // The admin reaches the queue from the menu.
        await admin.enter(context, baseURL!, site);
        await page.goto(`/admin?site=${siteCode(site)}`);
        await waitForHydration(page);
        await page
          .getByRole('navigation', { name: site.texts.admin.menuLabel })
          .getByRole('link', { name: texts.queueTitle })
          .click();
        await expect(page).toHaveURL(`/admin/reviews?site=${siteCode(site)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.queueTitle);
        const rows = page.getByTestId('review-table').locator('tbody tr.ant-table-row');
        await expect(rows.filter({ hasText: goodTitle })).toHaveCount(1);
        await expect(rows.filter({ hasText: badTitle })).toHaveCount(1);
        await expect(rows.filter({ hasText: laterTitle })).toHaveCount(0);

        // Read as members will see it, then approved from the drawer.
        await page.getByTestId(`review-open-${good!.review_id}`).click();
        const drawer = page.getByTestId('review-drawer');
        await expect(drawer.getByTestId('review-drawer-title')).toHaveText(goodTitle);
        const content = drawer.getByTestId('review-drawer-content');
        await expect(content.locator('table td')).toHaveText('8+3');
        await expect(content).toContainText('Our layout:');
        await drawer.getByTestId('review-drawer-approve').click();
        await expect(
          toasts(page).filter({ hasText: fill(site.texts.reviews.api.decidedCount_one, { count: 1 }) }),
        ).toBeVisible();
        await expect(drawer).toBeHidden();
        await expect(rows.filter({ hasText: goodTitle })).toHaveCount(0);

        // Rejected with a reason from the table; the reason is required.
        const reason = site.lang === 'zh' ? '广告内容，请勿发布' : 'Advertising is not allowed here';
        await page.getByTestId(`review-reject-${bad!.review_id}`).click();
        const dialog = await openedDialog(
          page.getByRole('dialog', { name: fill(texts.rejectTitle_one, { count: 1 }) }),
        );
        await dialog.getByRole('button', { name: texts.confirmReject }).click();
        await expect(dialog).toContainText(site.texts.reviews.api.reasonRequired);
        await dialog.getByLabel(texts.reasonLabel).fill(reason);
        await dialog.getByRole('button', { name: texts.confirmReject }).click();
        await expect(dialog).toBeHidden();
        await expect(rows.filter({ hasText: badTitle })).toHaveCount(0);

        // The decided items are under their statuses, with who decided and the reason.
        const decided = await queueOf(site);
        expect(decided.some((i) => i.item_id === goodId || i.item_id === badId)).toBe(false);
        const rejected = (
          await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { status: 30, page_size: 50 })
        ).list.find((i) => i.item_id === badId);
        expect(rejected).toMatchObject({ status: 30, reason, decider_nick_name: 'Admin' });

        // The authors: a message in the bell and the status in "My posts".
        const kinds = site.texts.messages.kinds;
        await expectMessage(a.page, site, kinds.review_approved.title, goodTitle);
        await expectMessage(b.page, site, kinds.review_rejected.title, reason);
        await a.page.goto(`/${site.prefix}/userinfo/creations`);
        await expect(a.page.getByTestId(`my-post-status-${goodId}`)).toHaveText(status[20]);
        await b.page.goto(`/${site.prefix}/userinfo/creations`);
        await expect(b.page.getByTestId(`my-post-status-${badId}`)).toHaveText(status[30]);
        await expect(b.page.getByTestId(`my-post-reason-${badId}`)).toHaveText(
          fill(site.texts.reviews.mine.reason, { reason }),
        );

        // The discussion list shows the approved post, never the rejected one.
        const list = await one.newPage();
        await list.goto(`/${site.prefix}/discuss/list`);
        await expect(list.getByText(goodTitle)).toBeVisible();
        await expect(list.getByText(badTitle)).toHaveCount(0);
      } finally {
        await one.close();
        await two.close();
        const restored = await callApi(admin.api, site, adminSettingsUpdate, {
          review: { post_review: settings.review.post_review },
        });
        expect(restored.status, `restoring the review switch: ${restored.msg}`).toBe(200);
      }
    });

    test('bulk: several selected items are approved or rejected with one reason in one go', async ({
      browser,
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const settings = await admin.call<SiteSettings>(site, adminSettingsGet);
      const author = await browser.newContext({ baseURL });
      try {
        await admin.call(site, adminSettingsUpdate, { review: { post_review: true } });
        const a = await memberPage(author, baseURL!, site, 'reviewbulk');
        const marker = `bulk-${site.lang}-${Date.now().toString(36)}`;
        const titles = [1, 2, 3, 4].map((n) => `Bulk ${n} ${marker}`);
        const ids: number[] = [];
        for (const title of titles) ids.push(await publish(author.request, site, title, `<p>${title}</p>`));
        const queued = await queueOf(site);
        const reviewIds = ids.map((id) => queued.find((i) => i.item_id === id)!.review_id);

        await admin.enter(context, baseURL!, site);
        await page.goto(`/admin/reviews?site=${siteCode(site)}`);
        await waitForHydration(page);
        const rows = page.getByTestId('review-table').locator('tbody tr.ant-table-row');
        const rowOf = (title: string) => rows.filter({ hasText: title });
        await expect(rowOf(marker)).toHaveCount(4);

        // Two approved together.
        for (const title of titles.slice(0, 2)) await rowOf(title).getByRole('checkbox').check();
        const approve = page.getByTestId('review-bulk-approve');
        await expect(approve).toHaveText(fill(texts.approveSelected_other, { count: 2 }));
        await approve.click();
        await page.getByRole('tooltip').getByRole('button', { name: texts.approve }).click();
        await expect(
          toasts(page).filter({ hasText: fill(site.texts.reviews.api.decidedCount_other, { count: 2 }) }),
        ).toBeVisible();
        await expect(rowOf(marker)).toHaveCount(2);

        // The other two rejected with one reason.
        const reason = site.lang === 'zh' ? '重复内容' : 'Duplicate of an earlier post';
        for (const title of titles.slice(2)) await rowOf(title).getByRole('checkbox').check();
        await page.getByTestId('review-bulk-reject').click();
        const dialog = await openedDialog(
          page.getByRole('dialog', { name: fill(texts.rejectTitle_other, { count: 2 }) }),
        );
        await dialog.getByLabel(texts.reasonLabel).fill(reason);
        await dialog.getByRole('button', { name: texts.confirmReject }).click();
        await expect(dialog).toBeHidden();
        await expect(rowOf(marker)).toHaveCount(0);

        // Under "rejected", both with the reason and the decider.
        await chooseOption(page.getByRole('combobox', { name: texts.statusLabel }), site.texts.reviews.status[30]);
        for (const title of titles.slice(2)) {
          await expect(rowOf(title)).toContainText(fill(texts.reasonShown, { reason }));
        }
        await expect(page.getByTestId(`review-status-${reviewIds[2]}`)).toHaveText(site.texts.reviews.status[30]);

        // The author's "My posts".
        await a.page.goto(`/${site.prefix}/userinfo/creations`);
        for (const [i, id] of ids.entries()) {
          await expect(a.page.getByTestId(`my-post-status-${id}`)).toHaveText(
            site.texts.reviews.status[i < 2 ? 20 : 30],
          );
        }
      } finally {
        await author.close();
        const restored = await callApi(admin.api, site, adminSettingsUpdate, {
          review: { post_review: settings.review.post_review },
        });
        expect(restored.status, `restoring the review switch: ${restored.msg}`).toBe(200);
      }
    });
  });
}
