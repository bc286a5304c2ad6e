import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { adminEventCreate } from '@portal/contracts/events-admin';
import { activitySignUp } from '@portal/contracts/events';
import { adminQuestionnaireSave, type AdminQuestionnaire } from '@portal/contracts/questionnaires-admin';
import { callApi, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption, confirmPopconfirm } from './support/antd';
import { expect, presetLanguage, signalHydration, SITES, test, waitForHydration } from './support/fixtures';

/**
 * Questionnaires of events (issue 18, item 7; decision 029), one journey per site: the organiser
 * writes an event's questionnaire in the back office; a visitor is asked to log in, a member without
 * a sign-up is told they cannot take part, signs up, answers (a required question is asked for
 * first) and sees the thanks and their answers; another event's questionnaire says when to answer,
 * then that it has ended; the organiser reads the counts and downloads the .xlsx with the answer.
 */

const admin = useAdmin();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

for (const site of SITES) {
  const tq = site.texts.questionnaire;
  const ta = site.texts.questionnaireAdmin;

  test(`an organiser writes a questionnaire, a signed-up member answers it, each message shows in its situation (${site.name} site)`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // Two people, the back office and the portal: a minute alone, far more beside the other shard.
    test.setTimeout(180_000);
    const now = Date.now();
    const eventBody = (title: string) => ({
      ta_title: title,
      ta_is_online: true,
      ta_online_url: 'https://meet.example.com/survey',
      ta_capacity: 0,
      ta_waitlist_enabled: false,
      ta_signup_start_time: iso(now - HOUR),
      ta_signup_end_time: iso(now + 7 * DAY),
      ta_start_time: iso(now + 8 * DAY),
      ta_end_time: iso(now + 8 * DAY + 3 * HOUR),
      ta_form_fields: [],
      ta_content: '<p>Survey</p>',
    });
    const title = site.lang === 'zh' ? `问卷活动 ${unique()}` : `Survey event ${unique()}`;
    const { ta_id } = await admin.call<{ ta_id: number }>(site, adminEventCreate, eventBody(title));
    const question1 = site.lang === 'zh' ? '您主要使用哪类存储？' : 'Which storage do you run?';
    const question2 = site.lang === 'zh' ? '还有什么建议？' : 'Any suggestions?';
    const options = site.lang === 'zh' ? ['全闪存', '对象存储'] : ['All-flash', 'Object storage'];

    // The organiser writes the questionnaire in the back office (the window defaults to now + 14 days).
    await admin.enter(context, baseURL!, site);
    await open(page, `/admin/events?site=${siteCode(site)}`);
    await page.getByTestId(`event-questionnaire-${ta_id}`).click();
    const form = page.getByTestId('questionnaire-form');
    await expect(form).toBeVisible();
    await form.getByTestId('qa-title-0').fill(question1);
    await form.getByTestId('qa-options-0').fill(options.join('\n'));
    await form.getByTestId('qa-add').click();
    await form.getByTestId('qa-title-1').fill(question2);
    await chooseOption(form.getByTestId('qa-kind-1').getByRole('combobox'), ta.ui.kinds.text);
    await form.getByTestId('questionnaire-save').click();
    await expect(toasts(page).filter({ hasText: ta.api.saved })).toBeVisible();

    const memberContext = await browser.newContext({ baseURL });
    try {
      await signalHydration(memberContext);
      await presetLanguage(memberContext, baseURL!, site);
      const memberPage = await memberContext.newPage();

      // A visitor: please log in first, with the way back.
      await open(memberPage, `/${site.prefix}/questionnaire/${ta_id}`);
      await expect(memberPage.getByTestId('questionnaire-login')).toContainText(tq.ui.loginFirst);
      expect(await memberPage.getByTestId('questionnaire-login-link').getAttribute('href')).toContain(
        encodeURIComponent(`/questionnaire/${ta_id}`),
      );

      // A member without a sign-up cannot take part; after signing up, the event page links here.
      const member = await registerMember(memberContext.request, site, { tag: 'survey' });
      await open(memberPage, `/${site.prefix}/questionnaire/${ta_id}`);
      await expect(memberPage.getByTestId('questionnaire-notRegistered')).toContainText(tq.ui.notRegistered);
      await open(memberPage, `/${site.prefix}/activity/info/${ta_id}`);
      await memberPage.getByTestId('event-signup-open').click();
      await memberPage.getByTestId('event-submit').click();
      await memberPage.getByTestId('event-questionnaire-link').click();
      await expect(memberPage.getByTestId('questionnaire-form')).toBeVisible();

      // The required question is asked for before anything is sent; then the answer lands.
      await memberPage.getByTestId('questionnaire-submit').click();
      await expect(memberPage.getByTestId('question-error-0')).toHaveText(
        tq.rules.required.replace('{{title}}', question1),
      );
      await memberPage.getByTestId('question-0').getByLabel(options[1]!).check();
      await memberPage.getByTestId('question-1').locator('textarea').fill('More benchmarks, please');
      await memberPage.getByTestId('questionnaire-submit').click();
      await expect(toasts(memberPage).filter({ hasText: site.texts.questionnaireApi.answered })).toBeVisible();
      await expect(memberPage.getByTestId('questionnaire-answered')).toContainText(tq.ui.thanks);
      await memberPage.reload();
      await expect(memberPage.getByTestId('questionnaire-my-answers')).toContainText(options[1]!);
      await expect(memberPage.getByTestId('questionnaire-my-answers')).toContainText('More benchmarks, please');

      // Another event's questionnaire, not open yet: the date to answer on; then ended.
      const later = await admin.call<{ ta_id: number }>(site, adminEventCreate, eventBody(`${title} 2`));
      const questions = [{ kind: 'single', title: question1, required: true, options }];
      const window = (from: number, to: number) => ({
        ta_id: later.ta_id,
        title: `${title} 2`,
        description: '',
        open_time: iso(from),
        close_time: iso(to),
        questions,
      });
      const saved = await admin.call<AdminQuestionnaire>(
        site,
        adminQuestionnaireSave,
        window(now + 2 * DAY, now + 3 * DAY),
      );
      expect(saved.answer_count).toBe(0);
      const signed = await callApi(memberContext.request, site, activitySignUp, { ta_id: later.ta_id, form: {} });
      expect(signed.status, signed.msg).toBe(200);
      await open(memberPage, `/${site.prefix}/questionnaire/${later.ta_id}`);
      const [before] = tq.ui.notOpen.split('{{date}}');
      await expect(memberPage.getByTestId('questionnaire-notOpen')).toContainText(before!.trim());
      await expect(memberPage.getByTestId('questionnaire-notOpen')).toContainText(/\d{4}|\d{1,2}:\d{2}/);
      await admin.call(site, adminQuestionnaireSave, window(now - 3 * DAY, now - 2 * DAY));
      await open(memberPage, `/${site.prefix}/questionnaire/${later.ta_id}`);
      await expect(memberPage.getByTestId('questionnaire-ended')).toContainText(tq.ui.ended);

      // The organiser sees the counts and downloads the answers.
      await open(page, `/admin/events?site=${siteCode(site)}`);
      await page.getByTestId(`event-questionnaire-${ta_id}`).click();
      await page.getByRole('tab', { name: ta.ui.tabResults }).click();
      const results = page.getByTestId('questionnaire-results');
      await expect(results.getByTestId('qa-answer-count')).toHaveText(ta.ui.answerCount_one.replace('{{count}}', '1'));
      await expect(results.getByTestId('qa-count')).toHaveText([/^0/, /^1 \(100%\)/]);
      await expect(results).toContainText('More benchmarks, please');
      const download = page.waitForEvent('download');
      await results.getByTestId('questionnaire-export').click();
      const file = await (await download).path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await fs.readFile(file)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect((sheet.getRow(1).values as unknown[]).slice(4)).toEqual([question1, question2]);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(row[0]).toBe(member.nickname);
      expect(row.slice(3)).toEqual([options[1], 'More benchmarks, please']);

      // An answered questionnaire cannot be deleted; the other one, which nobody answered, can.
      await expect(page.getByTestId('questionnaire-delete')).toHaveCount(0);
      await open(page, `/admin/events?site=${siteCode(site)}`);
      await page.getByTestId(`event-questionnaire-${later.ta_id}`).click();
      await page.getByTestId('questionnaire-delete').click();
      await confirmPopconfirm(page);
      await expect(toasts(page).filter({ hasText: ta.api.deleted })).toBeVisible();
      await expect(page.getByTestId('questionnaire-form')).toContainText(ta.ui.none);
      await open(memberPage, `/${site.prefix}/questionnaire/${later.ta_id}`);
      await expect(memberPage.getByTestId('questionnaire-notSet')).toBeVisible();
    } finally {
      await memberContext.close();
    }
  });
}
