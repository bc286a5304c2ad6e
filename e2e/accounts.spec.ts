import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  apiContext,
  changePasswordByApi,
  fieldErrors,
  fill,
  industriesOf,
  logoutByApi,
  profileCardOf,
  registerMember,
  sessionCookie,
  signInBrowser,
  signInByApi,
  siteCode,
  templatePattern,
  toasts,
  uniqueNickname,
  uniqueTarget,
  waitForCodeSlot,
  watchOutbox,
  whoAmI,
  type Channel,
  type TestMember,
} from './support/accounts';
import {
  answeredAt,
  EN,
  expect,
  homeOf,
  nextNavigationTo,
  sectionTitle,
  SITES,
  test,
  waitForHydration,
  ZH,
  type E2eSite,
} from './support/fixtures';
import { followToggle, type ProfileCard } from '@portal/contracts/accounts';

/**
 * Accounts in the browser, each journey on both sites (spec 2, 3, 4, 8; decisions 009 and 010):
 * registering with a code from the dev outbox, the information page, signing out and in (password,
 * one-time code), password recovery, the profile card's follow, the 401 flow, the forms' messages
 * and the sign-in limit.
 *
 * Order matters in two places, so the file keeps its tests in this order:
 * - one code per address per minute: the members who sign in by code and recover their password
 *   are registered first (beforeAll), and those two journeys run after the others;
 * - failed password sign-ins count per account AND per IP (5 in 15 minutes, decision 009), and every
 *   page of a run comes from 127.0.0.1: the wrong passwords of the recovery journeys and of the limit
 *   tests are the only ones sent, and the limit tests come last. After them this server refuses
 *   password sign-ins from 127.0.0.1 for 15 minutes: a later spec file of the same run should sign
 *   its members in with `registerMember` (the register call) or a one-time code, not a password.
 */

/** Wrong passwords this browser sent in this run (they count against the address, see above). */
let wrongPasswordsSent = 0;
const SIGN_IN_FAILURES_ALLOWED = 5;
/** The password rule of the contracts (the spec's hint of 6-20 was raised to 8-64). */
const PASSWORD_RULE = { min: 8, max: 64 };
const CODE_MINUTES = 10;

const enc = encodeURIComponent;
/** The chunk with zod, which the forms fetch once the page is idle. */
const ZOD_CHUNK = /\/assets\/zod-ready-[\w-]+\.js$/;
const loginWithCallback = (site: E2eSite, callback: string, view = '') =>
  `/${site.prefix}/login${view}?callback=${enc(callback)}`;

/** Members whose one-time code is asked for later in the run (one send per address per minute). */
interface Pool {
  code: Record<E2eSite['lang'], TestMember>;
  reset: Record<E2eSite['lang'], TestMember & { api: APIRequestContext }>;
  apis: APIRequestContext[];
}
let pool: Pool;

test.beforeAll(async ({ playwright }, testInfo) => {
  const apis: APIRequestContext[] = [];
  // Each member on an API context of their own: their session stays theirs.
  const withApi = async (site: E2eSite, channel: Channel, tag: string) => {
    const api = await apiContext(playwright, testInfo.project.use.baseURL);
    apis.push(api);
    return { ...(await registerMember(api, site, { channel, tag })), api };
  };
  const [codeZh, codeEn, resetZh, resetEn] = await Promise.all([
    withApi(ZH, 'sms', 'code'),
    withApi(EN, 'email', 'code'),
    withApi(ZH, 'email', 'reset'),
    withApi(EN, 'sms', 'reset'),
  ]);
  pool = { code: { zh: codeZh, en: codeEn }, reset: { zh: resetZh, en: resetEn }, apis };
});

test.afterAll(async () => {
  await Promise.all(pool?.apis.map((api) => api.dispose()) ?? []);
});

// ---------------------------------------------------------------------------------------------
// Page helpers

const header = (page: Page) => page.getByRole('banner');

async function expectSignedIn(page: Page, site: E2eSite, nickname: string) {
  const nav = site.texts.nav;
  const avatar = header(page).getByRole('link', { name: `${nav.userCenter}: ${nickname}` });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('href', `/${site.prefix}/userinfo`);
  await expect(header(page).getByTestId('nav-messages')).toBeAttached();
  // Logout sits in the account menu beside the avatar.
  await expect(header(page).getByRole('button', { name: nav.accountMenu })).toBeVisible();
  await expect(header(page).getByTestId('nav-logout')).toHaveText(nav.logout);
  await expect(header(page).getByRole('link', { name: nav.login })).toHaveCount(0);
}

