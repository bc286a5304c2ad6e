import type { APIRequestContext, Page } from '@playwright/test';
import { postAdd, postFormConfig } from '@portal/contracts/discussions';
import { adminPointsRules, adminPointsUpdateRule, type PointsRuleRow } from '@portal/contracts/points-admin';
import { pointsSignIn } from '@portal/contracts/points-member';
import { callApi, fill, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
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
 * Issue 22 (decision 032), one journey per site: a member opens the personal centre's achievements
 * (0 points, Lv1, nothing in the history), signs in (the toast, the streak, the points, the progress
 * to Lv2 and the history's row all change; the button says signed in; a second sign-in is refused
 * with its message); the admin changes the post-published rule in the back office, and the member's
 * next post earns the new amount, which lifts them to Lv2: the navbar, the centre and the level-up
 * message show it. The rule is put back for the specs after this one.
 */

const admin = useAdmin();

interface FormConfig {
  post_ins_list: Array<{ value: number }>;
  post_scene_list: Array<{ value: number }>;
  post_board_list: Array<{ value: number }>;
}

async function publish(api: APIRequestContext, site: E2eSite, title: string) {
  const config = await callApi<FormConfig>(api, site, postFormConfig, {});
  expect(config.status, `formConfig: ${config.msg}`).toBe(200);
  const added = await callApi<{ tp_id: number; status: number }>(api, site, postAdd, {
    tp_title: title,
    tp_hy_dd_id: config.data.post_ins_list[0]!.value,
    tp_cj_dd_id: config.data.post_scene_list[0]!.value,
    tp_content: `<p>${title}: the body of the post.</p>`,
    ...(config.data.post_board_list[0] ? { tp_board_id: config.data.post_board_list[0].value } : {}),
  });
  expect(added.status, `post/add: ${added.msg}`).toBe(200);
  return added.data.tp_id;
}

async function openCentre(page: Page, site: E2eSite) {
  await page.goto(`/${site.prefix}/userinfo/achievements`);
  await waitForHydration(page);
  await expect(page.getByTestId('achievements-points')).toBeVisible();
}

for (const site of SITES) {
  const tx = site.texts.achievements;
  const rulesTx = site.texts.pointsAdmin.rules;

  test(`points on the ${site.name} site: the daily sign-in, an admin's rule change, the next award, Lv2`, async ({
    browser,
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const rules = await admin.call<{ list: PointsRuleRow[] }>(site, adminPointsRules, {});
    const original = rules.list.find((r) => r.rule === 'post_published')!;
    const memberContext = await browser.newContext({ baseURL });
    try {
      await signalHydration(memberContext);
      await presetLanguage(memberContext, baseURL!, site);
      await registerMember(memberContext.request, site, { tag: 'points' });
      const member = await memberContext.newPage();

      // A new member: nothing yet.
      await openCentre(member, site);
      await expect(member.getByTestId('achievements-points')).toHaveText('0');
      await expect(member.getByTestId('achievements-level')).toHaveText('Lv1');
      await expect(member.getByTestId('nav-level')).toHaveText('Lv1');
      await expect(member.getByTestId('achievements-to-next')).toHaveText(fill(tx.toNext, { level: 2, points: 100 }));
      await expect(member.getByTestId('points-streak')).toHaveText(tx.streakNone);
      await expect(member.getByTestId('points-history')).toContainText(tx.historyEmpty);

      // The daily sign-in.
      const button = member.getByTestId('points-signin');
      await expect(button).toHaveText(fill(tx.signInPoints, { points: 2 }));
      await button.click();
      await expect(toasts(member).filter({ hasText: fill(tx.signedIn, { points: 2 }) })).toBeVisible();
      await expect(member.getByTestId('achievements-points')).toHaveText('2');
      await expect(member.getByTestId('achievements-to-next')).toHaveText(fill(tx.toNext, { level: 2, points: 98 }));
      await expect(member.getByTestId('points-streak')).toHaveText(fill(tx.streak_one, { count: 1 }));
      await expect(button).toBeDisabled();
      await expect(button).toHaveText(tx.signedToday);
      const firstRow = member.locator('[data-testid^="points-row-"]').first();
      await expect(firstRow.getByTestId('points-row-rule')).toHaveText(tx.rules.daily_signin);
      await expect(firstRow.getByTestId('points-row-amount')).toHaveText('+2');
      // Again the same day: refused, with its message; still signed in after a reload.
      const again = await callApi(memberContext.request, site, pointsSignIn, {});
      expect(again.status).toBe(201);
      expect(again.msg).toBe(site.texts.pointsApi.alreadySignedIn);
      await openCentre(member, site);
      await expect(member.getByTestId('points-signin')).toHaveText(tx.signedToday);
      await expect(member.getByTestId('achievements-points')).toHaveText('2');

      // The admin sets the post-published rule to 100 in the back office.
      await admin.enter(context, baseURL!, site);
      await page.goto(`/admin/points?site=${siteCode(site)}`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.pointsAdmin.title);
      const row = page.getByTestId('points-rule-post_published');
      await expect(row).toContainText(tx.rules.post_published);
      await page.getByTestId('points-rule-edit-post_published').click();
      const amount = page.getByTestId('points-rule-amount');
      await amount.fill('');
      await page.getByTestId('points-rule-save').click();
      await expect(page.getByText(rulesTx.amountRule)).toBeVisible();
      await amount.fill('100');
      await page.getByTestId('points-rule-save').click();
      await expect(toasts(page).filter({ hasText: rulesTx.saved })).toBeVisible();
      await expect(row.locator('td').nth(1)).toHaveText('100');

      // The member's next post earns 100: Lv2, in the centre, the navbar and a message.
      const title = `${site.lang === 'zh' ? '积分测试帖' : 'A post for points'} ${Date.now()}`;
      const postId = await publish(memberContext.request, site, title);
      await openCentre(member, site);
      await expect(member.getByTestId('achievements-points')).toHaveText('102');
      await expect(member.getByTestId('achievements-level')).toHaveText('Lv2');
      await expect(member.getByTestId('nav-level')).toHaveText('Lv2');
      await expect(member.getByTestId('achievements-to-next')).toHaveText(fill(tx.toNext, { level: 3, points: 198 }));
      const newest = member.locator('[data-testid^="points-row-"]').first();
      await expect(newest.getByTestId('points-row-rule')).toHaveText(tx.rules.post_published);
      await expect(newest.getByTestId('points-row-amount')).toHaveText('+100');
      await expect(newest.getByRole('link', { name: fill(tx.source.post, { id: postId }) })).toHaveAttribute(
        'href',
        `/${site.prefix}/discuss/info/${postId}`,
      );
      // The bell has the level-up message.
      await member.getByTestId('messages-bell').click();
      await expect(
        member.getByTestId('messages-panel').getByTestId('messages-item').filter({
          hasText: site.texts.messages.kinds.level_reached.title,
        }),
      ).toBeVisible();
    } finally {
      await admin.call(site, adminPointsUpdateRule, {
        rule: 'post_published',
        amount: original.amount,
        daily_cap: original.daily_cap,
        enabled: original.enabled,
      });
      await memberContext.close();
    }
  });
}
