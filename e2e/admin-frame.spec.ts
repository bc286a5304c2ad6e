import type { Page } from '@playwright/test';
import { adminDashboard, type AdminDashboard } from '@portal/contracts/admin';
import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import {
  adminDictionaryCreate,
  adminDictionaryUpdate,
  type AdminDictionaryEntry,
} from '@portal/contracts/dictionaries';
import { callApi, fill, registerMember, siteCode } from './support/accounts';
import { ADMIN_EMAIL, adminCode, useAdmin } from './support/admin';
import { chooseOption } from './support/antd';
import { expect, otherSite, presetLanguage, SITES, test, waitForHydration, ZH, type E2eSite } from './support/fixtures';

/**
 * The back office's frame (issue 4, decisions.md "Back office"), on both sites: the seeded admin
 * opens /admin and sees the dashboard with the server's figures, switches the managed site and the
 * interface language, and opens the audit log; a plain member lands on /401; a visitor goes to the
 * login page and comes back to /admin once signed in.
 *
 * The admin signs in with one-time codes (support/admin.ts).
 */

const admin = useAdmin();

/**
 * The dashboard as the page asks for it: days are cut in the viewer's zone, so the call carries the
 * browser's offset (spec 7) as the page's own requests do.
 */
async function dashboardOf(page: Page, site: E2eSite): Promise<AdminDashboard> {
  const offsetMinutes = await page.evaluate(() => -new Date().getTimezoneOffset());
  const answer = await callApi<AdminDashboard>(
    admin.api,
    site,
    adminDashboard,
    {},
    {
      [REQUEST_HEADERS.timeZoneOffset]: String(offsetMinutes),
    },
  );
  expect(answer.status, `${adminDashboard.id}: ${answer.msg}`).toBe(200);
  return answer.data;
}

const siteName = (ui: E2eSite, managed: E2eSite) =>
  managed.lang === 'zh' ? ui.texts.admin.siteProtal : ui.texts.admin.siteProtalEn;

const figure = (page: Page, key: string) => page.getByTestId(`admin-figure-${key}`);

/** Picks an option of the antd Select named `label`. */
const choose = (page: Page, label: string, option: string) =>
  chooseOption(page.getByRole('combobox', { name: label }), option);

async function expectFigures(page: Page, data: AdminDashboard) {
  const fmt = (n: number) => new RegExp(`(^|\\D)${n.toLocaleString('en-US').replace(/,/g, ',?')}($|\\D)`);
  await expect(figure(page, 'members-total')).toContainText(fmt(data.members.total));
  await expect(figure(page, 'members-30d')).toContainText(fmt(data.members.new_30d));
  await expect(figure(page, 'posts')).toContainText(fmt(data.posts));
  await expect(figure(page, 'events')).toContainText(fmt(data.events));
  await expect(figure(page, 'articles-approved')).toContainText(fmt(data.articles_approved));
}

