import type { Page, Response } from '@playwright/test';
import {
  expect,
  homeOf,
  otherSite,
  presetLanguage,
  sectionTitle,
  SITES,
  storedLanguage,
  storeLanguageElsewhere,
  test,
  waitForHydration,
  EN,
  ZH,
  type E2eSite,
} from './support/fixtures';

/** The paths a document load went through, first to last (redirects included). */
function redirectChain(response: Response | null): string[] {
  const chain: string[] = [];
  for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
    chain.unshift(new URL(request.url()).pathname);
  }
  return chain;
}

async function expectPageInLanguage(page: Page, site: E2eSite) {
  await expect(page.locator('html')).toHaveAttribute('lang', site.htmlLang);
  await expect(page.getByRole('navigation', { name: site.texts.nav.mainMenu })).toBeVisible();
}

/** canonical is the page itself; hreflang zh-CN, en and x-default (Chinese) name both versions. */
async function expectLanguageLinks(page: Page, baseURL: string, site: E2eSite, pathBelowPrefix: string) {
  const url = (prefix: string) => `${baseURL}/${prefix}/${pathBelowPrefix}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url(site.prefix));
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(3);
  await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', url('cn'));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', url('en'));
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', url('cn'));
}

test('the root goes to the Chinese home page by default and to the English one when English is stored', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // The host answers `/` by the siteData cookie, before any page renders.
  const bare = await request.get('/', { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe('/cn/index/index');
  const english = await request.get('/', { maxRedirects: 0, headers: { cookie: 'siteData=2' } });
  expect(english.headers().location).toBe('/en/index/index');

  await page.goto('/');
  await expect(page).toHaveURL('/cn/index/index');
  await expectPageInLanguage(page, ZH);
  await expect(page).toHaveTitle(ZH.texts.titles.default);
  // The page stores its language once hydrated; let it, so it cannot overwrite the preset below.
  await waitForHydration(page);

  await context.clearCookies();
  await presetLanguage(context, baseURL!, EN);
  await page.goto('/');
  await expect(page).toHaveURL('/en/index/index');
  await expectPageInLanguage(page, EN);
  await expect(page).toHaveTitle(EN.texts.titles.default);
});

for (const site of SITES) {
  const other = otherSite(site);
  const p = site.prefix;

  test.describe(`on the ${site.name} site`, () => {
    test('the path language decides the page language, and unmatched routes go through the root to home', async ({
      page,
      baseURL,
    }) => {
      await presetLanguage(page.context(), baseURL!, site);

      // The first path segment decides, whatever is stored.
      await page.goto(`/${other.prefix}/about`);
      await expectPageInLanguage(page, other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.demo.aboutHeading);
      await waitForHydration(page);
      await page.goto(`/${p}/about`);
      // Once hydrated, this page has stored its own language again; the root follows it below.
      await waitForHydration(page);
      await expectPageInLanguage(page, site);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.demo.aboutHeading);
      await expect(page.getByRole('navigation', { name: site.texts.nav.mainMenu })).toContainText(site.texts.nav.home);

      for (const unmatched of [`/${p}/nope/nothing`, '/whatever']) {
        const response = await page.goto(unmatched);
        expect(redirectChain(response), `${unmatched} redirects to / and on to home`).toEqual([
          unmatched,
          '/',
          homeOf(site),
        ]);
        await expect(page).toHaveURL(homeOf(site));
        await expect(page).toHaveTitle(site.texts.titles.default);
        await expect(page.getByTestId('home-page')).toBeVisible();
      }
    });

    test('the 404 and 401 pages render in the stored language', async ({ page, baseURL }) => {
      await presetLanguage(page.context(), baseURL!, site);

      const notFound = await page.goto('/404');
      expect(notFound?.status()).toBe(404);
      await expect(page).toHaveURL('/404');
      await expect(page.locator('html')).toHaveAttribute('lang', site.htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.titles.notFound);
      await expect(page.getByText(site.texts.pages.notFoundText)).toBeVisible();
      await expect(page).toHaveTitle(sectionTitle(site, 'notFound'));
      await expect(page.getByRole('link', { name: site.texts.pages.backHome })).toHaveAttribute('href', homeOf(site));

      const noPermission = await page.goto('/401');
      expect(noPermission?.status()).toBe(401);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.titles.noPermission);
      await expect(page.getByText(site.texts.pages.noPermissionText)).toBeVisible();
      await expect(page).toHaveTitle(sectionTitle(site, 'noPermission'));
    });

    test('titles, canonical and hreflang links follow the page, on load and after in-app navigation', async ({
      page,
      baseURL,
    }) => {
      await page.goto(homeOf(site));
      await expect(page).toHaveTitle(site.texts.titles.default);
      await expectLanguageLinks(page, baseURL!, site, 'index/index');
      await waitForHydration(page);

      // In-app navigation: the head follows the new page.
      await page
        .getByRole('navigation', { name: site.texts.nav.mainMenu })
        .getByRole('link', { name: site.texts.nav.about })
        .click();
      await expect(page).toHaveURL(`/${p}/about`);
      await expect(page).toHaveTitle(sectionTitle(site, 'about'));
      await expectLanguageLinks(page, baseURL!, site, 'about');

      // And the same page loaded directly.
      await page.reload();
      await expect(page).toHaveTitle(sectionTitle(site, 'about'));
      await expectLanguageLinks(page, baseURL!, site, 'about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.demo.aboutHeading);
    });

    test(`an in-app link goes to the same path in the stored language when another tab switched to ${other.name}`, async ({
      page,
    }) => {
      await page.goto(homeOf(site));
      await waitForHydration(page);
      expect(await storedLanguage(page)).toEqual({ currentLanguage: site.lang, siteData: site.siteData });

      await storeLanguageElsewhere(page, other);
      const about = page
        .getByRole('navigation', { name: site.texts.nav.mainMenu })
        .getByRole('link', { name: site.texts.nav.about });
      await expect(about).toHaveAttribute('href', `/${p}/about`);
      await about.click();

      await expect(page).toHaveURL(`/${other.prefix}/about`);
      await expectPageInLanguage(page, other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.demo.aboutHeading);
      await expect(page).toHaveTitle(sectionTitle(other, 'about'));
      expect(await storedLanguage(page)).toEqual({ currentLanguage: other.lang, siteData: other.siteData });
    });

    test('a page that becomes visible again stores the language of its URL', async ({ context }) => {
      const pageA = await context.newPage();
      await pageA.goto(homeOf(site));
      await waitForHydration(pageA);
      expect(await storedLanguage(pageA)).toEqual({ currentLanguage: site.lang, siteData: site.siteData });

      // Another tab opens the other language, which stores it for the whole browser.
      const pageB = await context.newPage();
      await pageB.goto(homeOf(other));
      await waitForHydration(pageB);
      await pageB.bringToFront();
      expect(await storedLanguage(pageA)).toEqual({ currentLanguage: other.lang, siteData: other.siteData });

      // Back to the first tab: it becomes visible and stores its own language again.
      await pageA.bringToFront();
      await pageA.evaluate(() => {
        // Headless tabs may never report "hidden"; the page must be visible when the event comes.
        if (document.visibilityState !== 'visible') {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        }
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect.poll(() => storedLanguage(pageA)).toEqual({ currentLanguage: site.lang, siteData: site.siteData });
      await expect(pageA).toHaveURL(homeOf(site));
    });

    test('is_admin hides the navbar and footer, and the MVP page hides only the footer', async ({ page }) => {
      await page.goto(homeOf(site));
      await expect(page.getByTestId('navbar')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      for (const path of [`${homeOf(site)}?is_admin=1`, `/${p}/about?is_admin=1`]) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByTestId('navbar'), `${path} has no navbar`).toHaveCount(0);
        await expect(page.getByRole('contentinfo'), `${path} has no footer`).toHaveCount(0);
        await expect(page.getByRole('navigation', { name: site.texts.nav.mainMenu })).toHaveCount(0);
      }

      // The route meta of the MVP page hides the footer, loaded directly or reached in-app.
      await page.goto(`/${p}/stationed/mvp`);
      await expect(page.getByTestId('navbar')).toBeVisible();
      await expect(page.getByTestId('footer')).toHaveCount(0);

      await page.goto(homeOf(site));
      await waitForHydration(page);
      await expect(page.getByTestId('footer')).toBeVisible();
      await page
        .getByRole('navigation', { name: site.texts.nav.mainMenu })
        .getByRole('link', { name: site.texts.nav.experts })
        .click();
      await expect(page).toHaveURL(`/${p}/stationed/mvp`);
      await expect(page.getByTestId('navbar')).toBeVisible();
      await expect(page.getByTestId('footer')).toHaveCount(0);
    });
  });
}
