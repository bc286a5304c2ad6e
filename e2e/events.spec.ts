import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { activityIndex, activitySignUp, type ActivityCard } from '@portal/contracts/events';
import { frontMsgList } from '@portal/contracts/messages';
import { callApi, fill, registerMember, toasts } from './support/accounts';
import { expect, sectionTitle, signalHydration, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The events pages (issue 18, items 1-4) on both sites: the list filtered by area and month with the
 * calendar, its meta; an event's page with its meta and schema.org Event; sign-up with the event's own
 * form, the online link, the .ics file, cancelling; a full event's waitlist and the promotion a
 * cancellation brings, with its in-site message; asking, liking and deleting a question.
 */

const listPath = (site: E2eSite, query = '') => `/${site.prefix}/activity/index${query}`;
const eventPath = (site: E2eSite, id: number) => `/${site.prefix}/activity/info/${id}`;

/** The demo's small online workshop (two seats, a waitlist), one per site. */
const WORKSHOP = {
  zh: '存储性能调优动手工作坊（小班线上）',
  en: 'Hands-on Storage Tuning Workshop (small online class)',
} as const;

/** A choice of the demo form's role field. */
const ROLE = { zh: '架构师', en: 'Architect' } as const;

const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** No serious or critical accessibility violation on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, 'serious or critical axe violations').toEqual([]);
}

async function events(api: APIRequestContext, site: E2eSite, body: Record<string, unknown> = {}) {
  const answer = await callApi<{ list: ActivityCard[] }>(api, site, activityIndex, { limit: 50, ...body });
  expect(answer.status, `activity/index: ${answer.msg}`).toBe(200);
  return answer.data.list;
}

/** Answers for the demo events' form (both sites ask name, company, phone and a role). */
async function fillForm(page: Page) {
  await page.getByTestId('event-field-name').fill('Ada Lovelace');
  await page.getByTestId('event-field-company').fill('E2E Storage Ltd');
  await page.getByTestId('event-field-phone').fill('13800138000');
  await page.getByTestId('event-field-role').selectOption({ index: 1 });
}