/** Opens the account menu beside the avatar and presses logout. */
async function signOutFromNavbar(page: Page, site: E2eSite) {
  await header(page).getByRole('button', { name: site.texts.nav.accountMenu }).click();
  await header(page).getByRole('button', { name: site.texts.nav.logout }).click();
}

async function expectSignedOut(page: Page, site: E2eSite, timeout?: number) {
  await expect(header(page).getByRole('link', { name: site.texts.nav.login })).toBeVisible({ timeout });
  await expect(header(page).getByTestId('nav-avatar')).toHaveCount(0);
  await expect(header(page).getByTestId('nav-messages')).toHaveCount(0);
}

/** The session cookie exists, is HttpOnly (scripts cannot read it) and SameSite=Lax. */
async function expectHttpOnlySession(context: BrowserContext, page: Page) {
  const cookie = await sessionCookie(context);
  expect(cookie, 'an accessToken cookie').toBeDefined();
  expect(cookie!.httpOnly, 'accessToken is HttpOnly').toBe(true);
  expect(cookie!.sameSite).toBe('Lax');
  expect(cookie!.path).toBe('/');
  expect(await page.evaluate(() => document.cookie)).not.toContain('accessToken');
  return cookie!;
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Switches a code form to SMS: the URL or the form changes first, then the form clears the address
 * field in an effect, so the field is typed into only once that has run.
 */
async function switchToSms(page: Page, form: 'register' | 'code' | 'forget') {
  await page.getByTestId(`${form}-channel-sms`).click();
  const target = page.getByTestId(`${form}-target`);
  await expect(target).toHaveAttribute('type', 'tel');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(target).toHaveValue('');
}

/** Submits the password form and answers the login call's envelope. */
async function submitPassword(page: Page, account: string, password: string) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/user/login') && r.request().method() === 'POST'),
    page.getByTestId('login-submit').click(),
  ]);
  return {
    http: response.status(),
    ...((await response.json()) as { status: number | string; msg: string; data: unknown }),
  };
}

/** A wrong password on the login form: the catalogue's message, counted against this address. */
async function expectWrongPassword(page: Page, site: E2eSite, account: string, password: string) {
  const answer = await submitPassword(page, account, password);
  expect(answer).toMatchObject({ http: 401, status: 201, msg: site.texts.accounts.wrongCredentials });
  wrongPasswordsSent += 1;
  await expectToast(page, site.texts.accounts.wrongCredentials);
  // It stays under the form too, with the tries this address has left before the limit.
  const left = SIGN_IN_FAILURES_ALLOWED - wrongPasswordsSent;
  expect(answer.data).toEqual({ remaining_attempts: left });
  const refusal = page.getByTestId('login-refusal');
  await expect(refusal).toContainText(site.texts.accounts.wrongCredentials);
  const { auth } = site.texts;
  await expect(refusal).toContainText(
    left === 0
      ? auth.attemptsNone
      : fill(left === 1 ? auth.attemptsLeft_one : auth.attemptsLeft_other, { count: left }),
  );
}

/**
 * Presses the form's "send code" button and answers the code from the outbox, after checking the
 * message went by the right channel in the page's language and the button counts down.
 */
async function sendCodeFromPage(
  page: Page,
  request: APIRequestContext,
  site: E2eSite,
  opts: { testId: string; target: string; channel: Channel; purpose: 'register' | 'login' | 'reset' },
): Promise<string> {
  const { auth, accounts, mail } = site.texts;
  const mailbox = await watchOutbox(request, opts.target);
  const button = page.getByTestId(`${opts.testId}-send`);
  await expect(button).toHaveText(auth.sendCode);
  await button.click();
  await expectToast(page, accounts.codeSent);
  const message = await mailbox.nextMessage();
  const code = message.code!;
  expect(message.channel).toBe(opts.channel);
  const template = { register: mail.registerCode, login: mail.loginCode, reset: mail.resetCode }[opts.purpose];
  if (opts.channel === 'email') {
    expect(message.subject).toBe(mail.codeSubject);
    expect(message.text).toBe(fill(template, { code, minutes: CODE_MINUTES }));
  } else {
    expect(message.text).toBe(fill(mail.smsCode, { code, minutes: CODE_MINUTES }));
  }
  // One send per minute: the button counts down.
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(templatePattern(auth.resendIn));
  await page.getByTestId(opts.testId).fill(code);
  return code;
}

/** Opens a member's card with `trigger` (an avatar or nickname) and answers what the server sent. */
async function openCard(page: Page, trigger: ReturnType<Page['getByTestId']>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/user/userDetail')),
    trigger.click(),
  ]);
  const id = (JSON.parse(response.request().postData() ?? '{}') as { id: number }).id;
  const card = (await response.json()) as { status: number; data: ProfileCard };
  expect(card.status).toBe(200);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('profile-card')).toHaveAttribute('aria-busy', 'false');
  return { id, card: card.data, dialog };
}

