import type { Page } from '@playwright/test';
import { postAdd, postFormConfig } from '@portal/contracts/discussions';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import { callApi, fill, industriesOf, registerMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, SITES, test, waitForHydration } from './support/fixtures';

/**
 * Experts (issue 21), on both sites: a member made a resident expert by staff is in the experts
 * directory (server-rendered, filtered by their industry); another member follows them from the
 * card, the count moves and the follow stays after a reload; a visitor pressing follow goes to login.
 */

const admin = useAdmin();

/** The expert's card, pressing "load more" until it shows. */
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

for (const site of SITES) {
  const texts = site.texts.experts;
  const auth = site.texts.auth;

  test.describe(`experts on the ${site.name} site`, () => {
    test('a resident expert is in the directory by industry, and a member follows them from the card', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const [industry] = await industriesOf(context.request, site);
      const expertCtx = await browser.newContext({ baseURL });
      const expert = await registerMember(expertCtx.request, site, { tag: 'expert' });
      // The expert's post, for their page's posts tab.
      const config = await callApi<{
        post_ins_list: Array<{ value: number }>;
        post_scene_list: Array<{ value: number }>;
        post_board_list: Array<{ value: number }>;
      }>(expertCtx.request, site, postFormConfig);
      const postTitle = `${site.lang === 'zh' ? '专家的帖子' : 'An expert post'} ${Date.now().toString(36)}`;
      const posted = await callApi<{ tp_id: number }>(expertCtx.request, site, postAdd, {
        tp_title: postTitle,
        tp_hy_dd_id: config.data.post_ins_list[0]!.value,
        tp_cj_dd_id: config.data.post_scene_list[0]!.value,
        tp_board_id: config.data.post_board_list[0]?.value,
        tp_content: `<p>${postTitle}</p>`,
      });
      expect(posted.status, `post/add: ${posted.msg}`).toBe(200);
      await expertCtx.close();
      const granted = await admin.call<{ user_expert: number }>(site, adminUsersGrantRole, {
        user_id: expert.userId,
        role: 'expert',
      });
      expect(granted.user_expert).toBe(20);

      // A visitor: the page is server-rendered with its title and description; follow asks to sign in.
      const url = `/${site.prefix}/stationed/index?industry=${industry!.value}`;
      await page.goto(url);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.dirTitle);
      await expect(page.locator('meta[name=description]')).toHaveAttribute('content', texts.dirDescription);
      await expect(page.getByTestId('expert-filter-industry')).toHaveValue(String(industry!.value));
      let card = await cardOf(page, expert.userId);
      await expect(card.getByTestId('expert-item-work')).toHaveText('Storage engineer · E2E Storage Ltd');
      await expect(card.getByTestId('expert-item-fields')).toContainText(industry!.label);
      await expect(card.locator('[data-badge="10"]')).toHaveText(site.texts.badges[10]);
      await expect(card.getByTestId('expert-item-fans')).toHaveText(fill(texts.followers_other, { count: 0 }));
      await card.getByTestId('expert-follow').click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/login`));

      // A member follows the expert from the card; it stays after a reload.
      // Registering signs the context in: no password sign-in, which accounts.spec.ts leaves refused
      // from this address for a while (support/admin.ts).
      const fan = await registerMember(context.request, site, { tag: 'fan' });
      await page.goto(url);
      await waitForHydration(page);
      card = await cardOf(page, expert.userId);
      await card.getByTestId('expert-follow').click();
      await expect(card.getByTestId('expert-follow')).toHaveText(auth.followed);
      await expect(card.getByTestId('expert-item-fans')).toHaveText(fill(texts.followers_one, { count: 1 }));
      await page.reload();
      await waitForHydration(page);
      card = await cardOf(page, expert.userId);
      await expect(card.getByTestId('expert-follow')).toHaveText(auth.followed);
      await expect(card.getByTestId('expert-follow')).toHaveAttribute('aria-pressed', 'true');

      // The card's name opens the expert's page: profile, Person structured data, tabs with their content.
      await card.getByTestId('expert-item-link').click();
      await expect(page).toHaveURL(`/${site.prefix}/stationed/info/${expert.userId}/articles/new`);
      await expect(page.getByTestId('expert-name')).toHaveText(expert.nickname);
      await expect(page.getByTestId('expert-page-follow')).toHaveText(auth.followed);
      await expect(page.getByTestId('expert-content-empty')).toHaveText(texts.empty_articles);
      const person = JSON.parse((await page.getByTestId('person-jsonld').textContent()) ?? '{}');
      expect(person).toMatchObject({ '@type': 'Person', name: expert.nickname, jobTitle: 'Storage engineer' });
      await page.getByTestId('expert-tab-posts').click();
      await expect(page).toHaveURL(`/${site.prefix}/stationed/info/${expert.userId}/posts/new`);
      await expect(page.getByTestId('expert-content-item')).toHaveCount(1);
      await expect(page.getByTestId('expert-content-item').getByRole('link')).toHaveText(postTitle);
      await page.getByTestId('expert-sort-hot').click();
      await expect(page).toHaveURL(`/${site.prefix}/stationed/info/${expert.userId}/posts/hot`);
      await expect(page.getByTestId('expert-content-item').getByRole('link')).toHaveText(postTitle);
      // Unfollow from the page; the server-rendered page says so after a reload.
      await page.getByTestId('expert-page-follow').click();
      await expect(page.getByTestId('expert-page-follow')).toHaveText(auth.follow);
      await page.reload();
      await expect(page.getByTestId('expert-page-follow')).toHaveText(auth.follow);
      await expect(page.getByTestId('expert-fans')).toHaveText(fill(texts.followers_other, { count: 0 }));
      // A member who is not an expert has no page.
      const missing = await page.goto(`/${site.prefix}/stationed/info/${fan.userId}`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('expert-missing')).toBeVisible();

      // Another industry's filter leaves the expert out; the choice goes into the address.
      const other = (await industriesOf(context.request, site)).find((e) => e.value !== industry!.value);
      if (other) {
        await page.goto(url);
        await waitForHydration(page);
        await page.getByTestId('expert-filter-industry').selectOption(String(other.value));
        await expect(page).toHaveURL(new RegExp(`industry=${other.value}`));
        await expect(page.locator(`[data-testid=expert-item][data-user-id="${expert.userId}"]`)).toHaveCount(0);
      }
    });
  });
}
