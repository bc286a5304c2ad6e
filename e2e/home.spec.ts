import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { registerMember } from './support/accounts';
import { expect, homeOf, otherSite, SITES, test, waitForHydration } from './support/fixtures';

/** The nonce of the page's `script-src`, from the CSP response header. */
function scriptNonce(csp: string | undefined): string {
  const scriptSrc = (csp ?? '').split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  expect(nonce, `a nonce in script-src of "${csp}"`).toBeTruthy();
  return nonce!;
}

/** The nonces the page's scripts carry (the DOM hides the attribute; the property keeps it). */
function scriptNonces(page: Page) {
  return page
    .locator('script')
    .evaluateAll((scripts) => (scripts as HTMLScriptElement[]).map((s) => ({ inline: !s.src, nonce: s.nonce })));
}

for (const site of SITES) {
  const other = otherSite(site);
  const home = homeOf(site);

  test.describe(`on the ${site.name} site`, () => {
    test('the server-rendered home page holds this site’s seeded content and none of the other’s', async ({
      request,
    }) => {
      const response = await request.get(home, { headers: { 'accept-language': 'en,zh;q=0.5' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();

      expect(html).toContain(`<html lang="${site.htmlLang}"`);
      expect(html).toContain(`<title>${site.texts.titles.default}</title>`);
      expect(html).toContain(site.demo.bannerTitle);
      expect(html).toContain(escapeHtml(site.demo.postTitle));
      expect(html).toContain(site.texts.home.latestPosts);
      expect(html).toContain(site.demo.qrCode);

      expect(html).not.toContain(other.demo.bannerTitle);
      expect(html).not.toContain(escapeHtml(other.demo.postTitle));
      expect(html).not.toContain(other.texts.titles.default);
      expect(html).not.toContain(other.demo.qrCode);
    });

    test('the home and about pages hydrate without console errors or hydration warnings', async ({
      page,
      diagnostics,
    }) => {
      await page.goto(home);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.texts.common.siteName);
      await expect(page.getByText(site.demo.bannerTitle)).toBeVisible();
      await expect(page.getByRole('link', { name: site.demo.postTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: site.texts.home.latestActivities })).toBeVisible();
      await expect(page.getByRole('heading', { name: site.texts.home.topics })).toBeVisible();
      await expect(page.getByRole('heading', { name: site.texts.home.livelyUsers })).toBeVisible();
      // Let late effects (dates switching to the visitor's zone, lazy images) run.
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');

      // The about page, loaded in the browser, shows its own content in this language.
      await page.goto(`/${site.prefix}/about`);
      await waitForHydration(page);
      const about = page.getByRole('article');
      await expect(about.getByRole('heading', { level: 1 })).toHaveText(site.demo.aboutHeading);
      await expect(about.locator('p').first()).toBeVisible();
      await expect(about).toContainText(site.texts.common.siteName);
      await expect(about).not.toContainText(other.demo.aboutHeading);
      await page.waitForLoadState('networkidle');

      expect(diagnostics.pageErrors, 'uncaught page errors').toEqual([]);
      expect(diagnostics.hydrationWarnings, 'hydration warnings').toEqual([]);
      expect(diagnostics.consoleErrors, 'console errors').toEqual([]);
    });

    test("the app's styles come inline in the head; a page drawing antd links antd's stylesheet before them, styled before any script runs, and not injected again on hydration", async ({
      browser,
      page,
      request,
    }) => {
      const antdSheet = /^\/styles\/antd\.[0-9a-f]{16}\.css$/;
      // Without JavaScript, the server's HTML and stylesheets alone style the page.
      const bare = await browser.newContext({ javaScriptEnabled: false });
      const still = await bare.newPage();
      const stylesheets = () =>
        still.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      const appStyle = still.locator('head > style[data-href="portal-app"]');

      // The home page draws no antd component: nothing render-blocking, the app's styles are in the head.
      const response = await still.goto(home);
      expect(await stylesheets(), 'the home page’s stylesheet links').toEqual([]);
      await expect(appStyle).toHaveCount(1);
      const styleNonce = /style-src-elem[^;]*'nonce-([^']+)'/.exec(
        response?.headers()['content-security-policy'] ?? '',
      );
      expect(styleNonce, 'a style nonce in the CSP').toBeTruthy();
      expect(await appStyle.evaluate((s) => (s as HTMLStyleElement).nonce), 'the inline styles carry it').toBe(
        styleNonce![1],
      );
      // The publish menu's primary button: the portal's colour and rounded corners, not the browser's grey.
      const publish = still.getByRole('button', { name: site.texts.nav.publish });
      await expect(publish).toHaveCSS('background-color', 'rgb(11, 87, 208)');
      await expect(publish).toHaveCSS('border-top-left-radius', '6px');

      // The personal centre's applications draw antd's list (a member's page): antd's stylesheet
      // comes first, so the app's own rules win.
      const applications = `/${site.prefix}/userinfo/applications`;
      await registerMember(bare.request, site, { tag: 'styles' });
      await still.goto(applications);
      const sheets = await stylesheets();
      const antd = sheets.filter((href) => antdSheet.test(href));
      expect(antd, `antd's stylesheet among ${sheets.join(', ')}`).toHaveLength(1);
      expect(
        await still.evaluate(() => {
          const link = document.querySelector('link[href^="/styles/antd."]');
          const style = document.querySelector('style[data-href="portal-app"]');
          return Boolean(link && style && link.compareDocumentPosition(style) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
        "antd's stylesheet before the app's styles",
      ).toBe(true);
      expect(await still.locator('style').count(), 'no inline style but the app’s').toBe(1);
      // antd's rule for its list, from the stylesheet (a bare <div> is not positioned).
      await expect(still.getByTestId('my-applications').locator('.ant-list').first()).toHaveCSS('position', 'relative');
      await bare.close();

      const sheet = await request.get(antd[0]!);
      expect(sheet.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const sheetCss = await sheet.text();
      expect(sheetCss).toContain('.data-ant-cssinjs-cache-path{content:');

      // With JavaScript, the browser's antd finds the server's styles in the stylesheet and does not
      // add them again: it adds its theme variables, and only the rules of components first drawn
      // in the browser (the header's pop-overs), which the stylesheet does not hold.
      await registerMember(page.context().request, site, { tag: 'styles' });
      await page.goto(applications);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const injected = await page
        .locator('style[data-css-hash]')
        .evaluateAll((styles) => styles.map((s) => s.textContent ?? ''));
      const onlyVariables = /^(?:[^{}]+\{(?:--[\w-]+:[^;{}]*;?)*\})*$/;
      const rules = injected.filter((css) => !onlyVariables.test(css));
      for (const css of rules) {
        const firstSelector = /^[^{]+/.exec(css)?.[0] ?? css;
        expect(sheetCss.includes(`${firstSelector}{`), `injected again: ${css.slice(0, 200)}`).toBe(false);
      }
      expect(rules.join('\n'), "the list's rules, drawn by the server").not.toContain('.ant-list');
    });

    test('each load has its own CSP nonce, and the page’s scripts carry it', async ({ page }) => {
      const nonces: string[] = [];
      for (const path of [home, home, `/${site.prefix}/about`]) {
        const response = await page.goto(path);
        const nonce = scriptNonce(response?.headers()['content-security-policy']);
        const scripts = await scriptNonces(page);
        expect(scripts.filter((s) => s.inline).length, 'inline scripts on the page').toBeGreaterThan(0);
        for (const script of scripts) expect(script.nonce, `script nonce on ${path}`).toBe(nonce);
        nonces.push(nonce);
        await waitForHydration(page);
      }
      expect(new Set(nonces).size, `three loads, three nonces: ${nonces.join(', ')}`).toBe(nonces.length);
    });

    test('the page reports no CSP violation event at all, not even a blocked eval probe', async ({
      page,
      diagnostics,
    }) => {
      await page.goto(home);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(diagnostics.evalProbes).toEqual([]);
    });

    test('the home page has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto(home);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = blocking.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
      );
      expect(report, 'serious or critical axe violations').toEqual([]);
    });
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
