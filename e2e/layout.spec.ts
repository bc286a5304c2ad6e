import type { Locator, Page } from '@playwright/test';
import { siteCode } from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, homeOf, presetLanguage, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';
import { openPublishDialog } from './support/publish';

/**
 * The portal's shell on every screen size (issue 17, items 1, 2 and 7), in both languages: the
 * navbar is one row on a desktop at 1920 and 1280 px, signed out and signed in (the seeded admin
 * has every entry a member can have: publish menu, bell, avatar, moderator zone, back office), and
 * a compact bar with a keyboard-friendly drawer on a 390 px phone; the editor of the publish dialog
 * has icon buttons named and tooltipped in the page's language and no raw file input; every
 * back-office screen fits 1280 px, the roles matrix scrolling inside its own box.
 *
 * LAYOUT_SHOTS=/some/dir keeps a screenshot of each state there, to look at.
 */

const DESKTOP_WIDTHS = [1920, 1280] as const;
const PHONE = { width: 390, height: 844 };

const admin = useAdmin();

async function shot(page: Page, name: string) {
  const dir = process.env.LAYOUT_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

/** The navbar's entries a member sees in its row, in order. */
function navbarEntries(page: Page, site: E2eSite, signedIn: boolean): Locator[] {
  const nav = site.texts.nav;
  const header = page.getByTestId('navbar');
  const menu = header.getByRole('navigation', { name: nav.mainMenu });
  return [
    header.getByTestId('site-logo'),
    ...(['home', 'activity', 'subject', 'discuss', 'cooperate', 'experts', 'journal', 'about'] as const).map((key) =>
      menu.getByRole('link', { name: nav[key], exact: true }),
    ),
    header.getByRole('searchbox', { name: nav.searchLabel }),
    header.getByRole('button', { name: nav.publish, exact: true }),
    header.getByTestId('language-menu'),
    ...(signedIn
      ? [
          header.getByTestId('messages-bell'),
          header.getByTestId('nav-avatar'),
          header.getByRole('button', { name: nav.accountMenu }),
        ]
      : [header.getByRole('link', { name: nav.login })]),
  ];
}

/** Every entry is visible and in one row: the same middle line, the header one entry high. */
async function expectOneRow(page: Page, site: E2eSite, signedIn: boolean, label: string) {
  const header = await box(page.getByTestId('navbar'));
  const entries = navbarEntries(page, site, signedIn);
  const boxes = [];
  for (const entry of entries) {
    await expect(entry, `${label}: ${entry}`).toBeVisible();
    boxes.push(await box(entry));
  }
  const middles = boxes.map((b) => Math.round(b.y + b.height / 2));
  expect(Math.max(...middles) - Math.min(...middles), `${label}: entries on one line (${middles})`).toBeLessThanOrEqual(
    2,
  );
  const tallest = Math.max(...boxes.map((b) => b.height));
  // One entry high: the tallest entry and the bar's padding (8 px above and below) and border.
  expect(header.height, `${label}: the header is one row`).toBeLessThanOrEqual(tallest + 2 * 8 + 2 + 8);
  // Nothing runs off the right edge either.
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  expect(right, `${label}: the last entry within the window`).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.getByTestId('nav-drawer-button')).toBeHidden();
}

/** The phone's bar: compact; the drawer opens and closes from the keyboard and closes on a choice. */
async function expectPhoneDrawer(page: Page, site: E2eSite, signedIn: boolean, label: string) {
  const nav = site.texts.nav;
  const header = page.getByTestId('navbar');
  expect((await box(header)).height, `${label}: a compact bar`).toBeLessThanOrEqual(64);
  const menu = header.getByRole('navigation', { name: nav.mainMenu });
  await expect(menu).toBeHidden();
  await expect(header.getByRole('searchbox', { name: nav.searchLabel })).toBeHidden();
  if (signedIn) {
    await expect(header.getByTestId('messages-bell')).toBeVisible();
    await expect(header.getByTestId('nav-avatar')).toBeVisible();
  } else {
    await expect(header.getByTestId('nav-login')).toBeVisible();
  }

  const button = header.getByRole('button', { name: nav.openMenu });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const drawerId = await button.getAttribute('aria-controls');
  expect(drawerId, 'the button names the drawer it controls').toBeTruthy();
  const drawer = page.locator(`[id="${drawerId}"]`);
  await expect(drawer).toBeHidden();

  // Keyboard: Enter opens it and moves the focus to its first entry; Tab walks the menu to the search.
  await button.focus();
  await page.keyboard.press('Enter');
  const close = header.getByRole('button', { name: nav.closeMenu });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer).toBeVisible();
  await expect(menu.getByRole('link', { name: nav.home, exact: true })).toBeFocused();
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect(drawer.getByRole('searchbox', { name: nav.searchLabel })).toBeFocused();
  await expect(drawer.getByRole('button', { name: nav.publish, exact: true })).toBeVisible();
  await expect(drawer.getByTestId('language-menu')).toBeVisible();
  // Everything in the drawer is within the window.
  const drawerBox = await box(drawer);
  expect(drawerBox.x + drawerBox.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `navbar-${site.lang}-${signedIn ? 'in' : 'out'}-390-drawer`);

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  // A page chosen in the drawer closes it.
  await button.click();
  await drawer.getByRole('link', { name: nav.about, exact: true }).click();
  await expect(page).toHaveURL(`/${site.prefix}/about`);
  await expect(drawer).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

