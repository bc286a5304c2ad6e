import type { Page } from '@playwright/test';
import {
  expect,
  homeOf,
  otherSite,
  recordNavigationTargets,
  SITES,
  storedLanguage,
  test,
  waitForHydration,
  type E2eSite,
} from './support/fixtures';

const mainMenu = (page: Page, site: E2eSite) => page.getByRole('navigation', { name: site.texts.nav.mainMenu });

/** Scrolls the window to `y` and waits two frames, so the scroll listeners have run. */
async function scrollToY(page: Page, y: number) {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

for (const site of SITES) {
  const other = otherSite(site);
  const p = site.prefix;
  const nav = site.texts.nav;

  test.describe(`on the ${site.name} site`, () => {
    test('the navbar shows the logo, the menu in order, the login button and a 20-character search', async ({
      page,
    }) => {
      await page.goto(`/${p}/about`);
      await waitForHydration(page);
      const header = page.getByRole('banner');

      await expect(header.getByRole('link', { name: site.texts.common.siteName, exact: true })).toHaveAttribute(
        'href',
        homeOf(site),
      );

      const entries = mainMenu(page, site).getByRole('link');
      await expect(entries).toHaveText([
        nav.home,
        nav.activity,
        nav.subject,
        nav.discuss,
        nav.cooperate,
        nav.experts,
        nav.journal,
        nav.about,
      ]);
      expect(await entries.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        `/${p}/index/index`,
        `/${p}/activity/index`,
        `/${p}/subject/list`,
        `/${p}/discuss/list`,
        `/${p}/cooperate/index`,
        `/${p}/stationed/mvp`,
        `/${p}/journal/index`,
        `/${p}/about`,
      ]);
      await expect(mainMenu(page, site).getByRole('link', { name: nav.about })).toHaveAttribute('aria-current', 'page');

      // Logged out: a login button that comes back to this page.
      await expect(header.getByRole('link', { name: nav.login })).toHaveAttribute(
        'href',
        `/${p}/login?callback=${encodeURIComponent(`/${p}/about`)}`,
      );

      // The search box: 30 characters typed, 20 kept; Enter goes to the URL-encoded keyword.
      const typed = '存储 & NVMe?调优#1 abcdefghijklmnopqrstuvwxyz';
      expect(typed.length).toBeGreaterThanOrEqual(30);
      const box = page.getByRole('searchbox', { name: nav.searchLabel });
      await expect(box).toHaveAttribute('placeholder', nav.searchPlaceholder);
      await box.pressSequentially(typed.slice(0, 30));
      const kept = typed.slice(0, 20);
      await expect(box).toHaveValue(kept);

      const targets = recordNavigationTargets(page);
      await box.press('Enter');
      const searchPath = `/${p}/search/${encodeURIComponent(kept.trim())}`;
      expect(searchPath).toContain('%26'); // the keyword really needs encoding
      await expect.poll(() => targets, { message: `navigated to ${searchPath}` }).toContain(searchPath);
    });

    test('the publish menu opens on hover and keyboard, and sends a visitor to login with the page as callback', async ({
      page,
    }) => {
      await page.goto(`/${p}/about`);
      await waitForHydration(page);
      const trigger = page.getByRole('button', { name: nav.publish, exact: true });
      const entries = [nav.publishArticle, nav.publishPost, nav.publishJournal];
      const entry = (name: string) => page.getByRole('button', { name, exact: true });

      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      for (const name of entries) await expect(entry(name)).toBeHidden();

      // Hover opens it, leaving closes it.
      await trigger.hover();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      for (const name of entries) await expect(entry(name)).toBeVisible();
      await page.mouse.move(5, 600);
      await expect(entry(nav.publishPost)).toBeHidden();

      // Keyboard: Enter opens, Tab reaches the entries, Escape closes and gives focus back.
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      for (const name of entries) await expect(entry(name)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(entry(nav.publishArticle)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(entry(nav.publishArticle)).toBeHidden();
      await expect(trigger).toBeFocused();
      await page.keyboard.press('Space');
      await expect(entry(nav.publishJournal)).toBeVisible();

      // Each entry sends a logged-out visitor to login, coming back to this page afterwards.
      const loginPath = `/${p}/login?callback=${encodeURIComponent(`/${p}/about`)}`;
      for (const name of entries) {
        await page.goto(`/${p}/about`);
        await waitForHydration(page);
        const targets = recordNavigationTargets(page);
        await trigger.hover();
        await entry(name).click();
        await expect.poll(() => targets, { message: `${name} goes to ${loginPath}` }).toContain(loginPath);
      }
    });

    test(`the language dropdown stores ${other.name} and loads its home page`, async ({ page, context }) => {
      await page.goto(`/${p}/about`);
      await waitForHydration(page);
      expect(await storedLanguage(page)).toEqual({ currentLanguage: site.lang, siteData: site.siteData });

      const trigger = page.getByRole('button', { name: `${nav.language}: ${languageName(site)}`, exact: true });
      await trigger.hover();
      const choice = page.getByRole('button', { name: languageName(other), exact: true });
      await expect(choice).toBeVisible();

      // Catch the reload before the other home page runs, to see what the dropdown itself stored.
      let cookieSent = '';
      await page.route(`**${homeOf(other)}`, async (route) => {
        cookieSent = (await route.request().headerValue('cookie')) ?? '';
        await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>held</title>' });
      });
      await choice.click();
      await expect(page).toHaveURL(homeOf(other));
      expect(cookieSent).toContain(`siteData=${other.siteData}`);
      expect(await storedLanguage(page)).toEqual({ currentLanguage: other.lang, siteData: other.siteData });
      await page.unrouteAll();

      // The real page in the other language, and the root now leads there too.
      await page.goto('/');
      await expect(page).toHaveURL(homeOf(other));
      await expect(page.locator('html')).toHaveAttribute('lang', other.htmlLang);
      await expect(mainMenu(page, other).getByRole('link', { name: other.texts.nav.home })).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === 'siteData');
      expect(cookie?.path).toBe('/');
    });

    test('the footer, the loading overlay and the back-to-top button', async ({ page }) => {
      await page.goto(homeOf(site));
      await waitForHydration(page);

      // Footer: contact email, website, the QR code of this language, copyright.
      const footer = page.getByRole('contentinfo');
      const email = footer.getByRole('link', {
        name: site.texts.footer.contact.replace('{{email}}', site.demo.contactEmail),
      });
      await expect(email).toHaveAttribute('href', `mailto:${site.demo.contactEmail}`);
      await expect(footer.getByRole('link', { name: site.texts.footer.website })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
      const qr = footer.getByRole('img', { name: site.texts.footer.qrCodeAlt });
      await expect(qr).toHaveAttribute('src', site.demo.qrCode);
      await qr.scrollIntoViewIfNeeded();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(footer.getByText(site.texts.footer.qrCode)).toBeVisible();
      await expect(footer.getByTestId('footer-copyright')).toHaveText(/^©\s?\d{4}\s.*(存储社区|Storage Community)/);
      await expect(footer.getByTestId('footer-copyright')).toContainText(site.texts.common.siteName);

      // Loading overlay: shown and hidden by window events, default or given text.
      const overlay = page.getByRole('status').filter({ hasText: /\S/ });
      const loading = (detail: object) =>
        page.evaluate((d) => window.dispatchEvent(new CustomEvent('portal:loading', { detail: d })), detail);
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      await loading({ show: true });
      await expect(overlay).toBeVisible();
      await expect(overlay).toHaveText(site.texts.common.loading);
      await expect(overlay).toHaveText('loading...');
      await loading({ show: false });
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      const custom = site.lang === 'zh' ? '正在提交，请稍候' : 'Saving your post';
      await loading({ show: true, text: custom });
      await expect(overlay).toHaveText(custom);
      await loading({ show: false });
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);

      // Back to top: hidden at the top and at 150 px, shown past 200 px, and it goes back up.
      const backToTop = page.getByRole('button', { name: site.texts.common.backToTop });
      await scrollToY(page, 0);
      await expect(backToTop).toHaveCount(0);
      await scrollToY(page, 150);
      await expect(backToTop).toHaveCount(0);
      await scrollToY(page, 200);
      await expect(backToTop).toHaveCount(0);
      await scrollToY(page, 260);
      await expect(backToTop).toBeVisible();
      await backToTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(backToTop).toHaveCount(0);
    });
  });
}

/** A language's own name in the dropdown (its `tws_name`). */
function languageName(site: E2eSite): string {
  return site.lang === 'zh' ? '中文' : 'English';
}
