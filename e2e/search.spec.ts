import type { Page } from '@playwright/test';
import { SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import { searchIndex } from '@portal/contracts/search';
import { callApi } from './support/accounts';
import { expect, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * Search (issue 23 item 5), Chinese then English, on the demo content: a key typed into the navbar
 * goes to the server-rendered results page (its own title, noindex); the tabs per kind filter the
 * hits and keep their counts, the kind and time live in the URL; suggestions as the member types in
 * the page's box; a result opens its page; a 21-character key typed into the URL is refused with the
 * message of spec 5, as the call refuses it; a key with no match shows other words to try, and one
 * of them finds results; on a phone the drawer's box leads to the page too.
 */

/** Words the demo content of each site surely holds in several kinds (events, topics, articles, posts). */
const FOUND: Record<E2eSite['lang'], string> = { zh: '对象存储', en: 'object storage' };
/** A key nothing matches, with a word that does match, which the empty state offers alone. */
const NOT_FOUND: Record<E2eSite['lang'], string> = { zh: '斑马咖啡 对象存储', en: 'zebracoffee object' };
/** What the member types before suggestions show (and a second key for the navbar). */
const TYPED: Record<E2eSite['lang'], string> = { zh: '对象', en: 'object' };
const PHONE = { width: 390, height: 844 };

const searchUrl = (site: E2eSite, key: string, query = '') =>
  `/${site.prefix}/search/${encodeURIComponent(key)}${query}`;

/** The number a kind's tab shows. */
async function tabCount(page: Page, kind: string): Promise<number> {
  return Number(await page.getByTestId(`search-tab-${kind}`).getByTestId('search-tab-count').textContent());
}

test('search: from the navbar to results, kinds, suggestions, a result, a refused key, an empty result', async ({
  page,
  context,
  baseURL,
  diagnostics,
}) => {
  test.setTimeout(150_000);
  for (const site of SITES) {
    const nav = site.texts.nav;
    const ui = site.texts.search.ui;
    const kinds = site.texts.search.kinds;
    const key = FOUND[site.lang];
    const sectionTitle = `${site.texts.titles.search} - ${site.texts.common.siteName}`;

    // The results are in the server's HTML, before any script runs.
    const html = await (
      await context.request.get(searchUrl(site, key), { headers: { cookie: `siteData=${site.siteData}` } })
    ).text();
    expect(html, `${site.name}: results rendered on the server`).toContain('data-testid="search-hit"');
    expect(html).toContain('<em>');

    // From the navbar's box on another page.
    await page.goto(`/${site.prefix}/about`);
    await waitForHydration(page);
    const navBox = page.getByTestId('navbar').getByRole('searchbox', { name: nav.searchLabel });
    await navBox.fill(key);
    await navBox.press('Enter');
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key)}`);
    await expect(page.getByTestId('search-heading')).toHaveText(ui.resultsFor.replace('{{key}}', key));
    await expect(page).toHaveTitle(`${key} - ${sectionTitle}`);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByTestId('search-tab-all')).toHaveAttribute('aria-current', 'page');
    const hits = page.getByTestId('search-hit');
    await expect(hits.first()).toBeVisible();
    await expect(hits.first().locator('em').first()).toBeVisible();
    const total = await tabCount(page, 'all');
    const events = await tabCount(page, 'event');
    const topics = await tabCount(page, 'topic');
    expect(events, `${site.name}: the demo events hold "${key}"`).toBeGreaterThan(0);
    expect(topics, `${site.name}: the demo topics hold "${key}"`).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(events + topics);
    await expect(page.getByTestId('search-total')).toContainText(String(total));
    // Keyset "more": the next page adds hits, never repeats one.
    if (total > 15) {
      await page.getByTestId('search-load-more').click();
      await expect(hits).toHaveCount(Math.min(total, 30));
      const links = await page
        .getByTestId('search-hit')
        .evaluateAll((items) =>
          items.map((li) => `${li.getAttribute('data-kind')}:${li.querySelector('a')?.getAttribute('href') ?? ''}`),
        );
      expect(new Set(links).size).toBe(links.length);
    }

    // Kinds: a tab filters the hits to its kind and keeps every count; the URL says which.
    await page.getByTestId('search-tab-topic').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key, '?kind=topic')}`);
    await expect(page.getByTestId('search-tab-topic')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('search-tab-topic')).toContainText(kinds.topic);
    await expect(hits).toHaveCount(Math.min(topics, 15));
    await expect(page.locator('[data-testid=search-hit]:not([data-kind=topic])')).toHaveCount(0);
    expect(await tabCount(page, 'all')).toBe(total);
    await page.getByTestId('search-tab-event').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key, '?kind=event')}`);
    await expect(hits).toHaveCount(Math.min(events, 15));
    await expect(page.locator('[data-testid=search-hit]:not([data-kind=event])')).toHaveCount(0);
    // The time filter joins the kind in the URL; "any time" takes it out again.
    await page.getByTestId('search-time-year').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key, '?kind=event&time=year')}`);
    await expect(page.getByTestId('search-time-year')).toHaveAttribute('aria-current', 'page');
    await expect(hits.first().or(page.getByTestId('search-empty'))).toBeVisible();
    await page.getByTestId('search-time-all').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key, '?kind=event')}`);
    // A shared address opens the same tab.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('search-tab-event')).toHaveAttribute('aria-current', 'page');
    await expect(hits).toHaveCount(Math.min(events, 15));

    // Open a result: an event's page, with the hit's title.
    const first = hits.first().getByTestId('search-hit-link');
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${site.prefix}/activity/info/\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.goBack();
    await expect(page.getByTestId('search-tab-event')).toHaveAttribute('aria-current', 'page');

    // A new key from the navbar starts a new search: every kind, any time (not the page's filters).
    await page.getByTestId('search-time-year').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key, '?kind=event&time=year')}`);
    await navBox.fill(TYPED[site.lang]);
    await navBox.press('Enter');
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, TYPED[site.lang])}`);
    await expect(page.getByTestId('search-tab-all')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('search-time-all')).toHaveAttribute('aria-current', 'page');

    // Suggestions in the page's box once two characters are typed and the member pauses.
    const box = page.getByRole('combobox', { name: ui.boxLabel });
    await box.fill('');
    await box.pressSequentially(TYPED[site.lang]);
    const suggestions = page.getByRole('listbox', { name: ui.suggestions });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(suggestions.getByRole('option').first().locator('em')).toBeVisible();
    await box.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(suggestions).toBeHidden();
    // The box keeps at most 20 characters.
    await box.fill('');
    await box.pressSequentially('存'.repeat(SEARCH_KEYWORD_MAX + 1));
    await expect(box).toHaveValue('存'.repeat(SEARCH_KEYWORD_MAX));

    // A 21-character key typed into the URL: refused with spec 5's message; the call says the same.
    const long = 'a'.repeat(SEARCH_KEYWORD_MAX + 1);
    await page.goto(searchUrl(site, long));
    await waitForHydration(page);
    await expect(page.getByTestId('search-refused')).toContainText(site.texts.search.rules.keyTooLong);
    await expect(page.getByTestId('search-hit')).toHaveCount(0);
    const refused = await callApi<{ field: string }>(context.request, site, searchIndex, { search_key: long });
    expect(refused.http).toBe(400);
    expect(refused.status).toBe(40001);
    expect(refused.data.field).toBe('search_key');
    expect(refused.msg).toContain(site.texts.search.rules.keyTooLong);

    // A key with no match: other words to try; one of them finds results.
    await box.fill(NOT_FOUND[site.lang]);
    await page.getByTestId('search-page-submit').click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, NOT_FOUND[site.lang])}`);
    const empty = page.getByTestId('search-empty');
    await expect(empty).toContainText(ui.emptyTitle.replace('{{key}}', NOT_FOUND[site.lang]));
    await expect(page.getByTestId('search-hit')).toHaveCount(0);
    expect(await tabCount(page, 'all')).toBe(0);
    const word = NOT_FOUND[site.lang].split(' ')[1]!;
    await empty.getByTestId('search-empty-shorter').getByRole('link', { name: word, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, word)}`);
    await expect(hits.first()).toBeVisible();

    // On a phone the navbar's box is in the drawer, and leads to the page too.
    await page.setViewportSize(PHONE);
    await page.goto(`/${site.prefix}/about`);
    await waitForHydration(page);
    await page.getByTestId('navbar').getByRole('button', { name: nav.openMenu }).click();
    const drawerBox = page.getByRole('searchbox', { name: nav.searchLabel });
    await drawerBox.fill(key);
    await drawerBox.press('Enter');
    await expect(page).toHaveURL(`${baseURL}${searchUrl(site, key)}`);
    await expect(hits.first()).toBeVisible();
    // On a 375-pixel phone the suggestions stay under the box, their titles wrapped, none past the edge.
    await page.setViewportSize({ width: 375, height: 812 });
    await box.fill('');
    await box.pressSequentially(TYPED[site.lang]);
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    const boxEdge = await box.boundingBox();
    const listEdge = (await suggestions.boundingBox())!;
    expect(listEdge.y).toBeGreaterThanOrEqual(boxEdge!.y + boxEdge!.height);
    expect(listEdge.x + listEdge.width).toBeLessThanOrEqual(375);
    const overflowing = await suggestions
      .getByRole('option')
      .evaluateAll((options) => options.filter((o) => o.scrollWidth > o.clientWidth + 1).length);
    expect(overflowing, `${site.name}: suggestions wider than the phone`).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  expect(diagnostics.pageErrors, 'uncaught page errors').toEqual([]);
  expect(diagnostics.hydrationWarnings, 'hydration warnings').toEqual([]);
  expect(diagnostics.consoleErrors, 'console errors').toEqual([]);
});
