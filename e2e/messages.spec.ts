import type { APIRequestContext, Page } from '@playwright/test';
import { followToggle } from '@portal/contracts/accounts';
import { frontMsgList } from '@portal/contracts/messages';
import { apiContext, callApi, fill, registerMember, toasts, type TestMember } from './support/accounts';
import { expect, homeOf, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * In-site messages in the browser, on both sites (spec 2 "message popover", 3 "Message", 4
 * "Message read"): follows write messages to the followee, whose navbar bell shows the exact unread
 * count; the popover (400 px) lists them, a press marks one read with the server's msg as a toast,
 * read-all clears the badge, and the bell asks again when the window regains focus.
 */

interface InboxData {
  no_read_count: number;
  userFrontMsgList: Array<{ tfm_status: number }>;
}

const inbox = async (api: APIRequestContext, site: E2eSite) => {
  const answer = await callApi<InboxData>(api, site, frontMsgList, {});
  expect(answer.status, `frontMsgList: ${answer.msg}`).toBe(200);
  return answer.data;
};

async function follow(api: APIRequestContext, site: E2eSite, member: TestMember, expected: 0 | 1) {
  const answer = await callApi<{ have_be_follow: number }>(api, site, followToggle, { user_id: member.userId });
  expect(answer.status, `follow: ${answer.msg}`).toBe(200);
  expect(answer.data.have_be_follow).toBe(expected);
}

const bell = (page: Page) => page.getByTestId('messages-bell');
const badge = (page: Page) => page.getByTestId('messages-badge');
const panel = (page: Page) => page.getByTestId('messages-panel');
const items = (page: Page) => panel(page).getByTestId('messages-item');

for (const site of SITES) {
  const texts = site.texts.messages;

  test.describe(`on the ${site.name} site`, () => {
    test('follows reach the followee’s bell; a press reads one, read-all clears the badge, focus asks again', async ({
      page,
      context,
      playwright,
    }, testInfo) => {
      const others: APIRequestContext[] = [];
      const otherMember = async (tag: string) => {
        const api = await apiContext(playwright, testInfo.project.use.baseURL);
        others.push(api);
        return { api, member: await registerMember(api, site, { tag }) };
      };
      // B is the browser's member; A and C follow B through the follow API.
      const b = await registerMember(context.request, site, { tag: 'followee' });
      const [a, c] = [await otherMember('fan-a'), await otherMember('fan-c')];
      await follow(a.api, site, b, 1);
      await follow(c.api, site, b, 1);
      // An unfollow writes nothing.
      await follow(a.api, site, b, 0);
      await follow(a.api, site, b, 1);
      expect((await inbox(context.request, site)).no_read_count).toBe(3);

      await page.goto(homeOf(site));
      await waitForHydration(page);
      await expect(badge(page)).toHaveText('3');
      await expect(bell(page)).toHaveAccessibleName(fill(texts.bellUnread_other, { count: 3 }));

      // The popover: 400 px wide, newest first, all unread.
      await bell(page).click();
      await expect(panel(page)).toBeVisible();
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
      await expect.poll(async () => Math.round((await panel(page).boundingBox())?.width ?? 0)).toBe(400);
      await expect(panel(page).getByRole('heading', { name: texts.title })).toBeVisible();
      await expect(items(page)).toHaveCount(3);
      const follows = texts.kinds.follow;
      for (const [i, nick] of [a.member.nickname, c.member.nickname, a.member.nickname].entries()) {
        await expect(items(page).nth(i)).toContainText(follows.title);
        await expect(items(page).nth(i)).toContainText(fill(follows.content, { nick }));
        await expect(items(page).nth(i)).toHaveAttribute('data-read', 'false');
      }

      // A press marks it read: the server's msg as a success toast, the item looks read, the badge says 2.
      const pagesBefore = context.pages().length;
      const [readAnswer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/frontmessage/edit')),
        items(page).nth(1).click(),
      ]);
      expect(await readAnswer.json()).toEqual({ status: 200, msg: texts.markedRead, data: { no_read_count: 2 } });
      await expect(toasts(page).filter({ hasText: texts.markedRead })).toBeVisible();
      await expect(items(page).nth(1)).toHaveAttribute('data-read', 'true');
      await expect(badge(page)).toHaveText('2');
      // A follow message has no link: nothing opens.
      expect(context.pages()).toHaveLength(pagesBefore);

      // Read-all: its msg as a toast, every item read, no badge, the button disabled.
      await panel(page).getByTestId('messages-read-all').click();
      await expect(toasts(page).filter({ hasText: texts.allMarkedRead })).toBeVisible();
      await expect(badge(page)).toHaveCount(0);
      await expect(bell(page)).toHaveAccessibleName(texts.bell);
      for (let i = 0; i < 3; i++) await expect(items(page).nth(i)).toHaveAttribute('data-read', 'true');
      await expect(panel(page).getByTestId('messages-read-all')).toBeDisabled();
      expect(await inbox(context.request, site)).toMatchObject({ no_read_count: 0 });

      // Escape closes it and gives the focus back to the bell; Enter opens it with the focus inside.
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await expect(bell(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel(page)).toBeVisible();
      await expect(panel(page)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel(page).getByTestId('messages-read-all')).toBeDisabled();
      await expect(items(page).first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(bell(page)).toBeFocused();

      // A new follow while the page is open shows up when the window regains focus. A focus while
      // the inbox is still being fetched (read-all asked for it again) joins that fetch, which may
      // predate the follow: the window regains focus until the badge says 1, as a reader's would.
      await follow(c.api, site, b, 0);
      await follow(c.api, site, b, 1);
      await expect
        .poll(async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
          return (await badge(page).count()) > 0 ? await badge(page).textContent() : null;
        })
        .toBe('1');

      for (const api of others) await api.dispose();
    });
  });
}
