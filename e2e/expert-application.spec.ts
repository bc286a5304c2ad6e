import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { postAdd, postFormConfig } from '@portal/contracts/discussions';
import { adminReviewDecide, adminReviewInfo, adminReviewList, type ReviewItem } from '@portal/contracts/reviews';
import { callApi, industriesOf, registerMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { png } from './support/docx';
import { expect, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * The resident-expert application (issue 21 items 3 and 7), on both sites in one journey: a member
 * fills in the application (the empty form names what is missing), uploads a photo, gives two
 * contributions and submits; staff approve it in the review queue, which shows the photo; the
 * member's badge and expert mark then show in the directory and on their expert page, their next
 * post is marked expert, and the personal centre lists the application as approved.
 */

const admin = useAdmin();

/** The member's card in the directory, pressing "load more" until it shows. */
async function cardOf(page: Page, userId: number) {
  const card = page.locator(`[data-testid=expert-item][data-user-id="${userId}"]`);
  for (let i = 0; i < 50 && !(await card.isVisible()); i++) {
    const more = page.getByTestId('expert-load-more');
    if (!(await more.isVisible())) break;
    await more.click();
    await expect(more.or(page.getByTestId('expert-list'))).toBeVisible();
  }
  await expect(card).toBeVisible();
  return card;
}

test('an expert application with a photo and two contributions is approved, on both sites', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const site of SITES) {
    const t = site.texts.expertApply;
    const context = await browser.newContext({ baseURL });
    await signalHydration(context);
    const page = await context.newPage();
    const member = await registerMember(context.request, site, { tag: 'applicant' });
    const [industry] = await industriesOf(context.request, site);
    const config = await callApi<{ post_scene_list: Array<{ value: number; label: string }> }>(
      context.request,
      site,
      postFormConfig,
    );
    const scene = config.data.post_scene_list[0]!;

    // The page: members only, no footer; an empty submission names what is missing.
    await page.goto(`/${site.prefix}/stationed/application`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.ui.title);
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await page.getByTestId('apply-real-name').fill('');
    await page.getByTestId('apply-submit').click();
    await expect(page.getByText(t.realNameRule)).toBeVisible();
    await expect(page.getByText(t.photoRequired)).toBeVisible();
    await expect(page.getByText(t.contributionTitleRule)).toBeVisible();
    // The portal's own fields, messages showing: nothing serious for assistive technology.
    const axe = await new AxeBuilder({ page }).include('#expert-application').analyze();
    const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const name = site.lang === 'zh' ? '张专家' : 'Ada Expert';
    await page.getByTestId('apply-real-name').fill(name);
    await page.getByTestId('apply-company').fill('E2E Storage Ltd');
    await page.getByTestId('apply-job-title').fill('Chief architect');
    await page.getByLabel(t.ui.industry).selectOption({ label: industry!.label });
    // Fields of expertise: at most five; with five chosen the others cannot be, until one is let go.
    const fields = page.getByRole('group', { name: t.ui.fields }).getByRole('checkbox');
    const fieldCount = await fields.count();
    expect(fieldCount, 'the scene dictionary has more entries than the most one may choose').toBeGreaterThan(5);
    for (let i = 0; i < 5; i++) await fields.nth(i).check();
    await expect(fields.nth(5)).toBeDisabled();
    for (let i = 0; i < 5; i++) await fields.nth(i).uncheck();
    await expect(fields.nth(5)).toBeEnabled();
    await page.getByRole('group', { name: t.ui.fields }).getByRole('checkbox', { name: scene.label }).check();
    await page.getByTestId('apply-biography').fill('Twenty years of storage systems.');
    await page
      .getByTestId('apply-photo-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64, [30, 120, 200]) });
    await expect(page.getByTestId('apply-photo-preview')).toBeVisible();
    await page.getByTestId('apply-contributions-title-0').fill('Dedup library');
    await page.getByTestId('apply-contributions-url-0').fill('https://example.com/dedup');
    await page.getByTestId('apply-contributions-title-1').fill('Erasure coding talk');
    await page.getByTestId('apply-contributions-url-1').fill('https://example.com/talk');
    await page.getByTestId('apply-submit').click();
    await expect(page.getByTestId('apply-status')).toHaveText(t.ui.status[10]);
    await expect(page.getByText(t.ui.pendingNote)).toBeVisible();

    // Staff see every field and the photo in the queue, and approve.
    const queue = await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { kind: 'expert', page_size: 50 });
    const item = queue.list.find((i) => i.author.user_id === member.userId);
    expect(item, 'the application in the review queue').toBeDefined();
    const info = await admin.call<{ content: { html: string; facts: Array<{ value: string }> } }>(
      site,
      adminReviewInfo,
      {
        review_id: item!.review_id,
      },
    );
    expect(info.content.html).toMatch(/<img src="\/attachments\/\d+\//);
    expect(info.content.html).toContain('https://example.com/talk');
    expect(info.content.facts.map((f) => f.value)).toEqual(expect.arrayContaining([name, scene.label]));
    await admin.call(site, adminReviewDecide, { ids: [item!.review_id], decision: 'approve' });

    // The badge in the directory and on the expert page; the page says the member is an expert.
    await page.reload();
    await expect(page.getByText(t.ui.expertNote)).toBeVisible();
    await page.goto(`/${site.prefix}/stationed/index`);
    await waitForHydration(page);
    const card = await cardOf(page, member.userId);
    await expect(card.locator('[data-badge="10"]')).toHaveText(site.texts.badges[10]);
    await page.goto(`/${site.prefix}/stationed/info/${member.userId}`);
    await expect(page.getByTestId('expert-name')).toHaveText(member.nickname);
    await expect(page.locator('[data-badge="10"]').first()).toBeVisible();

    // The member's next post is marked expert.
    const postConfig = await callApi<{
      post_ins_list: Array<{ value: number }>;
      post_board_list: Array<{ value: number }>;
    }>(context.request, site, postFormConfig);
    const title = `${site.lang === 'zh' ? '专家新帖' : 'Expert post'} ${Date.now().toString(36)}`;
    const posted = await callApi<{ tp_id: number }>(context.request, site, postAdd, {
      tp_title: title,
      tp_hy_dd_id: postConfig.data.post_ins_list[0]!.value,
      tp_cj_dd_id: scene.value,
      tp_board_id: postConfig.data.post_board_list[0]?.value,
      tp_content: `<p>${title}</p>`,
    });
    expect(posted.status, `post/add: ${posted.msg}`).toBe(200);
    await page.goto(`/${site.prefix}/discuss/info/${posted.data.tp_id}`);
    await expect(page.getByTestId('discuss-title')).toHaveText(title);
    await expect(page.getByRole('article').locator('.post-badge--expert').first()).toHaveText(
      site.texts.discuss.ui.expert,
    );

    // The personal centre's applications section lists the application, approved.
    await page.goto(`/${site.prefix}/userinfo/applications`);
    const mine = page.getByTestId('my-application-expert');
    await expect(mine.getByTestId('my-application-status')).toHaveText(site.texts.applicationsCentre.status[20]);
    await context.close();
  }
});
