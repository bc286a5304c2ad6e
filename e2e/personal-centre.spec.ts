import type { APIRequestContext, Page } from '@playwright/test';
import { followToggle } from '@portal/contracts/accounts';
import {
  commentAdd,
  postAcceptAnswer,
  postAdd,
  postFavourite,
  postFormConfig,
  postLike,
} from '@portal/contracts/discussions';
import { adminReviewDecide, adminReviewList } from '@portal/contracts/reviews';
import { articleCommentAdd } from '@portal/contracts/topic-article-comments';
import {
  topicArticleAdd,
  topicArticleFavourite,
  topicArticles,
  topicArticleWithdraw,
  topicPageList,
} from '@portal/contracts/topics';
import {
  apiContext,
  callApi,
  changePasswordByApi,
  fieldErrors,
  fill,
  registerMember,
  toasts,
} from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';
import { confirmPopconfirm } from './support/antd';

/**
 * Issue 22 item 4 on both sites: the personal centre's sections, each at its own URL, reached by
 * the menu and by the URL, rendered on the server, a reload keeping the section; with real items made
 * through the API: posts and questions, topic articles pending, withdrawn and rejected, favourites,
 * a fan to follow back, comments, answers, likes and an accepted answer.
 */

const admin = useAdmin();

interface FormConfig {
  post_ins_list: Array<{ value: number }>;
  post_scene_list: Array<{ value: number }>;
  post_board_list: Array<{ value: number }>;
}

async function ok<T>(api: APIRequestContext, site: E2eSite, call: Parameters<typeof callApi>[2], body: unknown) {
  const answer = await callApi<T>(api, site, call, body);
  expect(answer.status, `${call.id}: ${answer.msg}`).toBe(200);
  return answer.data;
}

