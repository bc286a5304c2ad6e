import type { Page } from '@playwright/test';
import { postFormConfig } from '@portal/contracts/discussions';
import { adminReviewList, type ReviewItem } from '@portal/contracts/reviews';
import { callApi, fill, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { openedDialog } from './support/antd';
import { expect, signalHydration, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The MVP programme (issue 21 item 4, decision 044), on both sites in one journey: a member opens
 * the application on the MVP page (the form loads only then), is told what is missing, fills it in
 * and submits; staff approve it in the back office's review queue; the member shows among the
 * year's MVPs with badge 20; staff end the term in the back office (the test does not wait for a
 * year); the badge is gone from the MVP page and the member has an in-site message saying why;
 * the personal centre lists the application, and its link opens the form again.
 */

const admin = useAdmin();

/** The member's card among the year's MVPs on the MVP page. */
const awardOf = (page: Page, nickname: string) => page.getByTestId('mvp-award').filter({ hasText: nickname });

async function openMvpPage(page: Page, site: E2eSite) {
  await page.goto(`/${site.prefix}/stationed/mvp`);
  await waitForHydration(page);
  await expect(page.getByTestId('mvp-page')).toBeVisible();
}

test('an MVP application is approved in the queue, shows the badge, and the ended term takes it away, on both sites', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const site of SITES) {
    const t = site.texts.mvpApply;
    const page_ = site.texts.experts;
    const member = await browser.newContext({ baseURL });
    await signalHydration(member);
    const page = await member.newPage();
    const applicant = await registerMember(member.request, site, { tag: 'mvp' });
    const config = await callApi<{ post_scene_list: Array<{ value: number; label: string }> }>(
      member.request,
      site,
      postFormConfig,
    );
    const area = config.data.post_scene_list[0]!;

    // The MVP page: the programme, no footer; the form loads when the member opens it.
    await openMvpPage(page, site);
    await expect(page.getByRole('heading', { name: page_.programmeTitle })).toBeVisible();
    await expect(page.getByText(page_.benefits1)).toBeVisible();
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByTestId('mvp-apply')).toHaveCount(0);
    await page.getByTestId('mvp-apply-open').click();
    await expect(page.getByTestId('mvp-apply')).toBeVisible();
    await page.getByTestId('mvp-apply-submit').click();
    await expect(page.getByText(t.realNameRule)).toBeVisible();
    await expect(page.getByText(t.biographyRequired)).toBeVisible();

    const name = site.lang === 'zh' ? '王MVP' : 'Grace MVP';
    await page.getByTestId('mvp-apply-real-name').fill(name);
    await page.getByTestId('mvp-apply-company').fill('E2E Storage Ltd');
    await page.getByTestId('mvp-apply-job-title').fill('Community lead');
    await page.getByRole('group', { name: t.ui.areas }).getByRole('checkbox', { name: area.label }).check();
    await page.getByTestId('mvp-apply-biography').fill('Runs the storage user group.');
    for (const i of [0, 1, 2]) {
      await page.getByTestId(`mvp-apply-title-${i}`).fill(`Contribution ${i + 1}`);
      await page.getByTestId(`mvp-apply-url-${i}`).fill(`https://example.com/c${i + 1}`);
    }
    await page.getByTestId('mvp-apply-submit').click();
    await expect(page.getByTestId('mvp-apply-status')).toHaveText(fill(t.ui.statusLabel, { status: t.ui.status[10] }));
    await expect(page.getByText(t.ui.pendingNote)).toBeVisible();

    // Staff open it in the back office's review queue and approve it from the drawer.
    const staff = await browser.newContext({ baseURL });
    await signalHydration(staff);
    await admin.enter(staff, baseURL!, site);
    const desk = await staff.newPage();
    const queued = await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { kind: 'mvp', page_size: 50 });
    const item = queued.list.find((i) => i.author.user_id === applicant.userId);
    expect(item, 'the MVP application in the review queue').toBeDefined();
    await desk.goto(`/admin/reviews?site=${siteCode(site)}`);
    await waitForHydration(desk);
    await desk.getByTestId(`review-open-${item!.review_id}`).click();
    const drawer = desk.getByTestId('review-drawer');
    await expect(drawer.getByTestId('review-drawer-content')).toContainText('https://example.com/c3');
    await expect(drawer).toContainText(area.label);
    await drawer.getByTestId('review-drawer-approve').click();
    await expect(
      toasts(desk).filter({ hasText: fill(site.texts.reviews.api.decidedCount_one, { count: 1 }) }),
    ).toBeVisible();

    // The member is among this year's MVPs with the MVP badge, and the form says so.
    await openMvpPage(page, site);
    const card = awardOf(page, applicant.nickname);
    await expect(card.locator('[data-badge="20"]')).toHaveText(site.texts.badges[20]);
    await expect(card.getByTestId('mvp-award-term')).toContainText(page_.termUntil.split('{{')[0]!.trim());

    // Staff end the term in the back office's MVP list, with a reason.
    const reason = site.lang === 'zh' ? '年度评选调整' : 'Programme review';
    await desk.goto(`/admin/experts?site=${siteCode(site)}`);
    await waitForHydration(desk);
    await desk.getByTestId(`mvp-end-${applicant.userId}`).click();
    const dialog = await openedDialog(
      desk.getByRole('dialog', { name: fill(site.texts.mvpAdmin.endTitle, { nick: applicant.nickname }) }),
    );
    await dialog.getByTestId('mvp-term-reason').fill(reason);
    await dialog.getByRole('button', { name: site.texts.mvpAdmin.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(desk.getByTestId(`mvp-end-${applicant.userId}`)).toHaveCount(0);
    await staff.close();

    // The badge is gone, the year's list says the term ended, and the bell holds the message.
    await openMvpPage(page, site);
    const ended = awardOf(page, applicant.nickname);
    await expect(ended.getByTestId('mvp-award-term')).toHaveText(page_.termEnded);
    await expect(ended.locator('[data-badge="20"]')).toHaveCount(0);
    await page.getByTestId('messages-bell').click();
    const message = page
      .getByTestId('messages-panel')
      .getByTestId('messages-item')
      .filter({ hasText: site.texts.messages.kinds.mvp_ended.title });
    await expect(message).toContainText(reason);

    // The personal centre lists the application; its link opens the form on the MVP page again.
    await page.goto(`/${site.prefix}/userinfo/applications`);
    await waitForHydration(page);
    const mine = page.getByTestId('my-application-mvp');
    await expect(mine.getByTestId('my-application-status')).toHaveText(site.texts.applicationsCentre.status[20]);
    await mine.getByTestId('my-application-open').click();
    await expect(page).toHaveURL(`/${site.prefix}/stationed/mvp?apply=1`);
    await waitForHydration(page);
    await expect(page.getByTestId('mvp-apply-status')).toHaveText(fill(t.ui.statusLabel, { status: t.ui.status[20] }));
    await member.close();
  }
});
