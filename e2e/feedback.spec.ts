import type { Page } from '@playwright/test';
import { adminFeedbackList, feedBack, type FeedbackItem } from '@portal/contracts/feedback';
import { callApi, fieldErrors, fill, registerMember, toasts, type TestMember } from './support/accounts';
import { useAdmin } from './support/admin';
import { expect, homeOf, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The feedback dialog (spec 2 "Dialogs" 560 px, spec 3 `tufb_content`, spec 7 `feedBack`; issue 4
 * item 5), on both sites: a member sends feedback from the floating button, sees the server's thanks
 * as a success toast, and the dialog closes with its box cleared; the staff find it in the back
 * office's inbox. A refused send (the per-member limit) shows its message and closes the dialog too.
 * A visitor's press goes to the login page and back.
 */

const FEEDBACK_WIDTH = 560;
const PER_WINDOW = 5;

/** Signed in with a one-time code: an earlier spec may have spent this IP's password failures. */
const admin = useAdmin();

/** The inbox entries of a site whose text contains `keyword`, as the admin sees them. */
const inbox = async (site: E2eSite, keyword: string) =>
  (await admin.call<{ list: FeedbackItem[] }>(site, adminFeedbackList, { keyword })).list;

const feedbackButton = (page: Page, site: E2eSite) => page.getByRole('button', { name: site.texts.feedback.open });
const feedbackDialog = (page: Page, site: E2eSite) => page.getByRole('dialog', { name: site.texts.feedback.title });
const feedbackBox = (page: Page, site: E2eSite) =>
  feedbackDialog(page, site).getByRole('textbox', { name: site.texts.feedback.contentLabel });

async function openHome(page: Page, site: E2eSite) {
  await page.goto(homeOf(site));
  await waitForHydration(page);
}

/** Waits for the dialog's send to reach the server and answers the envelope. */
async function sendAndAnswer(page: Page, send: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/index/feedBack') && r.request().method() === 'POST'),
    send(),
  ]);
  return { http: response.status(), ...((await response.json()) as { status: number; msg: string; data: unknown }) };
}