for (const site of SITES) {
  const { admin: texts } = site.texts;
  const other = otherSite(site);

  test.describe(`the back office in ${site.name}`, () => {
    test('the admin opens /admin: the dashboard with the server’s figures, no portal navbar or footer', async ({
      page,
      context,
      baseURL,
    }) => {
      await admin.enter(context, baseURL!, site);
      await page.goto('/admin');
      // The managed site goes into the URL: the interface language's site by default.
      await expect(page).toHaveURL(`/admin?site=${siteCode(site)}`);
      await waitForHydration(page);
      await expect(page.getByTestId('admin-frame')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', site.htmlLang);
      await expect(page).toHaveTitle(`${texts.dashboardTitle} - ${texts.title} - ${site.texts.common.siteName}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.dashboardTitle);
      await expect(page.getByTestId('navbar')).toHaveCount(0);
      await expect(page.getByTestId('footer')).toHaveCount(0);
      await expect(page.getByTestId('admin-user')).toContainText('Admin');

      const data = await dashboardOf(page, site);
      expect(data.posts, 'the demo content has posts').toBeGreaterThan(0);
      expect(data.members.total).toBeGreaterThan(0);
      await expectFigures(page, data);
      await expect(page.getByText(texts.accountsNote)).toBeVisible();

      // Both trends: a chart with a summary for everyone, a table of 30 days for screen readers.
      for (const [id, title, trend] of [
        ['admin-trend-members', texts.trendMembers, data.trends.members],
        ['admin-trend-posts', texts.trendPosts, data.trends.posts],
      ] as const) {
        const chart = page.getByTestId(id);
        await expect(chart.getByRole('heading', { name: title })).toBeVisible();
        await expect(chart.getByRole('img')).toBeVisible();
        const table = chart.getByRole('table', { name: fill(texts.trendTableCaption, { title }) });
        await expect(table.getByRole('row')).toHaveCount(31);
        const last = trend[trend.length - 1]!;
        await expect(table.getByRole('row', { name: last.day })).toContainText(String(last.count));
      }

      // The menu offers the dashboard (every admin holds every permission).
      await expect(
        page.getByRole('navigation', { name: texts.menuLabel }).getByRole('link', { name: texts.dashboardTitle }),
      ).toBeVisible();
    });

    test('the admin switches the managed site and the interface language; the menu keeps the site', async ({
      page,
      context,
      baseURL,
    }) => {
      await admin.enter(context, baseURL!, site);
      await page.goto('/admin');
      await waitForHydration(page);
      await expect(page.getByTestId('admin-dashboard')).toBeVisible();

      await choose(page, texts.managedSite, siteName(site, other));
      await expect(page).toHaveURL(`/admin?site=${siteCode(other)}`);
      await expect(page.getByTestId('admin-dashboard')).toContainText(siteName(site, other));
      await expectFigures(page, await dashboardOf(page, other));
      // The interface stays in its language while another site is managed.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.dashboardTitle);

      // The menu's links carry the managed site.
      const dashboardLink = page.getByRole('navigation', { name: texts.menuLabel }).getByRole('link', {
        name: texts.dashboardTitle,
      });
      await expect(dashboardLink).toHaveAttribute('href', `/admin?site=${siteCode(other)}`);

      // The interface language changes in place; the managed site stays.
      await choose(page, texts.uiLanguage, other.lang === 'zh' ? '中文' : 'English');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.texts.admin.dashboardTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', other.htmlLang);
      await expect(page).toHaveURL(`/admin?site=${siteCode(other)}`);
      await expect(page.getByTestId('admin-dashboard')).toContainText(siteName(other, other));
      const stored = await page.evaluate(() => window.localStorage.getItem('currentLanguage'));
      expect(stored).toBe(other.lang);

      // A reload keeps both.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.texts.admin.dashboardTitle);
      await expect(page).toHaveURL(`/admin?site=${siteCode(other)}`);
    });

    test('the audit log shows what staff did, with before and after, filtered by target and by site', async ({
      page,
      context,
      baseURL,
    }) => {
      await admin.enter(context, baseURL!, site);
      // Two staff actions through the back office's own calls: add a dictionary entry, rename it.
      const label = `E2E scene ${site.lang} ${Date.now().toString(36)}`;
      const created = await admin.call<AdminDictionaryEntry>(site, adminDictionaryCreate, { kind: 'scene', label });
      const id = created.dd_id;
      await admin.call(site, adminDictionaryUpdate, { dd_id: id, label: `${label} v2` });

      await page.goto(`/admin?site=${siteCode(site)}`);
      await waitForHydration(page);
      const menu = page.getByRole('navigation', { name: texts.menuLabel });
      await menu.getByRole('link', { name: texts.auditTitle }).click();
      await expect(page).toHaveURL(`/admin/audit?site=${siteCode(site)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.auditTitle);
      await expect(page).toHaveTitle(`${texts.auditTitle} - ${texts.title} - ${site.texts.common.siteName}`);
      const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(site.texts.admin.auditActions.dictionary.update);

      // Filter by the target: its two entries, newest first, by the admin.
      await choose(page, texts.filterTargetKind, texts.auditTargets.dictionary);
      await page.getByLabel(texts.filterTargetId).fill(String(id));
      await page.getByTestId('audit-search').click();
      await expect(page).toHaveURL(`/admin/audit?site=${siteCode(site)}&kind=dictionary&target=${id}`);
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(site.texts.admin.auditActions.dictionary.update);
      await expect(rows.nth(1)).toContainText(site.texts.admin.auditActions.dictionary.create);
      await expect(rows.nth(0)).toContainText('Admin');
      await expect(rows.nth(0)).toContainText(siteName(site, site));

      // Expanding the rename shows the label before and after, marked as changed.
      await rows.nth(0).locator('.ant-table-row-expand-icon').click();
      const diff = page.locator('[data-testid^="audit-diff-"]');
      await expect(diff).toBeVisible();
      const labelRow = diff
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^label`) }) });
      await expect(labelRow).toHaveAttribute('data-changed', 'true');
      await expect(labelRow.getByRole('cell').nth(0)).toHaveText(label);
      await expect(labelRow.getByRole('cell').nth(1)).toHaveText(`${label} v2`);
      await expect(labelRow).toContainText(texts.diffChanged);
      const kindRow = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^kind/ }) });
      await expect(kindRow).toHaveAttribute('data-changed', 'false');
      await diff.getByRole('checkbox', { name: texts.diffOnlyChanged }).check();
      await expect(kindRow).toHaveCount(0);
      await expect(labelRow).toBeVisible();

      // Managing the other site: this site's entries are not in its log.
      await choose(page, texts.managedSite, siteName(site, other));
      await expect(page).toHaveURL(`/admin/audit?site=${siteCode(other)}`);
      await page.goto(`/admin/audit?site=${siteCode(other)}&kind=dictionary&target=${id}`);
      await expect(page.getByTestId('audit-table')).toContainText(texts.auditEmpty);
    });

    test('a plain member who opens /admin lands on the no-permission page', async ({ page, context, baseURL }) => {
      await presetLanguage(context, baseURL!, site);
      await registerMember(context.request, site, { tag: 'noadmin' });
      await page.goto('/admin');
      await expect(page).toHaveURL(`/401?lang=${site.prefix}`);
      await expect(page.getByTestId('error-401')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.titles.noPermission);
      await expect(page.getByTestId('admin-frame')).toHaveCount(0);
    });
  });
}

/**
 * A visitor is sent to the login page of their language with /admin as the callback, on both sites;
 * signing in there (once: a second one-time code for the admin's address within the minute would
 * only wait out the resend rule, and password sign-ins from this address are locked by the limit
 * journey of accounts.spec.ts) brings them back to /admin.
 */
test('a visitor who opens /admin signs in on the login page and comes back to /admin', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const callback = '/admin?site=protal';
  for (const site of SITES) {
    await context.clearCookies();
    await presetLanguage(context, baseURL!, site);
    await page.goto(callback);
    await expect(page).toHaveURL(`/${site.prefix}/login?callback=${encodeURIComponent(callback)}`);
    await expect(page.getByRole('tab', { name: site.texts.auth.tabCode })).toBeVisible();
  }
  const site = SITES[SITES.length - 1]!;
  await waitForHydration(page);
  await page.getByRole('tab', { name: site.texts.auth.tabCode }).click();
  // The code is asked for through the API (which waits out the one-send-per-minute rule); the
  // page's own sending is covered by accounts.spec.ts.
  const code = await adminCode(context.request, site);
  await page.getByTestId('code-target').fill(ADMIN_EMAIL);
  await page.getByTestId('code-code').fill(code);
  await page.getByTestId('code-submit').click();
  await expect(page).toHaveURL(callback);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByTestId('admin-dashboard')).toContainText(siteName(site, ZH));
});
