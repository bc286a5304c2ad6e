import type { Page } from '@playwright/test';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import { fill, industriesOf, registerMember, signInBrowser } from './support/accounts';
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
      const fan = await registerMember(context.request, site, { tag: 'fan' });
      await signInBrowser(context, fan);
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

      // Another industry's filter leaves the expert out; the choice goes into the address.
      const other = (await industriesOf(context.request, site)).find((e) => e.value !== industry!.value);
      if (other) {
        await page.getByTestId('expert-filter-industry').selectOption(String(other.value));
        await expect(page).toHaveURL(new RegExp(`industry=${other.value}`));
        await expect(page.locator(`[data-testid=expert-item][data-user-id="${expert.userId}"]`)).toHaveCount(0);
      }
    });
  });
}