/** Back-office screens and their titles, in menu order. */
const backOfficeScreens = (site: E2eSite) => {
  const t = site.texts;
  return [
    ['', t.admin.dashboardTitle],
    ['users', t.membersAdmin.usersTitle],
    ['roles', t.roles.screenTitle],
    ['feedback', t.feedbackAdmin.inboxTitle],
    ['broadcasts', t.membersAdmin.broadcastsTitle],
    ['reviews', t.reviewsAdmin.queueTitle],
    ['banners', t.siteAdmin.bannersTitle],
    ['topics', t.siteAdmin.topicsTitle],
    ['pages', t.siteAdmin.pagesTitle],
    ['dictionaries', t.siteAdmin.dictionariesTitle],
    ['settings', t.siteAdmin.settingsTitle],
    ['audit', t.admin.auditTitle],
  ] as const;
};

for (const site of SITES) {
  test.describe(`the shell on the ${site.name} site`, () => {
    test('the navbar is one row on a desktop and a drawer on a phone, signed out and signed in', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await presetLanguage(context, baseURL!, site);
      for (const signedIn of [false, true]) {
        if (signedIn) await admin.enter(context, baseURL!, site);
        const who = signedIn ? 'in' : 'out';
        for (const width of DESKTOP_WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(homeOf(site));
          await waitForHydration(page);
          await expectOneRow(page, site, signedIn, `${site.lang}, signed ${who}, ${width} px`);
          await shot(page, `navbar-${site.lang}-${who}-${width}`);
        }
        if (signedIn) {
          // The account menu beside the avatar, from the keyboard: the centre, staff entries, logout.
          const nav = site.texts.nav;
          const account = page.getByRole('button', { name: nav.accountMenu });
          await account.focus();
          await page.keyboard.press('Enter');
          await expect(account).toHaveAttribute('aria-expanded', 'true');
          for (const entry of ['nav-user-centre', 'nav-moderator-zone', 'nav-host-zone', 'nav-admin', 'nav-logout']) {
            await expect(page.getByTestId(entry)).toBeVisible();
          }
          await expect(page.getByTestId('nav-logout')).toHaveText(nav.logout);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('nav-logout')).toBeHidden();
          await expect(account).toBeFocused();
        }
        await page.setViewportSize(PHONE);
        await page.goto(homeOf(site));
        await waitForHydration(page);
        await shot(page, `navbar-${site.lang}-${who}-390`);
        await expectPhoneDrawer(page, site, signedIn, `${site.lang}, signed ${who}, 390 px`);
      }
    });

    test('the editor has named icon buttons with tooltips in the page’s language and no raw file input', async ({
      page,
      context,
      baseURL,
    }) => {
      const texts = site.texts.editor.toolbar;
      await admin.enter(context, baseURL!, site);
      await page.setViewportSize({ width: 1920, height: 1000 });
      const dialog = await openPublishDialog(page, site);
      const editor = dialog.getByTestId('rich-text-editor');
      const toolbar = editor.getByRole('toolbar', { name: texts.label });

      // Every control is a labelled button with an icon, in the page's language.
      const names = [
        texts.undo,
        texts.redo,
        texts.heading,
        texts.fontSize,
        texts.bold,
        texts.italic,
        texts.underline,
        texts.strike,
        texts.colour,
        texts.alignLeft,
        texts.alignCenter,
        texts.alignRight,
        texts.bulletList,
        texts.orderedList,
        texts.quote,
        texts.codeBlock,
        texts.table,
        texts.link,
        texts.image,
        texts.audio,
        texts.video,
        texts.attachment,
        texts.wordImport,
        texts.fullscreen,
      ];
      const buttons = toolbar.getByRole('button');
      await expect(buttons).toHaveCount(names.length);
      for (const [i, name] of names.entries()) {
        await expect(buttons.nth(i)).toHaveAccessibleName(name);
        expect(await buttons.nth(i).locator('svg').count(), `${name} has an icon`).toBeGreaterThan(0);
      }
      // No text glyphs: only the heading button shows a word (the current block's kind).
      const glyphs = await buttons.evaluateAll((all) =>
        all.map((b) => (b.textContent ?? '').trim()).filter((text) => text !== ''),
      );
      expect(glyphs).toEqual([texts.paragraph]);
      // Groups apart, with separators between them.
      expect(await toolbar.getByRole('separator').count()).toBeGreaterThanOrEqual(5);

      // A tooltip in the page's language on hover.
      for (const name of [texts.bold, texts.fontSize, texts.wordImport]) {
        await toolbar.getByRole('button', { name, exact: true }).hover();
        const tooltip = page.getByRole('tooltip', { name, exact: true });
        await expect(tooltip).toBeVisible();
        // Away again, so that this tooltip covers no other button.
        await page.mouse.move(0, 0);
        await expect(tooltip).toBeHidden();
      }

      for (const width of [1920, 1280, PHONE.width]) {
        await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 1000 });
        await page.mouse.move(0, 0);
        // No browser file input anywhere in the dialog: the Word import's and the attachments' are hidden.
        const inputs = dialog.locator('input[type="file"]');
        expect(await inputs.count()).toBeGreaterThan(0);
        for (const input of await inputs.all()) await expect(input).toBeHidden();
        // Hidden from everyone (the Word button opens it), yet labelled for whoever reaches it.
        await expect(editor.getByTestId('rte-word-input')).toHaveAttribute('aria-label', texts.wordImport);

        // The toolbar wraps inside the editor, a group never split across two lines.
        const bar = await box(toolbar);
        for (const button of await buttons.all()) {
          const b = await box(button);
          expect(b.x + b.width, `${width} px: a button inside the toolbar`).toBeLessThanOrEqual(bar.x + bar.width + 1);
        }
        const groupsSplit = await toolbar.locator('.rte-group').evaluateAll((groups) =>
          groups.filter((g) => {
            const tops = Array.from(g.querySelectorAll('button')).map((b) => b.getBoundingClientRect().top);
            // On another line: more than half a button lower.
            return Math.max(...tops) - Math.min(...tops) > 12;
          }),
        );
        expect(groupsSplit, `${width} px: no group split`).toHaveLength(0);
        await shot(page, `editor-${site.lang}-${width}`);
      }
    });

    test('every back-office screen fits 1280 px; the roles matrix scrolls inside its own box', async ({
      page,
      context,
      baseURL,
    }) => {
      // Every screen of the back office, one after the other: the list grows with each domain.
      test.setTimeout(240_000);
      await admin.enter(context, baseURL!, site);
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const [path, title] of backOfficeScreens(site)) {
        await page.goto(`/admin${path ? `/${path}` : ''}?site=${siteCode(site)}`);
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        const doc = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement!.scrollWidth,
          clientWidth: document.scrollingElement!.clientWidth,
        }));
        expect(doc.scrollWidth, `/admin/${path}: no sideways scrolling of the page`).toBeLessThanOrEqual(
          doc.clientWidth,
        );
        // Nothing is cut at the right edge: the main area ends within the window.
        const main = await box(page.locator('#admin-main'));
        expect(main.x + main.width, `/admin/${path}: the main area within the window`).toBeLessThanOrEqual(1280);
        await shot(page, `admin-${site.lang}-${path || 'dashboard'}`);
      }

      // The roles matrix: its scrolling box ends within the window, so the sideways scrollbar shows,
      // and scrolled to its end, the last role is in view beside the permission column.
      await page.goto(`/admin/roles?site=${siteCode(site)}`);
      await waitForHydration(page);
      const matrix = page.getByTestId('admin-roles-matrix');
      const scroller = matrix.locator('.ant-table-content');
      await expect(scroller).toBeVisible();
      await scroller.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      const frame = await box(scroller);
      expect(frame.x + frame.width).toBeLessThanOrEqual(1280);
      expect(frame.y + frame.height).toBeLessThanOrEqual(800);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
      const columns = matrix.locator('[data-testid^="admin-role-col-"]');
      const last = await box(columns.last());
      expect(last.x + last.width, 'the last role in view').toBeLessThanOrEqual(frame.x + frame.width + 1);
      const permissionHeader = await box(matrix.locator('thead th').first());
      expect(permissionHeader.x, 'the permission column stays in view').toBeGreaterThanOrEqual(frame.x - 1);
      await shot(page, `admin-${site.lang}-roles-scrolled`);
    });
  });
}