for (const site of SITES) {
  test.describe(`feedback on the ${site.name} site`, () => {
    const texts = site.texts.feedback;

    test('a member sends feedback: thanks as a success toast, the dialog closes cleared, the staff see it', async ({
      page,
      context,
    }) => {
      const member = await registerMember(context.request, site, { tag: 'feedback' });
      await openHome(page, site);

      const button = feedbackButton(page, site);
      await expect(button).toBeVisible();
      // Stacked above the back-to-top button's place (bottom right).
      const place = (await button.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(place.x + place.width).toBeGreaterThan(viewport.width - 80);
      expect(place.y + place.height).toBeLessThan(viewport.height - 44);

      // The browser asks for reduced motion (playwright.config.ts): the dialog and its mask open
      // without antd's zoom and fade animations.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { animationsSeen: string[] }).animationsSeen = seen;
        document.addEventListener('animationstart', (event) => seen.push(event.animationName), true);
      });
      await button.click();
      const dialog = feedbackDialog(page, site);
      await expect(dialog).toBeVisible();
      await expect(dialog).not.toHaveClass(/zoom/);
      const animations = await page.evaluate(() => (window as unknown as { animationsSeen: string[] }).animationsSeen);
      expect(animations.filter((name) => /zoom|fade/i.test(name))).toEqual([]);
      // Spec 2: the feedback dialog is 560 px wide.
      await expect(dialog).toHaveCSS('width', `${FEEDBACK_WIDTH}px`);
      const box = feedbackBox(page, site);
      await expect(box).toBeFocused();
      await expect(box).toHaveAttribute('maxlength', '5000');

      // The contract's rule, in the page's language: blank text is not sent.
      await box.fill('   \n  ');
      await dialog.getByRole('button', { name: texts.send }).click();
      const boxErrors = fieldErrors(page, page.getByTestId('feedback-content'));
      await expect(boxErrors).toHaveText(texts.contentRequired);
      await expect(dialog).toBeVisible();

      const marker = `fb-${site.lang}-${member.userId}-${Date.now().toString(36)}`;
      const text = `${marker} The events page <b>ignores</b> my filters.\nSecond line.`;
      await box.fill(`  ${text}  `);
      await expect(boxErrors).toHaveCount(0);
      const answer = await sendAndAnswer(page, () => dialog.getByRole('button', { name: texts.send }).click());
      expect(answer).toEqual({ http: 200, status: 200, msg: texts.received, data: null });

      // A success toast: the message with antd's success (check-circle) icon.
      const thanks = toasts(page).filter({ hasText: texts.received });
      await expect(thanks).toBeVisible();
      await expect(thanks.getByRole('img', { name: 'check-circle' })).toBeVisible();
      await expect(dialog).toBeHidden();
      await button.click();
      await expect(feedbackDialog(page, site)).toBeVisible();
      await expect(feedbackBox(page, site)).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(feedbackDialog(page, site)).toBeHidden();

      const [item, ...others] = await inbox(site, marker);
      expect(others).toEqual([]);
      expect(item).toMatchObject({
        tufb_content: text,
        tufb_status: 10,
        tufb_note: '',
        user: { user_id: member.userId, user_nick_name: member.nickname },
        handled_time: null,
      });
      // Each site's inbox holds its own site's feedback.
      const otherSite = SITES.find((s) => s !== site)!;
      expect(await inbox(otherSite, marker)).toEqual([]);
    });

    test('by keyboard alone; a refused send shows its message and the dialog closes cleared all the same', async ({
      page,
      context,
    }) => {
      const member: TestMember = await registerMember(context.request, site, { tag: 'fbkeys' });
      await openHome(page, site);
      const button = feedbackButton(page, site);
      await button.focus();
      await page.keyboard.press('Enter');
      const box = feedbackBox(page, site);
      await expect(box).toBeFocused();
      const first = `keys-${site.lang}-${member.userId} sent with Ctrl+Enter`;
      await page.keyboard.type(first);
      const sent = await sendAndAnswer(page, () => page.keyboard.press('Control+Enter'));
      expect(sent.status).toBe(200);
      await expect(toasts(page).filter({ hasText: texts.received })).toBeVisible();
      await expect(feedbackDialog(page, site)).toBeHidden();
      // Focus goes back to the button, so the keyboard user is where they were.
      await expect(button).toBeFocused();

      // Four more from another tab use up the member's 5 in 10 minutes.
      for (let i = 2; i <= PER_WINDOW; i++) {
        const answer = await callApi(context.request, site, feedBack, { tufb_content: `more ${i}` });
        expect(answer.status).toBe(200);
      }
      await page.keyboard.press('Enter');
      await expect(box).toBeFocused();
      await page.keyboard.type('one too many');
      const refused = await sendAndAnswer(page, async () => {
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(feedbackDialog(page, site).getByRole('button', { name: texts.send })).toBeFocused();
        await page.keyboard.press('Enter');
      });
      expect(refused).toMatchObject({ http: 429, status: 201 });
      expect(refused.msg).toBe(fill(texts.tooMany, { minutes: 10 }));
      await expect(toasts(page).filter({ hasText: refused.msg })).toBeVisible();
      await expect(feedbackDialog(page, site)).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(feedbackBox(page, site)).toHaveValue('');

      const mine = await inbox(site, `keys-${site.lang}-${member.userId}`);
      expect(mine.map((i) => i.tufb_content)).toEqual([first]);
    });

    test("a visitor's press goes to the login page, which says why, and back here", async ({ page }) => {
      await page.goto(`${homeOf(site)}?from=feedback`);
      await waitForHydration(page);
      await feedbackButton(page, site).click();
      await expect(page).toHaveURL(
        `/${site.prefix}/login?callback=${encodeURIComponent(`${homeOf(site)}?from=feedback`)}&reason=feedback`,
      );
      await expect(page.getByTestId('login-reason')).toHaveText(site.texts.auth.loginReason.feedback);
      await expect(feedbackDialog(page, site)).toHaveCount(0);
    });
  });
}
