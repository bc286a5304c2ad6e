import type { APIRequestContext, Page } from '@playwright/test';
import { commentAdd, postAdd, postFormConfig } from '@portal/contracts/discussions';
import { adminReviewDecide, adminReviewList, type ReviewItem } from '@portal/contracts/reviews';
import { adminSettingsGet, adminSettingsUpdate, type SiteSettings } from '@portal/contracts/settings';
import { AUDIT_ACTIONS } from '@portal/contracts/audit';
import {
  apiContext,
  callApi,
  fill,
  registerMember,
  SESSION_COOKIE,
  siteCode,
  type TestMember,
} from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption } from './support/antd';
import { expect, otherSite, presetLanguage, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The words and figures a member reads (issue 17, items 3 to 5), on both sites and in two browser
 * zones. One post per site is published under review, approved, and commented on by its author;
 * then, for a browser in UTC and one in Asia/Shanghai, the post's time reads the same on its page
 * (server-rendered and hydrated), in the discussion list, in the personal centre and in the back
 * office's review queue; the profile card counts the author's items; counts are worded with plural
 * forms ("1 view", "2 views"); a badge has a tooltip and an accessible name; the audit log labels
 * every action and target; /401 speaks the
 * language of the page that sent there.
 */

const admin = useAdmin();

const ZONES = ['UTC', 'Asia/Shanghai'] as const;
const OFFSET_HOURS: Record<(typeof ZONES)[number], number> = { UTC: 0, 'Asia/Shanghai': 8 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time as decision 021 prints it, worked out here by hand: zh `2026-11-25 10:18`, en `25 Nov 2026, 10:18`. */
function printed(iso: string, zone: (typeof ZONES)[number], site: E2eSite): string {
  const at = new Date(Date.parse(iso) + OFFSET_HOURS[zone] * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
  return site.lang === 'zh'
    ? `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())} ${clock}`
    : `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clock}`;
}

interface SitePost {
  id: number;
  title: string;
  iso: string;
  author: TestMember;
  /** The author's session cookie value. */
  session: string;
  /** The author's comments and replies on the page. */
  comments: number;
}

const posts = new Map<E2eSite, SitePost>();

/** Publishes a post as the member of `api` and answers its id. */
async function publish(api: APIRequestContext, site: E2eSite, title: string): Promise<number> {
  const config = await callApi<{
    post_ins_list: { value: number }[];
    post_scene_list: { value: number }[];
    post_board_list: { value: number }[];
  }>(api, site, postFormConfig);
  const answer = await callApi<{ tp_id: number }>(api, site, postAdd, {
    tp_title: title,
    tp_hy_dd_id: config.data.post_ins_list[0]!.value,
    tp_cj_dd_id: config.data.post_scene_list[0]!.value,
    // A site with boards files every post under one (decision 024).
    tp_board_id: config.data.post_board_list[0]?.value,
    tp_content: `<p>${title}</p>`,
  });
  expect(answer.status, `post/add: ${answer.msg}`).toBe(200);
  return answer.data.tp_id;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL;
  for (const site of SITES) {
    const api = await apiContext(playwright, baseURL);
    const settings = await admin.call<SiteSettings>(site, adminSettingsGet);
    try {
      await admin.call(site, adminSettingsUpdate, { review: { post_review: true } });
      const author = await registerMember(api, site, { tag: 'words' });
      const title = `Times and counts ${site.lang} ${Date.now().toString(36)}`;
      const id = await publish(api, site, title);
      const queued = (await admin.call<{ list: ReviewItem[] }>(site, adminReviewList, { page_size: 50 })).list;
      const item = queued.find((i) => i.item_id === id && i.kind === 'post')!;
      await admin.call(site, adminReviewDecide, { ids: [item.review_id], decision: 'approve' });
      // Two comments and a reply of the author's own, and one of somebody else's that is not theirs.
      const said = async (as: APIRequestContext, text: string, parent?: number) => {
        const answer = await callApi<{ tpc_id: number }>(as, site, commentAdd, {
          tp_id: id,
          tpc_content: text,
          ...(parent ? { tpc_parent_id: parent } : {}),
        });
        expect(answer.status, `comment/add: ${answer.msg}`).toBe(200);
        return answer.data.tpc_id;
      };
      const first = await said(api, 'First note');
      await said(api, 'Second note');
      await said(admin.api, 'A word from the staff', first);
      await said(api, 'Thanks', first);
      const { cookies } = await api.storageState();
      posts.set(site, {
        id,
        title,
        iso: item.submit_time,
        author,
        session: cookies.find((c) => c.name === SESSION_COOKIE)!.value,
        comments: 3,
      });
    } finally {
      await callApi(admin.api, site, adminSettingsUpdate, { review: { post_review: settings.review.post_review } });
      await api.dispose();
    }
  }
});

/** The `<time>` of the post on the page (the page's first one with the post's own instant). */
const timeOf = (page: Page, iso: string) => page.locator(`time[datetime="${iso}"]`).first();

for (const zone of ZONES) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    for (const site of SITES) {
      test(`${site.name} site: one post's time reads the same everywhere; the card's counts and badges, plural counts, audit labels and /401 in words`, async ({
        page,
        context,
        baseURL,
        diagnostics,
      }) => {
        const post = posts.get(site)!;
        const expected = printed(post.iso, zone, site);
        await presetLanguage(context, baseURL!, site);
        await context.addCookies([{ name: SESSION_COOKIE, value: post.session, url: baseURL! }]);

        // The post's page, hydrated; then as the server renders it for this browser (its zone cookie set).
        const postPath = `/${site.prefix}/discuss/info/${post.id}`;
        await page.goto(postPath);
        await waitForHydration(page);
        await expect(timeOf(page, post.iso)).toHaveText(expected);
        // The author is the post's first viewer (the other zone's run comes after this one and the admin).
        const views = page.getByTestId('discuss-views');
        if (zone === 'UTC') {
          await expect(views).toHaveText(fill(site.texts.discuss.ui.views_one, { count: 1 }));
          if (site.lang === 'en') await expect(views).toHaveText('1 view');
        }
        const html = await (await context.request.get(postPath)).text();
        expect(html, 'the server render prints the time in the browser’s zone').toContain(`>${expected}</time>`);

        // The profile card counts what the author has on the page: one post, two comments and a reply.
        await page.getByTestId('discuss-post-author').click();
        const card = page.getByTestId('profile-card');
        await expect(card.getByTestId('profile-user_post_count').locator('dd')).toHaveText('1');
        await expect(card.getByTestId('profile-user_comment_count').locator('dd')).toHaveText(String(post.comments));
        const mine = page
          .getByTestId('discuss-comments')
          .locator('[data-testid="comment-body"], [data-testid="reply-body"]')
          .filter({ hasText: post.author.nickname });
        await expect(mine).toHaveCount(post.comments);
        // A badge says what it is: the admin's card shows the admin badge with its name as a tooltip.
        await page.keyboard.press('Escape');
        await expect(card).toBeHidden();
        await page.getByTestId('comment-author').filter({ hasText: 'Admin' }).first().click();
        const badge = page.getByTestId('profile-card').getByTestId('profile-badge-80');
        await expect(badge).toHaveAccessibleName(site.texts.badges[80]);
        await badge.hover();
        await expect(page.getByRole('tooltip')).toHaveText(site.texts.badges[80]);
        await page.keyboard.press('Escape');

        // The discussion list and the personal centre.
        await page.goto(`/${site.prefix}/discuss/list`);
        await waitForHydration(page);
        await expect(
          page.getByTestId('discuss-item').filter({ hasText: post.title }).locator(`time[datetime="${post.iso}"]`),
        ).toHaveText(expected);
        await page.goto(`/${site.prefix}/userinfo/creations`);
        await waitForHydration(page);
        await expect(timeOf(page, post.iso)).toHaveText(expected);

        // A member sent to /401 from a page of the other language reads it in that language.
        const other = otherSite(site);
        await page.goto(`/${other.prefix}/discuss/moderatorzone`);
        await expect(page).toHaveURL(`/401?lang=${other.prefix}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.texts.titles.noPermission);

        // A second viewer: the admin.
        await admin.enter(context, baseURL!, site);
        await page.goto(postPath);
        await expect(views).toHaveText(fill(site.texts.discuss.ui.views_other, { count: 2 }));
        if (site.lang === 'en') await expect(views).toHaveText('2 views');

        // The back office's review queue, under "approved".
        await page.goto(`/admin/reviews?site=${siteCode(site)}`);
        await waitForHydration(page);
        await chooseOption(
          page.getByRole('combobox', { name: site.texts.reviewsAdmin.statusLabel }),
          site.texts.reviews.status[20],
        );
        const row = page.getByTestId('review-table').locator('tbody tr.ant-table-row').filter({ hasText: post.title });
        await expect(row.locator('time')).toHaveText(expected);

        // The audit log, in words: the approval of this post, and no raw code anywhere.
        await page.goto(`/admin/audit?site=${siteCode(site)}`);
        await waitForHydration(page);
        const actions = page.getByTestId('audit-action');
        await expect(actions.first()).toBeVisible();
        await expect(
          page
            .getByTestId('audit-table')
            .locator('tbody tr')
            .filter({ hasText: site.texts.admin.auditActions.review.approve })
            .filter({ hasText: `${site.texts.admin.auditTargets.post} #${post.id}` }),
        ).toHaveCount(1);
        const shown = [...(await actions.allInnerTexts()), ...(await page.getByTestId('audit-target').allInnerTexts())];
        const raw = shown.filter(
          (text) => (AUDIT_ACTIONS as readonly string[]).includes(text) || /^[a-z_]+(\.[a-zA-Z]+)?( #|$)/.test(text),
        );
        expect(raw, 'raw codes in the audit log').toEqual([]);

        expect(diagnostics.hydrationWarnings, 'no hydration mismatch').toEqual([]);
      });
    }
  });
}