const COUNTS = [
  ['user_topic_article_count', 'countArticles'],
  ['user_post_count', 'countPosts'],
  ['user_comment_count', 'countComments'],
  ['user_que_count', 'countQuestions'],
  ['user_follow_count', 'countFollows'],
  ['user_fans_count', 'countFans'],
] as const;

// ---------------------------------------------------------------------------------------------
// Journeys on each site

for (const site of SITES) {
  const p = site.prefix;
  const { auth, accounts, nav, errors } = site.texts;
  /** The other channel in the other language: SMS on the Chinese site, email on the English one. */
  const registerChannel: Channel = site === ZH ? 'sms' : 'email';

  test.describe(`on the ${site.name} site`, () => {
    test('the sign-in and register forms say what is missing in this language, and the 8 to 64 password rule', async ({
      page,
    }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/user/')) calls.push(r.url());
      });
      // The forms check with zod, which they fetch once the page is idle (decision 048): held back
      // here until the first press, which has to wait for it (neither send nor fail unchecked).
      let releaseZod = () => {};
      const zodHeld = new Promise<void>((resolve) => (releaseZod = resolve));
      const zodAsked = page.waitForRequest(ZOD_CHUNK);
      await page.route(ZOD_CHUNK, async (route) => {
        await zodHeld;
        await route.continue();
      });
      await page.goto(`/${p}/login`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.loginTitle);
      await expect(page.getByRole('tab', { name: auth.tabPassword })).toHaveAttribute('aria-selected', 'true');

      // Empty sign-in: both fields say so, the first gets the focus, nothing is sent.
      await expect(page.getByTestId('login-submit')).toHaveText(auth.signIn);
      await zodAsked;
      await page.getByTestId('login-submit').click();
      releaseZod();
      await expect(fieldErrors(page, page.getByTestId('login-account'))).toHaveText(accounts.accountRequired);
      await expect(fieldErrors(page, page.getByTestId('login-password'))).toHaveText(accounts.passwordRequired);
      await expect(page.getByTestId('login-account')).toBeFocused();

      // The tabs by keyboard: the arrows move the focus and the selection, and a half-filled form
      // is still there on coming back.
      await page.getByTestId('login-account').fill('kept@example.com');
      const passwordTab = page.getByRole('tab', { name: auth.tabPassword });
      const codeTab = page.getByRole('tab', { name: auth.tabCode });
      await passwordTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(codeTab).toBeFocused();
      await expect(codeTab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(`/${p}/login/code`);
      await expect(page.getByRole('tabpanel')).toHaveAccessibleName(auth.tabCode);
      await expect(page.getByTestId('login-account')).toBeHidden();
      await page.keyboard.press('ArrowLeft');
      await expect(passwordTab).toBeFocused();
      await expect(passwordTab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(`/${p}/login`);
      await expect(page.getByTestId('login-account')).toHaveValue('kept@example.com');

      // Registration: every field, in this language.
      await page.getByRole('tab', { name: auth.tabRegister }).click();
      await expect(page).toHaveURL(`/${p}/login/register`);
      await page.getByTestId('register-submit').click();
      await expect(fieldErrors(page, page.getByTestId('register-target'))).toHaveText(accounts.emailInvalid);
      await expect(fieldErrors(page, page.getByTestId('register-nickname'))).toHaveText(accounts.nicknameRule);
      await expect(fieldErrors(page, page.getByTestId('register-password'))).toHaveText(accounts.passwordRule);
      await expect(fieldErrors(page, page.getByTestId('register-code'))).toHaveText(accounts.codeInvalid);
      await expect(fieldErrors(page, page.getByTestId('register-agree'))).toHaveText(accounts.mustAgree);

      // A short password: the rule of 8 to 64 characters, as the hint says too.
      expect(accounts.passwordRule).toMatch(/\b8\b.*\b64\b/);
      await expect(page.getByText(fill(auth.passwordHint, PASSWORD_RULE))).toBeVisible();
      const password = page.getByTestId('register-password');
      await password.fill('Abc 123');
      await password.blur();
      await expect(fieldErrors(page, password)).toHaveText(accounts.passwordRule);
      await password.fill('Abc 1234');
      await password.blur();
      await expect(fieldErrors(page, password)).toHaveCount(0);

      // The code button checks the address before sending anything; a mobile number by its rule.
      await page.getByTestId('register-target').fill('not-an-address');
      await page.getByTestId('register-code-send').click();
      await expect(fieldErrors(page, page.getByTestId('register-target'))).toHaveText(accounts.emailInvalid);
      await switchToSms(page, 'register');
      await expect(page).toHaveURL(`/${p}/login/register/sms`);
      await expect(page.getByRole('tabpanel').getByText(auth.mobileHint)).toBeVisible();
      await page.getByTestId('register-target').fill('12345');
      await page.getByTestId('register-target').blur();
      await expect(fieldErrors(page, page.getByTestId('register-target'))).toHaveText(accounts.mobileInvalid);

      expect(calls, 'calls sent for forms that do not pass their rules').toEqual([]);
    });

    test(`registering by ${registerChannel === 'sms' ? 'SMS' : 'email'} with a code from the outbox, then the information page, then back at the callback as a member`, async ({
      page,
      context,
      request,
    }) => {
      const callback = `/${p}/about`;
      if (site === ZH) {
        // A visitor who wants to publish is sent to login, coming back to this page.
        await page.goto(callback);
        await waitForHydration(page);
        await page.getByRole('button', { name: nav.publish, exact: true }).hover();
        await page.getByRole('button', { name: nav.publishPost, exact: true }).click();
      } else {
        await page.goto(loginWithCallback(site, callback));
      }
      await expect(page).toHaveURL(loginWithCallback(site, callback));
      await waitForHydration(page);
      await expectSignedOut(page, site);

      await page.getByRole('tab', { name: auth.tabRegister }).click();
      await expect(page).toHaveURL(loginWithCallback(site, callback, '/register'));
      if (registerChannel === 'sms') {
        await switchToSms(page, 'register');
        await expect(page).toHaveURL(loginWithCallback(site, callback, '/register/sms'));
        await expect(page.getByRole('tabpanel').getByText(auth.mobileHint)).toBeVisible();
      }
      const target = uniqueTarget(registerChannel, 'join');
      const nickname = uniqueNickname(site, 'join');
      await page.getByTestId('register-target').fill(target);
      await page.getByTestId('register-nickname').fill(nickname);
      await page.getByTestId('register-password').fill('a phrase I remember');
      await sendCodeFromPage(page, request, site, {
        testId: 'register-code',
        target,
        channel: registerChannel,
        purpose: 'register',
      });
      // The agreement's terms of use and privacy policy open this site's pages in a new tab; the form keeps what was typed.
      const agreement = page.getByTestId('register-agree');
      await expect(agreement).toHaveAccessibleName(auth.agree.replace(/<\/?(terms|privacy)>/g, ''));
      for (const slug of ['terms', 'privacy'] as const) {
        const link = page.getByTestId(`register-${slug}-link`);
        await expect(link).toHaveText(auth.agree.match(new RegExp(`<${slug}>(.*)</${slug}>`))![1]!);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener');
        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await expect(tab).toHaveURL(`/${p}/${slug}`);
        await expect(tab).toHaveTitle(sectionTitle(site, slug));
        await expect(tab.getByTestId(`${slug}-page`).getByRole('heading', { level: 1 })).toHaveText(
          site.texts.titles[slug],
        );
        await expect(tab.getByTestId(`${slug}-page`).locator('h2').first()).toBeVisible();
        await tab.close();
      }
      await expect(agreement).not.toBeChecked();
      await expect(page.getByTestId('register-nickname')).toHaveValue(nickname);
      await agreement.check();
      await page.getByTestId('register-submit').click();

      // A new member has is_edit 2: the information page first, still aiming at the callback.
      const information = `/${p}/information?callback=${enc(callback)}`;
      await expect(page).toHaveURL(information);
      await expectToast(page, auth.registered);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.informationTitle);
      const registered = await whoAmI(context.request, site);
      expect(registered.data).toMatchObject({ user_nick_name: nickname, is_edit: 2 });
      await expectHttpOnlySession(context, page);

      // Any page comes back here while the information is missing (spec 2), loaded by the server too.
      await page.goto(callback);
      await expect(page).toHaveURL(information);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.informationTitle);

      // Empty fields first: each says what it needs, in this language.
      await page.getByTestId('information-name').fill('');
      await page.getByTestId('information-submit').click();
      await expect(fieldErrors(page, page.getByTestId('information-name'))).toHaveText(accounts.realNameRequired);
      await expect(fieldErrors(page, page.getByTestId('information-company'))).toHaveText(accounts.companyRequired);
      await expect(fieldErrors(page, page.getByTestId('information-job-title'))).toHaveText(accounts.jobTitleRequired);
      await expect(fieldErrors(page, page.getByLabel(auth.industry))).toHaveText(accounts.industryRequired);

      const info = {
        user_name: site === ZH ? '王小明' : 'Alex Morgan',
        user_company: site === ZH ? '测试存储有限公司' : 'Test Storage Ltd',
        user_job_title: site === ZH ? '存储工程师' : 'Storage engineer',
        user_contact_mobile: '13812345678',
        user_contact_email: `contact.${registered.data.user_id}@example.com`,
      };
      await page.getByTestId('information-name').fill(info.user_name);
      await page.getByTestId('information-company').fill(info.user_company);
      await page.getByTestId('information-job-title').fill(info.user_job_title);
      // The site's own industries, in its language; the second one is picked.
      const industries = await industriesOf(request, site);
      expect(industries.length).toBeGreaterThan(1);
      const industry = page.getByLabel(auth.industry);
      const options = industry.locator('option');
      // The first option asks for a choice; the site's industries follow in their order.
      await expect(options.nth(0)).toHaveText(auth.industryPlaceholder);
      await expect(options.nth(1)).toHaveText(industries[0]!.label);
      await expect(options.nth(2)).toHaveText(industries[1]!.label);
      await industry.selectOption({ label: industries[1]!.label });
      await expect(industry).toHaveValue(String(industries[1]!.value));
      await expect(fieldErrors(page, industry)).toHaveCount(0);
      await page.getByTestId('information-mobile').fill(info.user_contact_mobile);
      await page.getByTestId('information-email').fill(info.user_contact_email);
      await page.getByTestId('information-submit').click();

      // Back where the journey began, as a member: avatar and messages instead of the login button.
      await expect(page).toHaveURL(callback);
      await expectToast(page, auth.saved);
      await expectSignedIn(page, site, nickname);
      const completed = await whoAmI(context.request, site);
      expect(completed.data).toMatchObject({ ...info, user_industry: industries[1]!.value, is_edit: 1 });
      // And stays one after a fresh load.
      await page.reload();
      await waitForHydration(page);
      await expect(page).toHaveURL(callback);
      await expectSignedIn(page, site, nickname);
    });

    test('signing out reloads an ordinary page and leaves the personal centre for home; the HttpOnly cookie is gone', async ({
      page,
      context,
      request,
    }) => {
      const member = await registerMember(context.request, site, { tag: 'out' });

      // From an ordinary page: the same page again, reloaded, with the login button.
      await page.goto(`/${p}/about`);
      await waitForHydration(page);
      await expectSignedIn(page, site, member.nickname);
      const cookie = await expectHttpOnlySession(context, page);
      await page.evaluate(() => ((window as Window & { __e2eBeforeLogout?: boolean }).__e2eBeforeLogout = true));
      const reloaded = page.waitForEvent('load');
      await signOutFromNavbar(page, site);
      await reloaded;
      await expect(page).toHaveURL(`/${p}/about`);
      await expectSignedOut(page, site);
      expect(await page.evaluate(() => (window as Window & { __e2eBeforeLogout?: boolean }).__e2eBeforeLogout)).toBe(
        undefined,
      );
      expect(await sessionCookie(context), 'accessToken after signing out').toBeUndefined();
      // The session ended on the server, not only in this browser.
      const old = await whoAmI(request, site, { accesstoken: cookie.value });
      expect(old).toMatchObject({ http: 401, status: 401 });

      // From the personal centre: home.
      await signInBrowser(context, member);
      await page.goto(`/${p}/userinfo`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.centreTitle);
      await expectSignedIn(page, site, member.nickname);
      await expectHttpOnlySession(context, page);
      await signOutFromNavbar(page, site);
      await expect(page).toHaveURL(homeOf(site));
      await expectSignedOut(page, site);
      expect(await sessionCookie(context), 'accessToken after signing out').toBeUndefined();
    });

    test('signing in with the password goes back to the callback', async ({ page, context, request }) => {
      // The Chinese member signs in with a mobile number, the English one with an email address.
      const member = await registerMember(request, site, { channel: registerChannel, tag: 'pass' });
      const callback = `/${p}/stationed/mvp`;
      await page.goto(loginWithCallback(site, callback));
      await waitForHydration(page);
      await expectSignedOut(page, site);
      await expect(page.getByText(auth.account, { exact: true })).toBeVisible();

      const answer = await submitPassword(page, member.target, member.password);
      expect(answer.status).toBe(200);
      await expect(page).toHaveURL(callback);
      await expectToast(page, auth.signedIn);
      await expectSignedIn(page, site, member.nickname);
      await expectHttpOnlySession(context, page);

      // A member who opens the login page again goes straight on to its callback.
      await page.goto(loginWithCallback(site, `/${p}/about`));
      await expect(page).toHaveURL(`/${p}/about`);
      await expectSignedIn(page, site, member.nickname);
    });

    test('the profile card from the home page: fields, follow, the fans count, closing after a second, unfollow', async ({
      page,
      context,
    }) => {
      const member = await registerMember(context.request, site, { tag: 'fan' });
      await page.goto(homeOf(site));
      await waitForHydration(page);
      await expectSignedIn(page, site, member.nickname);

      const trigger = page.getByTestId('home-post-author').first();
      const first = await openCard(page, trigger);
      const { dialog } = first;
      // Spec 2: the user profile card is 550 px wide (once its opening animation is over).
      await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(550);
      await expect(trigger).toHaveAttribute('title', fill(auth.profileOf, { name: first.card.user_nick_name }));
      await expect(dialog).toContainText(first.card.user_nick_name);
      if (first.card.user_avatar_att_url) {
        await expect(dialog.locator(`img[src="${first.card.user_avatar_att_url}"]`)).toBeVisible();
      }
      await expect(dialog.getByText(fill(auth.level, { level: first.card.user_points_level }))).toBeAttached();
      if (first.card.user_medal > 0) {
        const medal = site.texts.medals[first.card.user_medal as 1 | 2 | 3 | 4];
        await expect(dialog.getByRole('img', { name: fill(auth.medalLabel, { name: medal }) })).toBeVisible();
      }
      for (const code of first.card.user_logo_arr) {
        const name = site.texts.badges[code as keyof typeof site.texts.badges];
        if (name) await expect(dialog.getByRole('img', { name, exact: true })).toBeVisible();
      }
      const counts = dialog.getByRole('definition');
      await expect(counts).toHaveCount(COUNTS.length);
      for (const [field, label] of COUNTS) {
        const item = dialog.getByTestId(`profile-${field}`);
        await expect(item.getByRole('term')).toHaveText(auth[label]);
        await expect(item.getByRole('definition')).toHaveText(
          new Intl.NumberFormat(site.htmlLang).format(first.card[field]),
        );
      }
      expect(first.card.have_be_follow).toBe(0);
      const fans = first.card.user_fans_count;
      const follow = dialog.getByTestId('profile-follow');
      await expect(follow).toHaveText(auth.follow);

      // Follow: 'followed', a toast, and the card closes about a second later.
      const followPath = `/api/${siteCode(site)}${followToggle.path}`;
      const pressFollow = async (expected: 'followed' | 'follow', toast: string) => {
        await page.evaluate(() => performance.clearResourceTimings());
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith(followPath)),
          follow.click(),
        ]);
        expect(response.status()).toBe(200);
        // Both times on the page's own clock: the test's own hears of the answer late on a busy machine.
        const goneAt = page.waitForFunction(
          () => (document.querySelector('[role="dialog"]')?.checkVisibility() ? false : performance.now()),
          undefined,
          { polling: 'raf', timeout: 4_000 },
        );
        await expect(follow).toHaveText(auth[expected]);
        await expectToast(page, toast);
        const closedAt = (await (await goneAt).jsonValue()) as number;
        const answeredAt = await page.evaluate(
          (path) =>
            performance
              .getEntriesByType('resource')
              .map((entry) => entry as PerformanceResourceTiming)
              .filter((entry) => entry.name.endsWith(path))
              .pop()?.responseEnd,
          followPath,
        );
        await expect(dialog).toBeHidden();
        // Closed after about a second (then its closing animation), not at once.
        const closedAfter = closedAt - (answeredAt ?? Number.NaN);
        expect(closedAfter, 'ms from the follow answer until the card is gone').toBeGreaterThanOrEqual(900);
        expect(closedAfter).toBeLessThan(3_500);
      };
      await pressFollow('followed', auth.followDone);

      const again = await openCard(page, trigger);
      expect(again.id).toBe(first.id);
      await expect(again.dialog.getByTestId('profile-user_fans_count').getByRole('definition')).toHaveText(
        new Intl.NumberFormat(site.htmlLang).format(fans + 1),
      );
      await expect(again.dialog.getByTestId('profile-follow')).toHaveText(auth.followed);
      expect((await profileCardOf(context.request, site, first.id)).data).toMatchObject({
        have_be_follow: 1,
        user_fans_count: fans + 1,
      });
      expect((await whoAmI(context.request, site)).data.user_follow_count).toBe(1);

      // Unfollow: the same button again.
      await pressFollow('follow', auth.unfollowDone);
      const last = await openCard(page, trigger);
      await expect(last.dialog.getByTestId('profile-user_fans_count').getByRole('definition')).toHaveText(
        new Intl.NumberFormat(site.htmlLang).format(fans),
      );
      await expect(last.dialog.getByTestId('profile-follow')).toHaveText(auth.follow);
      await last.dialog.getByRole('button', { name: auth.close }).click();
      await expect(last.dialog).toBeHidden();
    });

    test('a visitor who presses follow on a card goes to login, coming back to the page', async ({ page }) => {
      await page.goto(homeOf(site));
      await waitForHydration(page);
      const { card, dialog } = await openCard(page, page.getByTestId('home-lively-user-profile').first());
      expect(card.is_self).toBe(false);
      await expect(dialog.getByTestId('profile-follow')).toHaveText(auth.follow);
      await dialog.getByTestId('profile-follow').click();
      await expect(page).toHaveURL(loginWithCallback(site, homeOf(site)));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.loginTitle);
    });

    /**
     * Ends the browser's session from outside (the Chinese member changes the password on another
     * device; on the English site the session is signed out with its own token), then saves the
     * account form in the personal centre: the 401 takes the page to login after a second.
     */
    async function sessionEndsElsewhere(
      page: Page,
      context: BrowserContext,
      request: APIRequestContext,
      elsewhere: APIRequestContext,
    ) {
      const member = await registerMember(context.request, site, { tag: 'gone' });
      const centre = `/${p}/userinfo`;
      await page.goto(centre);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.centreTitle);
      await expectSignedIn(page, site, member.nickname);
      const cookie = await expectHttpOnlySession(context, page);
      await page.evaluate(() => window.sessionStorage.setItem('e2e-before-401', 'kept?'));

      if (site === ZH) {
        await signInByApi(elsewhere, member);
        const changed = await changePasswordByApi(elsewhere, site, member.password, 'another phrase I remember');
        expect(changed.status).toBe(200);
        expect((await whoAmI(elsewhere, site)).status, 'the session that changed the password').toBe(200);
      } else {
        const out = await logoutByApi(elsewhere, site, { accesstoken: cookie.value });
        expect(out.status).toBe(200);
      }
      expect(await whoAmI(request, site, { accesstoken: cookie.value })).toMatchObject({ http: 401, status: 401 });

      // The page does not know yet: saving the account is its next member call.
      await page.getByTestId('account-nickname').fill(uniqueNickname(site, 'late'));
      const toLogin = nextNavigationTo(page, new RegExp(`^/${p}/login(\\?|$)`), 5_000);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/user/updateAccount')),
        page.getByTestId('account-submit').click(),
      ]);
      expect(response.status()).toBe(401);
      expect(await response.json()).toMatchObject({ status: 401, msg: errors.unauthorized });
      await expect(page).toHaveURL(centre);

      // Both times on the browser's clock: a busy test process does not stretch or shorten the wait.
      const navigation = await toLogin;
      await navigation.response();
      const waited = navigation.timing().startTime - answeredAt(response);
      expect(waited, 'ms from the 401 answer to the login page').toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(3_000);
      await expect(page).toHaveURL(loginWithCallback(site, centre));
      return member;
    }

    const endedBy = site === ZH ? 'a password change elsewhere' : 'a sign-out elsewhere';

    test(`after ${endedBy}, the next member call goes to login with the page as callback after a second`, async ({
      page,
      context,
      request,
      playwright,
    }, testInfo) => {
      const elsewhere = await apiContext(playwright, testInfo.project.use.baseURL);
      await sessionEndsElsewhere(page, context, request, elsewhere);
      await elsewhere.dispose();
      // Spec 8: session storage is cleared; the login form is shown.
      expect(await page.evaluate(() => window.sessionStorage.getItem('e2e-before-401'))).toBeNull();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.loginTitle);
      await expect(page.getByTestId('login-account')).toBeEditable();
    });

    test(`after ${endedBy} and the 401, the navbar no longer shows the member`, async ({
      page,
      context,
      request,
      playwright,
    }, testInfo) => {
      const elsewhere = await apiContext(playwright, testInfo.project.use.baseURL);
      await sessionEndsElsewhere(page, context, request, elsewhere);
      await elsewhere.dispose();
      await expectSignedOut(page, site, 1_000);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Codes to addresses registered at the start of the file (one code per address per minute)

for (const site of SITES) {
  const p = site.prefix;
  const { auth, accounts } = site.texts;

  test.describe(`on the ${site.name} site, with a code to a registered address`, () => {
    // Normally the codes' addresses were registered more than a minute ago; after a failure the
    // worker restarts, registers them anew and has to wait for the minute here.
    test.describe.configure({ timeout: 130_000 });

    test('signing in with a one-time code from the outbox goes back to the callback', async ({
      page,
      context,
      request,
    }) => {
      const member = pool.code[site.lang];
      await waitForCodeSlot(member);
      const callback = `/${p}/about`;
      await page.goto(loginWithCallback(site, callback));
      await waitForHydration(page);
      await page.getByRole('tab', { name: auth.tabCode }).click();
      await expect(page).toHaveURL(loginWithCallback(site, callback, '/code'));
      if (member.channel === 'sms') {
        await switchToSms(page, 'code');
        await expect(page).toHaveURL(loginWithCallback(site, callback, '/code/sms'));
      }
      await page.getByTestId('code-target').fill(member.target);
      await sendCodeFromPage(page, request, site, {
        testId: 'code-code',
        target: member.target,
        channel: member.channel,
        purpose: 'login',
      });
      await page.getByTestId('code-submit').click();
      await expect(page).toHaveURL(callback);
      await expectToast(page, auth.signedIn);
      await expectSignedIn(page, site, member.nickname);
      await expectHttpOnlySession(context, page);
    });

    test('recovering the password: a code, the new password twice, then only the new one signs in', async ({
      page,
      request,
    }) => {
      const member = pool.reset[site.lang];
      await waitForCodeSlot(member);
      expect((await whoAmI(member.api, site)).status, 'the session of the registration').toBe(200);
      const callback = `/${p}/about`;
      await page.goto(loginWithCallback(site, callback));
      await waitForHydration(page);
      await page.getByRole('link', { name: auth.forgotPassword }).click();
      await expect(page).toHaveURL(`/${p}/forget?callback=${enc(callback)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.forgetTitle);

      if (member.channel === 'sms') await switchToSms(page, 'forget');
      await page.getByTestId('forget-target').fill(member.target);
      await sendCodeFromPage(page, request, site, {
        testId: 'forget-code',
        target: member.target,
        channel: member.channel,
        purpose: 'reset',
      });

      // Two different passwords: the confirmation says so, and nothing is sent.
      const newPassword = `new phrase for ${member.userId}`;
      let resets = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/user/forget')) resets += 1;
      });
      await page.getByTestId('forget-password').fill(newPassword);
      await page.getByTestId('forget-password-confirm').fill(`${newPassword}!`);
      await page.getByTestId('forget-submit').click();
      await expect(fieldErrors(page, page.getByTestId('forget-password-confirm'))).toHaveText(
        accounts.passwordMismatch,
      );
      expect(resets).toBe(0);

      await page.getByTestId('forget-password-confirm').fill(newPassword);
      const [reset] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/user/forget')),
        page.getByTestId('forget-submit').click(),
      ]);
      expect(reset.status()).toBe(200);
      await expectToast(page, auth.resetDone);
      await expect(page).toHaveURL(loginWithCallback(site, callback));
      // Recovery ends every session of the account.
      expect((await whoAmI(member.api, site)).status, 'the old session after recovery').toBe(401);

      // The old password no longer works; the new one does.
      await waitForHydration(page);
      await expectWrongPassword(page, site, member.target, member.password);
      await expect(page).toHaveURL(loginWithCallback(site, callback));
      const answer = await submitPassword(page, member.target, newPassword);
      expect(answer.status).toBe(200);
      await expect(page).toHaveURL(callback);
      await expectSignedIn(page, site, member.nickname);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The sign-in limit: last, since it locks this address out of password sign-ins for 15 minutes.

test.describe('the sign-in limit', () => {
  test('on the Chinese site, after the fifth wrong password the next try shows the limit, even with the right password', async ({
    page,
    request,
  }) => {
    const site = ZH;
    const { accounts } = site.texts;
    const member = await registerMember(request, site, { tag: 'limit' });
    await page.goto(`/${site.prefix}/login`);
    await waitForHydration(page);
    // Earlier wrong passwords of this run (the recovery journeys) count against this address too.
    while (wrongPasswordsSent < SIGN_IN_FAILURES_ALLOWED) {
      await expectWrongPassword(page, site, member.target, `wrong password ${wrongPasswordsSent}`);
    }
    const limit = templatePattern(accounts.tooManyFailures);
    for (const password of ['wrong password again', member.password]) {
      const answer = await submitPassword(page, member.target, password);
      expect(answer).toMatchObject({ http: 429, status: 201 });
      expect(answer.msg).toMatch(limit);
      await expectToast(page, limit);
    }
    await expect(page).toHaveURL(`/${site.prefix}/login`);
    await expectSignedOut(page, site);
  });

  test('on the English site, the limit is said in English', async ({ page, request }) => {
    const site = EN;
    const member = await registerMember(request, site, { tag: 'limit' });
    await page.goto(`/${site.prefix}/login`);
    await waitForHydration(page);
    const answer = await submitPassword(page, member.target, member.password);
    expect(answer).toMatchObject({ http: 429, status: 201 });
    expect(answer.msg).toMatch(templatePattern(site.texts.accounts.tooManyFailures));
    await expectToast(page, templatePattern(site.texts.accounts.tooManyFailures));
    await expectSignedOut(page, site);
  });
});
