import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { activityIndex, type ActivityCard } from '@portal/contracts/events';
import { topicArticleAdd, topicPageList } from '@portal/contracts/topics';
import { callApi, fill, registerMember, toasts } from './support/accounts';
import { expect, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';
import { confirmPopconfirm } from './support/antd';

/**
 * Decision 030, on both sites: a topic's page links to its activities page, which lists the event the
 * demo attached to the topic; a member signs up for it, finds it under "upcoming" in the personal
 * centre, takes its .ics from there and cancels it there; favourites it and finds it under favourite
 * events, and un-favourites it; withdraws a pending topic article from the personal centre, then
 * edits it there, which submits it for review again.
 */

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** The demo topic that has an event attached, and that event. */
async function topicWithEvent(api: APIRequestContext, site: E2eSite) {
  const topics = await callApi<{ list: Array<{ tt_id: number; tt_title: string }> }>(api, site, topicPageList, {});
  expect(topics.status).toBe(200);
  for (const topic of topics.data.list) {
    const events = await callApi<{ list: ActivityCard[] }>(api, site, activityIndex, { tt_id: topic.tt_id });
    if (events.data.list.length) return { topic, event: events.data.list[0]! };
  }
  throw new Error(`${site.name}: no demo topic has an event`);
}

/** The open popconfirm's OK button. */

for (const site of SITES) {
  const ui = site.texts.events.ui;
  const api = site.texts.events.api;
  const centre = site.texts.eventsCentre.ui;

  test(`topic activities and the personal centre's events and articles on the ${site.name} site`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { topic, event } = await topicWithEvent(context.request, site);

    // The topic's page links to its events; the activities page is server-rendered with its meta.
    await open(page, `/${site.prefix}/subject/info/${topic.tt_id}`);
    await page.getByTestId('topic-events-link').click();
    const activeList = `/${site.prefix}/subject/activeList/${topic.tt_id}`;
    await expect(page).toHaveURL(new RegExp(`${activeList}$`));
    await expect(page.getByTestId('topic-title')).toHaveText(topic.tt_title);
    const card = page.locator(`[data-testid="event-card"][data-event-id="${event.ta_id}"]`);
    await expect(card).toBeVisible();
    await expect(page).toHaveTitle(
      `${fill(ui.topicEventsTitle, { title: topic.tt_title })} - ${site.texts.common.siteName}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${activeList}`);
    const html = await (await context.request.get(activeList)).text();
    expect(html).toContain(`data-event-id="${event.ta_id}"`);
    expect((await context.request.get(`/${site.prefix}/subject/activeList/2000000000`)).status()).toBe(404);

    // A member signs up on the event's page (its own form).
    await registerMember(context.request, site, { tag: 'centre' });
    await open(page, `/${site.prefix}/activity/info/${event.ta_id}`);
    await page.getByTestId('event-signup-open').click();
    await page.getByTestId('event-field-name').fill('Ada Lovelace');
    await page.getByTestId('event-field-company').fill('E2E Storage Ltd');
    await page.getByTestId('event-field-phone').fill('13800138000');
    await page.getByTestId('event-field-role').selectOption({ index: 1 });
    await page.getByTestId('event-submit').click();
    await expect(toasts(page).filter({ hasText: api.signedUp })).toBeVisible();
    await page.getByTestId('event-favourite').click();
    await expect(page.getByTestId('event-favourite')).toContainText(ui.favourited);

    // A pending topic article of the member's, to withdraw from the centre.
    const title = `${site.lang === 'zh' ? '待撤回的文章' : 'An article to withdraw'} ${Date.now()}`;
    const added = await callApi<{ ttar_id: number }>(context.request, site, topicArticleAdd, {
      ttar_title: title,
      tt_id: topic.tt_id,
      ttar_source: 10,
      ttar_content: '<p>Tiering cold data to object storage.</p>',
    });
    expect(added.status, added.msg).toBe(200);

    // The personal centre: the sign-up is upcoming, with the .ics; cancelling asks first.
    await open(page, `/${site.prefix}/userinfo/applications`);
    const signups = page.getByTestId('my-signups');
    await expect(signups.getByRole('heading', { name: centre.mySignupsTitle })).toBeVisible();
    const row = signups.getByTestId(`my-signup-${event.ta_id}`);
    await expect(row).toContainText(event.ta_title);
    await expect(row).toContainText(ui.signedUpBadge);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('event-ics').click()]);
    expect(download.suggestedFilename()).toBe(`event-${event.ta_id}.ics`);
    expect(await fs.readFile((await download.path())!, 'utf8')).toContain(`SUMMARY:${event.ta_title}`);
    await row.getByTestId('my-signup-show-code').click();
    await expect(row.getByTestId('event-checkin-qr')).toBeVisible();
    await row.getByTestId('my-signup-cancel').click();
    await confirmPopconfirm(page);
    await expect(toasts(page).filter({ hasText: api.cancelled })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(signups).toContainText(centre.mySignupsEmptyUpcoming);
    await signups.getByTestId('my-signups-tab-past').click();
    await expect(signups).toContainText(centre.mySignupsEmptyPast);

    // Favourite events: the event is there; un-favouriting removes it.
    await open(page, `/${site.prefix}/userinfo/favourites`);
    const favourites = page.getByTestId('my-favourites');
    const favourite = favourites.getByTestId(`my-favourite-${event.ta_id}`);
    await expect(favourite).toContainText(event.ta_title);
    await favourite.getByTestId('my-favourite-remove').click();
    await confirmPopconfirm(page);
    await expect(favourite).toHaveCount(0);
    await expect(favourites).toContainText(centre.myFavouritesEmpty);

    // My topic articles: the pending one is withdrawn from here.
    await open(page, `/${site.prefix}/userinfo/creations`);
    const article = page.getByTestId(`my-article-${added.data.ttar_id}`);
    await expect(article).toContainText(site.texts.reviews.status['10']);
    await article.getByTestId('my-article-withdraw').click();
    await confirmPopconfirm(page);
    await expect(article).toContainText(site.texts.reviews.status['40']);
    await expect(article.getByTestId('my-article-withdraw')).toHaveCount(0);
    await expect(article.getByTestId('my-article-edit')).toHaveText(site.texts.topics.ui.resubmit);

    // Edited from here, it is submitted for review again.
    await article.getByTestId('my-article-edit').click();
    const dialog = page.getByRole('dialog', { name: site.texts.topicForm.editTitle });
    await expect(dialog.getByTestId('article-form-title')).toHaveValue(title);
    await dialog.getByTestId('article-form-title').fill(`${title} v2`);
    await dialog.getByTestId('article-form-submit').click();
    await page
      .getByRole('dialog', { name: site.texts.topicForm.reviewTitle })
      .getByRole('button', { name: site.texts.topicForm.reviewOk })
      .click();
    await expect(page.getByTestId('article-title')).toHaveText(`${title} v2`);
    await open(page, `/${site.prefix}/userinfo/creations`);
    await expect(article).toContainText(site.texts.reviews.status['10']);
    await expect(article.getByTestId('my-article-withdraw')).toBeVisible();
  });
}
