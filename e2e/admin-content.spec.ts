import type { BrowserContext, Page } from '@playwright/test';
import { adminBannerList, type AdminBanner } from '@portal/contracts/banners';
import { adminDictionaryList, dictList, type AdminDictionaryEntry } from '@portal/contracts/dictionaries';
import { bannerList, commonData } from '@portal/contracts/home';
import { adminPageGet, adminPageUpdate, type AdminPage } from '@portal/contracts/pages';
import { adminSettingsGet, adminSettingsUpdate, type SiteSettings } from '@portal/contracts/settings';
import { callApi, registerMember, siteCode, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { confirmPopconfirm } from './support/antd';
import { expect, homeOf, presetLanguage, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The back office's site content (issues 4 and 17), on both sites: the seeded admin edits the About
 * page and the terms of use and sees them on the portal (and in the ?is_admin=1 preview without
 * navbar and footer), adds a
 * banner that the home page shows, changes the contact email that the footer shows, and adds an
 * industry that the information page offers; an industry in use cannot be deleted; a plain member
 * gets the no-permission page. What a test changes it puts back, for the specs that run after it.
 *
 * The admin signs in with one-time codes (support/admin.ts).
 */

// A 96x32 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAgCAIAAABiouoDAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAdUlEQVRoge3YUQ2AMBTF0CmZMBRXFgrghyyPj5NMQdPbDda+cvYzhIXOflUEoADqy0oYFEAxqHNXjYkFUAzKxJp60GpQAMWgTCwN6p//FUQ6gGJQJpYGNd5jkQ6gGJSJNd4dD8UAikGZWOMB8rEaQDGooxO7AQyoAOJBLZtZAAAAAElFTkSuQmCC',
  'base64',
);

const admin = useAdmin();

async function openScreen(page: Page, context: BrowserContext, baseURL: string, site: E2eSite, path: string) {
  await admin.enter(context, baseURL, site);
  await page.goto(`/admin/${path}?site=${siteCode(site)}`);
  await waitForHydration(page);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

for (const site of SITES) {
  const tx = site.texts.siteAdmin;
  const okMsg = site.texts.api.ok;

  test.describe(`site content in the back office, ${site.name} site`, () => {
    test('the content pages: About saved sanitised and shown on the portal and in the preview without navbar or footer; the terms picked in the URL, edited, and shown where registration and the footer link', async ({
      page,
      context,
      baseURL,
    }) => {
      const original = await admin.call<AdminPage>(site, adminPageGet, { slug: 'about' });
      const originalTerms = await admin.call<AdminPage>(site, adminPageGet, { slug: 'terms' });
      const heading = site.lang === 'zh' ? `关于我们 ${unique()}` : `About us ${unique()}`;
      const termsTitle = site.lang === 'zh' ? `用户协议 ${unique()}` : `Terms of Use ${unique()}`;
      try {
        await openScreen(page, context, baseURL!, site, 'pages');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.pagesTitle);
        await expect(page.getByTestId('pages-picker')).toContainText(tx.pages.slugs.privacy);
        await expect(page.getByTestId('page-title')).toHaveValue(original.title);
        await expect(page.getByText(tx.cacheNote)).toBeVisible();

        // The preview is the portal page itself, embedded without navbar and footer.
        const preview = page.frameLocator('[data-testid="page-preview"]');
        await expect(page.getByTestId('page-preview')).toHaveAttribute('src', `/${site.prefix}/about?is_admin=1`);
        await expect(preview.getByTestId('about-page')).toContainText(original.title);
        await expect(preview.getByTestId('navbar')).toHaveCount(0);
        await expect(preview.getByTestId('footer')).toHaveCount(0);

        await page.getByTestId('page-title').fill(heading);
        await page
          .getByTestId('page-content')
          .fill(
            `<h2>${heading}</h2><p>Storage people <strong>meet here</strong>.</p>` +
              '<script>window.__hacked = 1</script><img src="/demo/banner-1.svg" alt="team" onerror="window.__hacked = 2">' +
              '<a href="javascript:alert(1)">link</a>',
          );
        await page.getByTestId('page-save').click();
        await expect(toasts(page).filter({ hasText: okMsg })).toBeVisible();
        // The form shows what the server stored: the allow-list removed the rest.
        await expect(page.getByTestId('page-content')).not.toHaveValue(/<script|onerror|javascript:/);
        await expect(page.getByTestId('page-content')).toHaveValue(/<strong>meet here<\/strong>/);
        // The preview reloads after the save.
        await expect(preview.getByRole('heading', { level: 2, name: heading })).toBeVisible();

        // The terms of use: picked on the screen, kept in the URL, edited and previewed the same way.
        await page.getByTestId('pages-picker').getByText(tx.pages.slugs.terms).click();
        await expect(page).toHaveURL(new RegExp(`/admin/pages\\?(.*&)?page=terms`));
        await expect(page.getByTestId('page-title')).toHaveValue(originalTerms.title);
        await expect(page.getByTestId('page-preview')).toHaveAttribute('src', `/${site.prefix}/terms?is_admin=1`);
        await expect(preview.getByTestId('terms-page')).toContainText(originalTerms.title);
        await page.getByTestId('page-title').fill(termsTitle);
        await page
          .getByTestId('page-content')
          .fill(`<h2>${termsTitle}</h2><p onclick="window.__hacked = 3">Be kind to each other.</p>`);
        await page.getByTestId('page-save').click();
        // The About page's toast may still be fading out.
        await expect(toasts(page).filter({ hasText: okMsg }).last()).toBeVisible();
        await expect(page.getByTestId('page-content')).not.toHaveValue(/onclick/);
        await expect(preview.getByRole('heading', { level: 2, name: termsTitle })).toBeVisible();
        // A link to the screen opens the same page; the About page is untouched by it.
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId('page-title')).toHaveValue(termsTitle);

        await page.goto(`/${site.prefix}/about`);
        await expect(page.getByTestId('about-page').getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByTestId('navbar')).toBeVisible();
        await expect(page.getByTestId('footer')).toBeVisible();
        const html = await page.getByTestId('about-page').innerHTML();
        expect(html).not.toMatch(/<script|onerror|javascript:/);
        expect(await page.evaluate(() => (window as Window & { __hacked?: number }).__hacked)).toBeUndefined();

        // The footer links to the terms as staff wrote them.
        await waitForHydration(page);
        await page.getByTestId('footer-terms').click();
        await expect(page).toHaveURL(`/${site.prefix}/terms`);
        await expect(page.getByTestId('terms-page').getByRole('heading', { level: 1 })).toHaveText(termsTitle);
        await expect(page.getByTestId('terms-page').getByRole('heading', { level: 2, name: termsTitle })).toBeVisible();
        expect(await page.getByTestId('terms-page').innerHTML()).not.toMatch(/onclick/);
        await expect(page.getByTestId('footer-privacy')).toHaveAttribute('href', `/${site.prefix}/privacy`);

        await page.goto(`/${site.prefix}/about?is_admin=1`);
        await expect(page.getByTestId('about-page')).toContainText(heading);
        await expect(page.getByTestId('navbar')).toHaveCount(0);
        await expect(page.getByTestId('footer')).toHaveCount(0);
      } finally {
        await admin.call(site, adminPageUpdate, { slug: 'about', title: original.title, content: original.content });
        await admin.call(site, adminPageUpdate, {
          slug: 'terms',
          title: originalTerms.title,
          content: originalTerms.content,
        });
      }
    });

    test('a banner: uploaded, live on the home page at once, then deleted', async ({ page, context, baseURL }) => {
      const title = site.lang === 'zh' ? `存储峰会 ${unique()}` : `Storage summit ${unique()}`;
      await openScreen(page, context, baseURL!, site, 'banners');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.bannersTitle);
      await expect(page.getByTestId('banners-screen')).toContainText(site.demo.bannerTitle);

      await page.getByTestId('banner-add').click();
      const dialog = page.getByRole('dialog', { name: tx.banners.create });
      await expect(page.getByTestId('banner-title')).toBeEditable();
      // Saving without a title or an image names both.
      await dialog.getByRole('button', { name: tx.save }).click();
      await expect(dialog.getByText(tx.banners.titleRule)).toBeVisible();
      await expect(dialog.getByText(tx.banners.imageRule)).toBeVisible();

      await page.getByTestId('banner-title').fill(title);
      await page.locator('[data-testid="banner-image"] input[type="file"]').setInputFiles({
        name: 'summit.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(page.getByTestId('banner-image-preview')).toHaveAttribute(
        'src',
        /^\/uploads\/banners\/[0-9a-f]{32}\.png$/,
      );
      await page.getByTestId('banner-link').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: tx.save }).click();
      await expect(dialog.getByText(tx.banners.linkRule)).toBeVisible();
      await page.getByTestId('banner-link').fill(`/${site.prefix}/about`);
      await dialog.getByRole('button', { name: tx.save }).click();
      await expect(dialog).toHaveCount(0);
      await expect(toasts(page).filter({ hasText: okMsg }).first()).toBeVisible();

      const banners = await admin.call<{ list: AdminBanner[] }>(site, adminBannerList, {});
      const added = banners.list.find((b) => b.tb_title === title)!;
      expect(added).toMatchObject({ tb_link_url: `/${site.prefix}/about`, tb_state: 20 });
      const row = page.getByTestId(`banner-row-${added.tb_id}`);
      await expect(row).toContainText(title);
      await expect(page.getByTestId(`banner-state-${added.tb_id}`)).toHaveText(tx.banners.states.live);

      // Live banners come in order; the new one is last, so move it up once.
      await page.getByTestId(`banner-up-${added.tb_id}`).click();
      await expect
        .poll(async () => {
          const list = (await admin.call<{ list: AdminBanner[] }>(site, adminBannerList, {})).list;
          return list.findIndex((b) => b.tb_id === added.tb_id);
        })
        .toBe(banners.list.length - 2);

      await page.goto(homeOf(site));
      await expect(page.getByTestId('home-banners')).toContainText(title);
      const live = await admin.call<{ list: Array<{ tb_title: string }> }>(site, bannerList, {});
      expect(live.list.map((b) => b.tb_title)).toContain(title);

      await page.goto(`/admin/banners?site=${siteCode(site)}`);
      await page.getByTestId(`banner-delete-${added.tb_id}`).click();
      await confirmPopconfirm(page, tx.delete);
      await expect(page.getByTestId(`banner-row-${added.tb_id}`)).toHaveCount(0);
      const after = await admin.call<{ list: Array<{ tb_title: string }> }>(site, bannerList, {});
      expect(after.list.map((b) => b.tb_title)).not.toContain(title);
    });

    test('the contact email: refused when malformed, shown in the footer once saved', async ({
      page,
      context,
      baseURL,
    }) => {
      const original = await admin.call<SiteSettings>(site, adminSettingsGet, {});
      const email = `press.${unique()}@storage.example.com`;
      try {
        await openScreen(page, context, baseURL!, site, 'settings');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.settingsTitle);
        await expect(page.getByTestId('settings-contact-email')).toHaveValue(original.contact_email);
        await expect(page.getByTestId('settings-image_config-size')).toHaveValue(
          String(original.image_config.fileSize),
        );

        await page.getByTestId('settings-contact-email').fill('not-an-email');
        await page.getByTestId('settings-save').click();
        await expect(page.getByText(tx.settings.emailRule)).toBeVisible();

        await page.getByTestId('settings-contact-email').fill(email);
        await page.getByTestId('settings-save').click();
        await expect(toasts(page).filter({ hasText: okMsg })).toBeVisible();
        const common = await callApi<{ contact_email: string }>(admin.api, site, commonData, {});
        expect(common.data.contact_email).toBe(email);

        await page.goto(homeOf(site));
        await expect(page.getByTestId('footer-email')).toContainText(email);
      } finally {
        await admin.call(site, adminSettingsUpdate, { contact_email: original.contact_email });
      }
    });

    test('an industry: added, ordered and offered on the information page; one in use is not deleted', async ({
      page,
      context,
      baseURL,
      browser,
    }) => {
      const label = site.lang === 'zh' ? `量子存储 ${unique()}` : `Quantum storage ${unique()}`;
      await openScreen(page, context, baseURL!, site, 'dictionaries');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.dictionariesTitle);
      await expect(page.getByTestId('dict-tab-industry')).toHaveText(tx.dictionaries.kinds.industry);
      const before = await admin.call<{ list: AdminDictionaryEntry[] }>(site, adminDictionaryList, {
        kind: 'industry',
      });

      await page.getByTestId('dict-new-label').fill(label);
      await page.getByTestId('dict-add').click();
      await expect(toasts(page).filter({ hasText: okMsg }).first()).toBeVisible();
      const industries = (
        await admin.call<{ list: AdminDictionaryEntry[] }>(site, adminDictionaryList, { kind: 'industry' })
      ).list;
      const added = industries.find((e) => e.label === label)!;
      expect(industries.at(-1)!.dd_id).toBe(added.dd_id);
      expect(added.value).toBe(Math.max(...before.list.map((e) => e.value)) + 1);
      await expect(page.getByTestId(`dict-label-${added.dd_id}`)).toHaveText(label);

      // Moved up one place: the portal's list follows.
      await page.getByTestId(`dict-up-${added.dd_id}`).click();
      await expect
        .poll(async () => {
          const list = (
            await callApi<{ list: Array<{ value: number }> }>(admin.api, site, dictList, { kind: 'industry' })
          ).data.list;
          return list.findIndex((e) => e.value === added.dd_id);
        })
        .toBe(industries.length - 2);

      // A new member finds it on the information page.
      const newcomer = await browser.newContext({ baseURL });
      try {
        await presetLanguage(newcomer, baseURL!, site);
        await registerMember(newcomer.request, site, { tag: 'newcomer', complete: false });
        const info = await newcomer.newPage();
        await info.goto(`/${site.prefix}/information`);
        await expect(info.getByTestId('information-industry').locator('option', { hasText: label })).toHaveCount(1);
      } finally {
        await newcomer.close();
      }

      // The first seeded industry is some demo members' industry: deleting it is refused, and why.
      const inUse = industries[0]!;
      await page.getByTestId(`dict-delete-${inUse.dd_id}`).click();
      await confirmPopconfirm(page, tx.delete);
      await expect(page.getByTestId('dict-refusal')).toContainText(inUse.label);
      await expect(page.getByTestId(`dict-row-${inUse.dd_id}`)).toBeVisible();

      // Renamed inline, then deleted: nothing uses it yet.
      await page.getByTestId(`dict-edit-${added.dd_id}`).click();
      await page.getByTestId('dict-edit-label').fill(`${label}!`);
      await page.getByTestId('dict-edit-save').click();
      await expect(page.getByTestId(`dict-label-${added.dd_id}`)).toHaveText(`${label}!`);
      await page.getByTestId(`dict-delete-${added.dd_id}`).click();
      await confirmPopconfirm(page, tx.delete);
      await expect(page.getByTestId(`dict-row-${added.dd_id}`)).toHaveCount(0);
      const offered = (
        await callApi<{ list: Array<{ label: string }> }>(admin.api, site, dictList, { kind: 'industry' })
      ).data.list;
      expect(offered.map((e) => e.label)).not.toContain(`${label}!`);
      expect(offered.map((e) => e.label)).toEqual(before.list.map((e) => e.label));
    });

    test('a plain member who opens these screens lands on the no-permission page', async ({
      page,
      context,
      baseURL,
    }) => {
      await presetLanguage(context, baseURL!, site);
      await registerMember(context.request, site, { tag: 'nocontent' });
      for (const path of ['banners', 'settings', 'dictionaries', 'pages']) {
        await page.goto(`/admin/${path}?site=${siteCode(site)}`);
        await expect(page).toHaveURL(`/401?lang=${site.prefix}`);
        await expect(page.getByTestId('admin-frame')).toHaveCount(0);
      }
    });
  });
}