async function publish(api: APIRequestContext, site: E2eSite, title: string, type: 10 | 20 = 10) {
  const config = await ok<FormConfig>(api, site, postFormConfig, {});
  return (
    await ok<{ tp_id: number }>(api, site, postAdd, {
      tp_title: title,
      tp_type: type,
      tp_hy_dd_id: config.post_ins_list[0]!.value,
      tp_cj_dd_id: config.post_scene_list[0]!.value,
      tp_content: `<p>${title}</p>`,
      ...(config.post_board_list[0] ? { tp_board_id: config.post_board_list[0].value } : {}),
    })
  ).tp_id;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('the personal centre: every section at its own URL, by menu and by URL, on both sites', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  for (const site of SITES) {
    const menu = site.texts.auth.centreMenu;
    const tx = site.texts.centre;
    const status = site.texts.reviews.status;
    const stamp = `${site.prefix}-${Date.now()}`;

    // The member (the browser's session) and another member, B.
    await context.clearCookies();
    const a = await registerMember(context.request, site, { tag: 'centre' });
    const me = context.request;
    const other = await apiContext(playwright, baseURL);
    const b = await registerMember(other, site, { tag: 'centre-b' });
    try {
      // My creations: a discussion, a question, articles pending, withdrawn and rejected.
      const discussion = await publish(me, site, `Discussion ${stamp}`);
      const question = await publish(me, site, `Question ${stamp}`, 20);
      const toDelete = await publish(me, site, `To delete ${stamp}`);
      const topics = await ok<{ list: Array<{ tt_id: number }> }>(me, site, topicPageList, {});
      const article = async (title: string) =>
        (
          await ok<{ ttar_id: number }>(me, site, topicArticleAdd, {
            ttar_title: title,
            tt_id: topics.list[0]!.tt_id,
            ttar_source: 10,
            ttar_content: `<p>${title}</p>`,
          })
        ).ttar_id;
      const pending = await article(`Pending ${stamp}`);
      const withdrawn = await article(`Withdrawn ${stamp}`);
      const rejected = await article(`Rejected ${stamp}`);
      await ok(me, site, topicArticleWithdraw, { ttar_id: withdrawn });
      const queue = await admin.call<{ list: Array<{ review_id: number; item_id: number }> }>(site, adminReviewList, {
        kind: 'article',
      });
      const review = queue.list.find((i) => i.item_id === rejected)!;
      await admin.call(site, adminReviewDecide, { ids: [review.review_id], decision: 'reject', reason: 'Too short' });

      // B: a fan who comments, answers and likes; asks a question whose answer by the member B accepts.
      await ok(other, site, followToggle, { user_id: a.userId });
      await ok(other, site, commentAdd, { tp_id: discussion, tpc_content: `Comment ${stamp}` });
      await ok(other, site, commentAdd, { tp_id: question, tpc_content: `Answer ${stamp}` });
      await ok(other, site, postLike, { tp_id: discussion });
      const theirs = await publish(other, site, `B asks ${stamp}`, 20);
      const myAnswer = await ok<{ tpc_id: number }>(me, site, commentAdd, {
        tp_id: theirs,
        tpc_content: `Mine ${stamp}`,
      });
      await ok(other, site, postAcceptAnswer, { tp_id: theirs, tpc_id: myAnswer.tpc_id });
      // Favourites: B's question and a demo article.
      await ok(me, site, postFavourite, { tp_id: theirs });
      const demoArticle = await firstPublicArticle(
        me,
        site,
        topics.list.map((t) => t.tt_id),
      );
      await ok(me, site, topicArticleFavourite, { ttar_id: demoArticle });
      // Interactions on articles: B replies to my comment on the demo article.
      const onArticle = await ok<{ tpc_id: number }>(me, site, articleCommentAdd, {
        ttar_id: demoArticle,
        tpc_content: `On article ${stamp}`,
      });
      await ok(other, site, articleCommentAdd, {
        ttar_id: demoArticle,
        tpc_content: `Article reply ${stamp}`,
        tpc_parent_id: onArticle.tpc_id,
      });

      // The default section is the account; the menu marks it.
      await open(page, `/${site.prefix}/userinfo`);
      const nav = page.getByTestId('centre-menu');
      await expect(nav.getByTestId('centre-menu-account')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('account-section')).toBeVisible();

      // The password, changed in the account section: two different new ones are refused on the
      // field, nothing sent; then the change, a toast and an empty form. This session stays (every
      // other one ends), and the new password is the member's password.
      const changed = `changed phrase ${stamp}`;
      await page.getByTestId('password-old').fill(a.password);
      await page.getByTestId('password-new').fill(changed);
      await page.getByTestId('password-confirm').fill(`${changed}!`);
      await page.getByTestId('password-submit').click();
      await expect(fieldErrors(page, page.getByTestId('password-confirm'))).toHaveText(
        site.texts.accounts.passwordMismatch,
      );
      await page.getByTestId('password-confirm').fill(changed);
      const [change] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/user/changePassword')),
        page.getByTestId('password-submit').click(),
      ]);
      expect(change.status()).toBe(200);
      await expect(toasts(page).filter({ hasText: site.texts.auth.passwordChanged })).toBeVisible();
      await expect(page.getByTestId('password-old')).toHaveValue('');
      await expect(page.getByTestId('password-confirm')).toHaveValue('');
      // (checked as the current password of a further change: a password sign-in here would count
      // against this address's sign-in limit, which the accounts journey uses up)
      expect((await changePasswordByApi(me, site, a.password, changed)).status, 'the old password').not.toBe(200);
      expect((await changePasswordByApi(me, site, changed, changed)).status, 'the new password').toBe(200);

      // My creations, by the menu: every status, with the author's actions.
      await nav.getByTestId('centre-menu-creations').click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/userinfo/creations$`));
      await expect(nav.getByTestId('centre-menu-creations')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId(`my-post-status-${discussion}`)).toHaveText(status[20]);
      await expect(page.getByTestId('my-questions').getByTestId(`my-post-status-${question}`)).toHaveText(status[20]);
      const articles = page.getByTestId('my-articles');
      await expect(articles.getByTestId(`my-article-${pending}`)).toContainText(status[10]);
      await expect(articles.getByTestId(`my-article-${withdrawn}`)).toContainText(status[40]);
      await expect(articles.getByTestId(`my-article-${rejected}`)).toContainText(status[30]);
      await expect(articles.getByTestId(`my-article-${pending}`).getByTestId('my-article-withdraw')).toBeVisible();
      await expect(articles.getByTestId(`my-article-${rejected}`).getByTestId('my-article-withdraw')).toHaveCount(0);
      // A reload keeps the section, and the server renders its lists.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId(`my-post-status-${discussion}`)).toHaveText(status[20]);
      const html = await (await me.get(`/${site.prefix}/userinfo/creations`)).text();
      expect(html).toContain(`data-testid="my-post-${discussion}"`);
      expect(html).toContain(`data-testid="my-article-${rejected}"`);
      // Deleting a post from here.
      await page.getByTestId(`my-post-delete-${toDelete}`).click();
      await confirmPopconfirm(page);
      await expect(page.getByTestId(`my-post-${toDelete}`)).toHaveCount(0);

      // Favourites, by URL.
      await open(page, `/${site.prefix}/userinfo/favourites`);
      await expect(page.getByTestId(`my-favourite-post-${theirs}`)).toContainText(`B asks ${stamp}`);
      await expect(page.getByTestId(`my-favourite-article-${demoArticle}`)).toBeVisible();

      // Achievements: points, level, the history with its sources.
      await nav.getByTestId('centre-menu-achievements').click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/userinfo/achievements$`));
      await expect(page.getByTestId('achievements-level')).toHaveText(/^Lv\d$/);
      await expect(page.getByTestId('points-history').getByTestId('points-row-rule').first()).toBeVisible();

      // Follows and fans: B is a fan; following back marks the follow mutual.
      await nav.getByTestId('centre-menu-follows').click();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/userinfo/follows$`));
      await expect(page.getByTestId('my-follows')).toContainText(tx.follows.followsEmpty);
      await page.getByTestId('my-follows-tab-fans').click();
      const fan = page.getByTestId(`my-fans-${b.userId}`);
      await expect(fan.getByTestId('my-fans-toggle')).toHaveText(tx.follows.followBack);
      await fan.getByTestId('my-fans-toggle').click();
      await expect(fan.getByTestId('my-follows-mutual')).toHaveText(tx.follows.mutual);
      await expect(fan.getByTestId('my-fans-toggle')).toHaveText(tx.follows.unfollow);

      // Interactions: the comment, the answer, the like and the accepted answer, each by B.
      await nav.getByTestId('centre-menu-interactions').click();
      const interactions = page.getByTestId('my-interactions');
      await expect(interactions).toContainText(`Comment ${stamp}`);
      await expect(interactions).toContainText(fill(tx.interactions.commentedPost, { name: b.nickname }));
      await expect(page.getByTestId('my-article-interactions')).toContainText(
        `${fill(tx.articleInteractions.replied, { name: b.nickname })} · `,
      );
      await expect(page.getByTestId('my-article-interactions')).toContainText(`Article reply ${stamp}`);
      await interactions.getByTestId('my-interactions-tab-answers').click();
      await expect(interactions).toContainText(`Answer ${stamp}`);
      await interactions.getByTestId('my-interactions-tab-accepted').click();
      await expect(interactions).toContainText(fill(tx.interactions.acceptedBy, { name: b.nickname }));
      await interactions.getByTestId('my-interactions-tab-likes').click();
      await expect(interactions).toContainText(fill(tx.interactions.likedPost, { name: b.nickname }));

      // Applications, by URL; an unknown section goes to the default one.
      await open(page, `/${site.prefix}/userinfo/applications`);
      await expect(page.getByTestId('my-signups')).toBeVisible();
      await expect(page.getByTestId('centre-menu-applications')).toHaveText(menu.applications);
      await open(page, `/${site.prefix}/userinfo/nowhere`);
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/userinfo$`));
    } finally {
      await other.dispose();
    }
  }
});

async function firstPublicArticle(api: APIRequestContext, site: E2eSite, topicIds: number[]): Promise<number> {
  for (const tt_id of topicIds) {
    const list = await ok<{ list: Array<{ ttar_id: number }> }>(api, site, topicArticles, { tt_id });
    if (list.list[0]) return list.list[0].ttar_id;
  }
  throw new Error(`${site.name}: no demo article`);
}
