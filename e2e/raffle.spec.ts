import { registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { openedDialog } from './support/antd';
import { expect, presetLanguage, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * The raffle (issue 22 item 5, decision 037), one journey over both sites: the admin creates a
 * campaign with one prize (and no "no prize" weight) in the back office; a visitor sees it on the
 * raffle page, server-rendered, with its rules and a login button; a new member draws, wins the
 * prize, sees it in "my prizes" and in the winners list under a masked name.
 */

const admin = useAdmin();

/** The winners list's mask (server lib/mask.ts): first and last character, '*' between (at most 4). */
function masked(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 4))}${chars[chars.length - 1]}`;
}

test('the raffle in both languages: an admin creates a campaign, a member draws and wins, winners are masked', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const site of SITES) {
    const ui = site.texts.raffle.ui;
    const bo = site.texts.raffleAdmin;
    const stamp = Date.now().toString(36);
    const title = site.lang === 'zh' ? `端到端抽奖 ${stamp}` : `E2E raffle ${stamp}`;
    const prize = site.lang === 'zh' ? `测试奖品 ${stamp}` : `Test prize ${stamp}`;

    // The admin creates the campaign: the window starts now, one prize, nothing for "no prize".
    await admin.enter(context, baseURL!, site);
    await page.goto(`/admin/raffle?site=${siteCode(site)}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bo.title);
    await page.getByTestId('raffle-create').click();
    const dialog = await openedDialog(page.getByRole('dialog', { name: bo.createTitle }));
    await dialog.getByTestId('raffle-campaign-title').fill(title);
    await dialog.getByTestId('raffle-campaign-no-prize').fill('0');
    await dialog.getByTestId('raffle-prize-name-0').fill(prize);
    await dialog.getByTestId('raffle-prize-stock-0').fill('3');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/admin/raffle/create') && r.request().method() === 'POST'),
      page.getByTestId('raffle-campaign-save').click(),
    ]);
    const answer = (await response.json()) as { status: number; msg: string; data: { trc_id: number } };
    expect(answer.status, answer.msg).toBe(200);
    await expect(toasts(page).filter({ hasText: bo.saved })).toBeVisible();
    const row = page.getByTestId(`raffle-campaign-${answer.data.trc_id}`);
    await expect(row).toContainText(title);
    await expect(row).toContainText(
      bo.prizeLine.replace('{{name}}', prize).replace('{{stock}}', '3').replace('{{won}}', '0'),
    );

    // A visitor: the page is server-rendered with the campaign and its rules; drawing asks for a login.
    const visitor = await browser.newContext({ baseURL });
    await presetLanguage(visitor, baseURL!, site);
    // Anonymous pages are cached for a few seconds: the new campaign shows once the cached render goes.
    await expect
      .poll(async () => (await visitor.request.get(`/${site.prefix}/rafflelandingpage`)).text(), { timeout: 20_000 })
      .toContain(title);
    const html = await (await visitor.request.get(`/${site.prefix}/rafflelandingpage`)).text();
    expect(html).toContain(prize);
    expect(html).toContain(ui.ruleServer);
    await visitor.close();

    // A new member draws: the prize is theirs, in "my prizes", and the winners list masks the name.
    const memberContext = await browser.newContext({ baseURL });
    try {
      await signalHydration(memberContext);
      await presetLanguage(memberContext, baseURL!, site);
      const member = await registerMember(memberContext.request, site, { tag: 'raffle' });
      const tab = await memberContext.newPage();
      await tab.goto(`/${site.prefix}/rafflelandingpage`);
      await waitForHydration(tab);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(tab.getByTestId('raffle-chances')).toContainText(
        (site.lang === 'en' ? ui.dailyLeft_one : ui.dailyLeft_other).replace('{{count}}', '1'),
      );
      await expect(tab.getByTestId('raffle-my-prizes')).toContainText(ui.myPrizesEmpty);
      await tab.getByTestId('raffle-draw').click();
      await expect(tab.getByTestId('raffle-result')).toContainText(ui.won.replace('{{prize}}', prize));
      await expect(tab.getByTestId('raffle-chances')).toContainText(ui.dailyLeft_other.replace('{{count}}', '0'));
      await expect(tab.getByTestId('raffle-my-prize').first()).toContainText(prize);
      const winner = tab.getByTestId('raffle-winner').first();
      await expect(winner).toContainText(
        ui.winnerRow.replace('{{name}}', masked(member.nickname)).replace('{{prize}}', prize),
      );
      await expect(tab.getByTestId('raffle-winners')).not.toContainText(member.nickname);
      // No second free draw today: the refusal's message.
      await tab.getByTestId('raffle-draw').click();
      await expect(toasts(tab).filter({ hasText: site.texts.raffleApi.noChance })).toBeVisible();
    } finally {
      await memberContext.close();
    }
  }
});
