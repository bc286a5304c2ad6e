import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { adminEventList, type AdminEvent } from '@portal/contracts/events-admin';
import { registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, openedDialog } from './support/antd';
import { expect, presetLanguage, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * Events in the back office (issue 18, items 9, 5, 6), one journey per site: the organiser creates
 * an event, a member signs up and sees their check-in QR code, the organiser checks them in by the
 * code (as a scanner types it) and exports the sign-ups, and the .xlsx holds the member's row; the
 * public list shows the member masked.
 */

const admin = useAdmin();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

for (const site of SITES) {
  const tx = site.texts.eventsAdmin;

  test(`an organiser creates an event, checks a member in by code and exports the sign-ups (${site.name} site)`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const title = site.lang === 'zh' ? `存储沙龙 ${unique()}` : `Storage meetup ${unique()}`;

    // The organiser creates the event (the times default to a week of sign-up from now).
    await admin.enter(context, baseURL!, site);
    await page.goto(`/admin/events?site=${siteCode(site)}`);
    await waitForHydration(page);
    await page.getByTestId('event-add').click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByTestId('event-title').fill(title);
    if (site.lang === 'zh') {
      await chooseOption(dialog.getByTestId('event-province').getByRole('combobox'), '广东');
      await chooseOption(dialog.getByTestId('event-city').getByRole('combobox'), '深圳');
      await dialog.getByTestId('event-address').fill('深圳市南山区科技园 1 号');
    } else {
      await dialog.getByTestId('event-online').click();
      await dialog.getByTestId('event-online-url').fill('https://meet.example.com/storage');
    }
    await dialog.getByTestId('event-save').click();
    await expect(toasts(page).filter({ hasText: tx.api.created })).toBeVisible();
    const { list } = await admin.call<{ list: AdminEvent[] }>(site, adminEventList, { keyword: title });
    const event = list[0]!;
    expect(event.ta_title).toBe(title);

    // A member signs up and sees the QR code and the code.
    const memberContext = await browser.newContext({ baseURL });
    try {
      await signalHydration(memberContext);
      await presetLanguage(memberContext, baseURL!, site);
      const member = await registerMember(memberContext.request, site, { tag: 'checkin' });
      const memberPage = await memberContext.newPage();
      await memberPage.goto(`/${site.prefix}/activity/info/${event.ta_id}`);
      await waitForHydration(memberPage);
      await memberPage.getByTestId('event-signup-open').click();
      await memberPage.getByTestId('event-submit').click();
      await expect(memberPage.getByTestId('event-checkin-qr')).toBeVisible();
      const code = (await memberPage.getByTestId('event-checkin-code').innerText()).trim();
      expect(code.replace(/\s/g, '')).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);

      // The organiser checks the member in by the code, as typed with its spaces.
      await page.getByTestId(`event-signups-${event.ta_id}`).click();
      const drawer = page.getByTestId('signups-drawer');
      await expect(drawer.getByText(member.nickname)).toBeVisible();
      await drawer.getByPlaceholder(tx.ui.codePlaceholder).fill(code);
      await drawer.getByPlaceholder(tx.ui.codePlaceholder).press('Enter');
      await expect(toasts(page).filter({ hasText: tx.api.checkedIn })).toBeVisible();
      await expect(drawer.locator('[data-testid^="signup-checked-"]')).toHaveCount(1);

      // The export downloads an .xlsx with the member's row.
      const download = page.waitForEvent('download');
      await drawer.getByTestId('signups-export').click();
      const file = await (await download).path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await fs.readFile(file)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
        expect.arrayContaining([member.nickname, member.target, tx.ui.checkedIn]),
      );

      // The member sees the check-in; the public list shows them masked.
      await memberPage.reload();
      await expect(memberPage.getByTestId('event-checked-in')).toBeVisible();
      await memberPage.goto(`/${site.prefix}/signregist/list/${event.ta_id}/1/1`);
      await waitForHydration(memberPage);
      await expect(memberPage.getByTestId('signup-list-row')).toHaveCount(1);
      await expect(memberPage.getByTestId('signup-list')).not.toContainText(member.nickname);
    } finally {
      await memberContext.close();
    }
  });
}