for (const site of SITES) {
  const ui = site.texts.events.ui;
  const api = site.texts.events.api;

  test.describe(`events on the ${site.name} site`, () => {
    test('the list: meta, filter by area (province, then city) and by month with the calendar, open an event with its meta and schema.org Event; no serious accessibility violation', async ({
      page,
      context,
      baseURL,
    }) => {
      const response = await open(page, listPath(site));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(sectionTitle(site, 'activity'));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', ui.listDescription);
      await expect(page.getByTestId('event-card').first()).toBeVisible();
      await expectAccessible(page);

      // An offline demo event with an area, and the month it starts in, as this browser's clock says.
      const offline = (await events(context.request, site, { is_online: 0 })).find((e) => e.ta_province && e.ta_city);
      expect(offline, 'an offline demo event with an area').toBeDefined();
      const month = await page.evaluate((iso) => {
        const d = new Date(iso);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
      }, offline!.ta_start_time);

      await page.getByTestId('event-province').selectOption(offline!.ta_province);
      await expect.poll(() => query(page, 'province')).toBe(offline!.ta_province);
      await page.getByTestId('event-city').selectOption(offline!.ta_city);
      await expect.poll(() => query(page, 'city')).toBe(offline!.ta_city);
      const inCity = await events(context.request, site, { province: offline!.ta_province, city: offline!.ta_city });
      await expect(page.getByTestId('event-card')).toHaveCount(inCity.length);
      await expect(page.locator(`[data-testid="event-card"][data-event-id="${offline!.ta_id}"]`)).toBeVisible();

      // The calendar walks to the event's month, marks its days, and filters the list by that month.
      const calendar = page.getByTestId('event-calendar');
      for (let i = 0; i < 24 && (await calendar.getAttribute('data-month')) !== month; i++) {
        const shown = (await calendar.getAttribute('data-month'))!;
        await page.getByTestId(shown < month ? 'calendar-next' : 'calendar-prev').click();
        await expect(calendar).not.toHaveAttribute('data-month', shown);
      }
      await expect(calendar).toHaveAttribute('data-month', month);
      // Moving between months filters by the month shown; when it was already shown, its link does.
      if (await page.getByTestId('calendar-filter-month').count())
        await page.getByTestId('calendar-filter-month').click();
      await expect.poll(() => query(page, 'month')).toBe(month);
      await expect(page.getByTestId('calendar-clear-month')).toBeVisible();
      await expect(calendar.getByTestId('calendar-day-marked').first()).toBeVisible();
      const card = page.locator(`[data-testid="event-card"][data-event-id="${offline!.ta_id}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('event-state')).toHaveText(site.texts.activityState[offline!.ta_state as 10]);
      await expect(card.getByTestId('event-signups')).toContainText(String(offline!.ta_signup_count));

      // The event's page: server-rendered with its own title, description, canonical and Event data.
      await card.getByTestId('event-card-link').click();
      await expect(page).toHaveURL(new RegExp(`${eventPath(site, offline!.ta_id)}$`));
      await expect(page.getByTestId('event-title')).toHaveText(offline!.ta_title);
      await expect(page).toHaveTitle(`${offline!.ta_title} - ${site.texts.common.siteName}`);
      const html = await (await context.request.get(eventPath(site, offline!.ta_id))).text();
      expect(html).toContain(`<h1 data-testid="event-title">${offline!.ta_title.replace(/&/g, '&amp;')}</h1>`);
      await open(page, eventPath(site, offline!.ta_id));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseURL}${eventPath(site, offline!.ta_id)}`,
      );
      const ld = page.locator('script[type="application/ld+json"]');
      const data = JSON.parse((await ld.textContent())!) as Record<string, unknown>;
      expect(data).toMatchObject({ '@type': 'Event', name: offline!.ta_title, startDate: offline!.ta_start_time });
      expect(
        await ld.evaluate((s: HTMLScriptElement) => (s.nonce ?? '').length > 0),
        'the JSON-LD carries the page nonce',
      ).toBe(true);
      await expect(page.getByTestId('event-place')).toContainText(offline!.ta_city);
      await expectAccessible(page);
    });

    test('sign up with the form, the online link and the .ics, cancel; a full event’s waitlist and promotion; ask, like and delete a question', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const workshop = (await events(context.request, site, { is_online: 1 })).find(
        (e) => e.ta_title === WORKSHOP[site.lang],
      );
      expect(workshop, 'the demo workshop').toBeDefined();
      const path = eventPath(site, workshop!.ta_id);

      // Ada signs up in the browser with the event's form; the online link and the .ics appear.
      const ada = await registerMember(context.request, site, { tag: 'ada' });
      await open(page, path);
      await expect(page.getByTestId('event-online-link')).toHaveCount(0);
      await page.getByTestId('event-signup-open').click();
      await fillForm(page);
      await page.getByTestId('event-submit').click();
      await expect(toasts(page).filter({ hasText: api.signedUp })).toBeVisible();
      await expect(page.getByTestId('event-signed-up')).toHaveText(ui.signedUpBadge);
      await expect(page.getByTestId('event-online-link')).toHaveAttribute('href', /^https:\/\/meeting\.example\.com\//);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-ics').click()]);
      expect(download.suggestedFilename()).toBe(`event-${workshop!.ta_id}.ics`);
      const ics = await fs.readFile((await download.path())!, 'utf8');
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain(`SUMMARY:${WORKSHOP[site.lang]}`);
      expect(ics).toContain(`URL:${baseURL}${path}`);

      // Ben takes the last seat through the API: the workshop is full.
      const benContext = await browser.newContext({ baseURL });
      const ben = await registerMember(benContext.request, site, { tag: 'ben' });
      const benSignUp = await callApi(benContext.request, site, activitySignUp, {
        ta_id: workshop!.ta_id,
        form: { name: 'Ben', company: 'E2E Storage Ltd', phone: '13800138001', role: ROLE[site.lang] },
      });
      expect(benSignUp.status, `${ben.nickname} signUp: ${benSignUp.msg}`).toBe(200);

      // Cleo finds it full and joins the waitlist in her browser.
      const cleoContext = await browser.newContext({ baseURL });
      await signalHydration(cleoContext);
      const cleo = await registerMember(cleoContext.request, site, { tag: 'cleo' });
      const cleoPage = await cleoContext.newPage();
      await open(cleoPage, path);
      await expect(cleoPage.getByTestId('event-signup-open')).toHaveText(ui.joinWaitlist);
      await cleoPage.getByTestId('event-signup-open').click();
      await fillForm(cleoPage);
      await cleoPage.getByTestId('event-submit').click();
      await expect(toasts(cleoPage).filter({ hasText: fill(api.waitlisted, { position: 1 }) })).toBeVisible();
      await expect(cleoPage.getByTestId('event-waiting')).toHaveText(fill(ui.waitingBadge, { position: 1 }));
      await expect(cleoPage.getByTestId('event-online-link')).toHaveCount(0);

      // Ada cancels: her seat goes to Cleo, who is told so in an in-site message.
      await page.getByTestId('event-cancel').click();
      await page.getByTestId('event-cancel-confirm').click();
      await expect(toasts(page).filter({ hasText: api.cancelled })).toBeVisible();
      await expect(page.getByTestId('event-signup-open')).toHaveText(ui.joinWaitlist);
      await open(cleoPage, path);
      await expect(cleoPage.getByTestId('event-signed-up')).toHaveText(ui.signedUpBadge);
      await expect(cleoPage.getByTestId('event-online-link')).toBeVisible();
      const messages = await callApi<{ userFrontMsgList: Array<{ tfm_title: string; tfm_content: string }> }>(
        cleoContext.request,
        site,
        frontMsgList,
        {},
      );
      expect(messages.data.userFrontMsgList[0]).toMatchObject({
        tfm_title: site.texts.messages.kinds.event_waitlist_promoted.title,
        tfm_content: fill(site.texts.messages.kinds.event_waitlist_promoted.content, { title: WORKSHOP[site.lang] }),
      });

      // Questions: Ada asks, Cleo likes it and cannot delete it, Ada deletes her own.
      const text = `${ada.nickname}: ${site.lang === 'zh' ? '需要提前安装什么？' : 'what should we install beforehand?'}`;
      await page.getByTestId('event-ask-text').fill(text);
      await page.getByTestId('event-ask').click();
      await expect(toasts(page).filter({ hasText: api.asked })).toBeVisible();
      const asked = page.getByTestId('event-question').filter({ hasText: text });
      await expect(asked).toBeVisible();
      await open(cleoPage, path);
      const seen = cleoPage.getByTestId('event-question').filter({ hasText: text });
      await expect(seen.getByTestId('event-question-delete')).toHaveCount(0);
      await seen.getByTestId('event-question-like').click();
      await expect(seen.getByTestId('event-question-like')).toHaveText(`${ui.liked} 1`);
      await open(page, path);
      await expect(asked.getByTestId('event-question-like')).toHaveText(`${ui.like} 1`);
      await asked.getByTestId('event-question-delete').click();
      await asked.getByTestId('event-question-delete-confirm').click();
      await expect(toasts(page).filter({ hasText: api.deleted })).toBeVisible();
      await expect(page.getByTestId('event-question').filter({ hasText: text })).toHaveCount(0);
      expect(cleo.userId).not.toBe(ada.userId);

      await benContext.close();
      await cleoContext.close();
    });
  });
}
