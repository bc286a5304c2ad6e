import type { Locator, Page } from '@playwright/test';
import { postAdd, postFormConfig, postInfo, type PostDetail } from '@portal/contracts/discussions';
import { adminUsersGrantRole } from '@portal/contracts/roles';
import { adminSettingsUpdate } from '@portal/contracts/settings';
import { callApi, fieldErrors, registerMember, toasts } from './support/accounts';
import { useAdmin } from './support/admin';
import { chooseOption } from './support/antd';
import { docx, png } from './support/docx';
import {
  answeredAt,
  expect,
  nextNavigationTo,
  otherSite,
  SITES,
  test,
  waitForHydration,
  type E2eSite,
} from './support/fixtures';

/**
 * The publish-post dialog (issue 5 item 3; spec 2 "Dialogs" 879 px with a 500 px editor, spec 3
 * "Post form", spec 4 timings and the login rule, spec 5 rules and messages), on both sites:
 * a member publishes a post with a table and a picture from a Word import, an image pasted from
 * the clipboard, an attachment and a language version in the other site; it is in the list and on
 * its page. Every validation message of the form, in the page's language and the same as the
 * server's, with the board required because the site has boards (decision 024); the first invalid
 * field is scrolled into view. Closing clears the form; a visitor is
 * told to log in and sent there with the page as callback.
 */

const DIALOG_WIDTH = 879;
const SUCCESS_WIDTH = 500;
const EDITOR_HEIGHT = 500;

interface FormConfig {
  post_ins_list: Array<{ label: string; value: number }>;
  post_scene_list: Array<{ label: string; value: number }>;
  post_source_list: Array<{ label: string; value: number }>;
  post_board_list: Array<{ label: string; value: number }>;
  other_lang: Array<{ tws_id: number; tws_name: string }>;
}

/** Signed in with a one-time code: an earlier spec may have spent this IP's password failures. */
const admin = useAdmin();

const listPath = (site: E2eSite) => `/${site.prefix}/discuss/list`;

async function formConfig(page: Page, site: E2eSite): Promise<FormConfig> {
  const answer = await callApi<FormConfig>(page.context().request, site, postFormConfig);
  expect(answer.status, `post/formConfig: ${answer.msg}`).toBe(200);
  return answer.data;
}

const postDialog = (page: Page, site: E2eSite) => page.getByRole('dialog', { name: site.texts.postForm.title });
const editDialog = (page: Page, site: E2eSite) => page.getByRole('dialog', { name: site.texts.postForm.editTitle });
const contentOf = (dialog: Locator) => dialog.locator('.ProseMirror');

/** The navbar's publish menu, entry "post" (spec 2). */
async function openFromNavbar(page: Page, site: E2eSite): Promise<Locator> {
  const nav = site.texts.nav;
  await page.getByRole('button', { name: nav.publish, exact: true }).hover();
  await page.getByRole('button', { name: nav.publishPost, exact: true }).click();
  const dialog = postDialog(page, site);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('post-form-title')).toBeVisible();
  await expect(contentOf(dialog)).toBeVisible();
  return dialog;
}

async function openList(page: Page, site: E2eSite) {
  await page.goto(listPath(site));
  await waitForHydration(page);
}

/** Pastes `bytes` as an image file from the clipboard into the editor, as Chromium hands it over. */
async function pasteImage(editor: Locator, bytes: Buffer) {
  await editor.click();
  await editor.press('End');
  await editor.evaluate((element, data) => {
    const file = new File([new Uint8Array(data)], 'clipboard.png', { type: 'image/png' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, Array.from(bytes));
}

/** Sends the form and answers the post/add (or post/edit) envelope. */
interface SaveAnswer {
  http: number;
  /** When the browser had the whole answer, on the browser's clock (epoch ms). */
  answeredAt: number;
  status: number;
  msg: string;
  data: { tp_id: number; status: number; linked?: Array<{ tws_id: number; tp_id: number; status: number }> };
}

async function sendForm(page: Page, dialog: Locator, path: '/api/post/add' | '/api/post/edit'): Promise<SaveAnswer> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST'),
    dialog.getByTestId('post-form-submit').click(),
  ]);
  const body = (await response.json()) as Omit<SaveAnswer, 'http' | 'answeredAt'>;
  return { http: response.status(), answeredAt: answeredAt(response), ...body };
}

/** Chooses `label` in the antd Select whose root is `select` and whose combobox is named `name`. */
function pickUntilChosen(select: Locator, name: string, label: string) {
  return chooseOption(select.getByRole('combobox', { name }), label);
}

/** Fills the required fields (title, board, industry, scene, content) with valid values. */
async function fillRequired(dialog: Locator, site: E2eSite, config: FormConfig, title: string) {
  const texts = site.texts.postForm;
  await dialog.getByTestId('post-form-title').fill(title);
  await pickUntilChosen(dialog.getByTestId('post-form-board'), texts.boardLabel, config.post_board_list[0]!.label);
  await pickUntilChosen(dialog.getByTestId('post-form-industry'), texts.industryLabel, config.post_ins_list[0]!.label);
  await pickUntilChosen(dialog.getByTestId('post-form-scene'), texts.sceneLabel, config.post_scene_list[0]!.label);
  await contentOf(dialog).click();
  await contentOf(dialog).pressSequentially('Some words of content.');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

for (const site of SITES) {
  test.describe(`the publish-post dialog on the ${site.name} site`, () => {
    const texts = site.texts.postForm;

    test('a member publishes a post with a Word import, a pasted image, an attachment and a language version', async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await registerMember(context.request, site, { tag: 'publish' });
      const config = await formConfig(page, site);
      const industry = config.post_ins_list[0]!;
      const scene = config.post_scene_list[0]!;
      const board = config.post_board_list[0]!;
      const other = config.other_lang.find((s) => s.tws_id === Number(otherSite(site).siteData))!;
      expect(other, 'the other site is offered for a language version').toBeDefined();
      await openList(page, site);

      const dialog = await openFromNavbar(page, site);
      // Spec 2: 879 px wide, the editor 500 px high; source 10 chosen, no expert note for a member.
      await expect(dialog).toHaveCSS('width', `${DIALOG_WIDTH}px`);
      await expect(dialog.getByTestId('rich-text-editor')).toHaveCSS('height', `${EDITOR_HEIGHT}px`);
      const source = config.post_source_list.find((s) => s.value === 10)!;
      await expect(dialog.getByTestId('post-form-source')).toContainText(source.label);
      await expect(dialog.getByTestId('post-form-expert')).toHaveCount(0);

      const title = `${site.lang === 'zh' ? '纠删码迁移复盘' : 'Erasure coding, one year on'} ${Date.now().toString(36)}`;
      await dialog.getByTestId('post-form-title').fill(title);
      await pickUntilChosen(dialog.getByTestId('post-form-board'), texts.boardLabel, board.label);
      await pickUntilChosen(dialog.getByTestId('post-form-industry'), texts.industryLabel, industry.label);
      await pickUntilChosen(dialog.getByTestId('post-form-scene'), texts.sceneLabel, scene.label);

      // A Word document with a heading, a table and a picture becomes editor content, picture uploaded.
      const editor = contentOf(dialog);
      const cell = `${site.lang}-cell-${Date.now().toString(36)}`;
      await dialog.getByTestId('rte-word-input').setInputFiles({
        name: 'migration-report.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx({
          heading: 'Migration report',
          paragraph: 'Eight data fragments and three parity fragments per object.',
          table: [
            ['Pool', 'Layout'],
            ['cold', cell],
          ],
          image: png(40, 20, [30, 120, 200]),
        }),
      });
      await expect(editor.locator('table')).toContainText(cell);
      await expect(editor.locator('img[src^="/attachments/"]')).toHaveCount(1);

      // An image pasted from the clipboard is uploaded and goes in by its address.
      await pasteImage(editor, png(16, 16, [220, 40, 40]));
      await expect(editor.locator('img[src^="/attachments/"]')).toHaveCount(2);
      await editor.press('End');
      await editor.pressSequentially(' Pasted chart above.');

      // An attachment of the form's types.
      await dialog
        .getByTestId('attachment-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'capacity-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(dialog.locator('.ant-upload-list-item-done', { hasText: 'capacity-plan.pdf' })).toBeVisible();

      await dialog.getByRole('checkbox', { name: other.tws_name }).check();

      const answer = await sendForm(page, dialog, '/api/post/add');
      expect(answer.http).toBe(200);
      expect(answer.status).toBe(200);
      expect(answer.data.status).toBe(20);
      const postId = answer.data.tp_id;
      expect(answer.data.linked).toEqual([expect.objectContaining({ tws_id: other.tws_id, status: 20 })]);

      // Spec 4: the dialog closes (after 20 ms); published: the server's msg as a success toast, then the post.
      await expect(dialog).toBeHidden();
      const toast = toasts(page).filter({ hasText: answer.msg });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('img', { name: 'check-circle' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/discuss/info/${postId}$`));
      await expect(page.getByTestId('discuss-title')).toHaveText(title);
      const content = page.getByTestId('discuss-content');
      await expect(content.locator('table')).toContainText(cell);
      await expect(content.locator('img[src^="/attachments/"]')).toHaveCount(2);
      await expect(page.getByTestId('discuss-attachment')).toContainText('capacity-plan.pdf');

      const detail = await callApi<PostDetail>(page.context().request, site, postInfo, { tp_id: postId });
      expect(detail.data).toMatchObject({
        tp_title: title,
        tp_board_id: board.value,
        tp_hy_dd_id: industry.value,
        tp_cj_dd_id: scene.value,
        tp_source: 10,
        tp_type: 10,
        is_expert: 10,
        tp_annex: [expect.objectContaining({ att_title: 'capacity-plan.pdf' })],
        linked: [expect.objectContaining({ tws_id: other.tws_id })],
      });

      // It is in the discussions list.
      await openList(page, site);
      await expect(page.getByTestId('discuss-item-link').filter({ hasText: title })).toBeVisible();

      // The form was reset (after 500 ms): opening it again starts blank.
      const again = await openFromNavbar(page, site);
      await expect(again.getByTestId('post-form-title')).toHaveValue('');
      await expect(again.locator('.ant-upload-list-item')).toHaveCount(0);
      await expect(contentOf(again).locator('img')).toHaveCount(0);
      await again.getByTestId('post-form-cancel').click();
      await expect(again).toBeHidden();
    });

    test('every validation message of the post form, the same as the server says, first invalid field in view', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'postrules' });
      const config = await formConfig(page, site);
      await openList(page, site);
      const dialog = await openFromNavbar(page, site);
      // From the page, not the dialog: `fieldErrors` looks for the control inside a form item.
      const title = page.getByTestId('post-form-title');
      const board = page.getByTestId('post-form-board').getByRole('combobox', { name: texts.boardLabel });
      const industry = page.getByTestId('post-form-industry').getByRole('combobox', { name: texts.industryLabel });
      const scene = page.getByTestId('post-form-scene').getByRole('combobox', { name: texts.sceneLabel });
      const editor = page.locator('.ProseMirror');
      const errorsOf = (control: Locator) => fieldErrors(page, control);

      // spec 5: the title is checked when it loses focus.
      await title.click();
      await expect(errorsOf(title)).toHaveCount(0);
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveText(texts.titleInvalid);

      // The site has boards, so the board is required (decision 024): marked like the other required fields.
      expect(config.post_board_list.length, 'the seeded site has boards').toBeGreaterThan(0);
      const labelOf = (control: Locator) => page.locator('.ant-form-item').filter({ has: control }).locator('label');
      await expect(labelOf(board)).toHaveClass(/ant-form-item-required/);
      await expect(labelOf(board)).toHaveText(texts.boardLabel);
      await expect(labelOf(industry)).toHaveClass(/ant-form-item-required/);

      // Sending the empty form: each required field says what is missing; the first one is in view.
      await editor.click();
      await dialog.getByTestId('post-form-submit').click();
      await expect(errorsOf(board)).toHaveText(texts.boardRequired);
      await expect(errorsOf(industry)).toHaveText(texts.industryRequired);
      await expect(errorsOf(scene)).toHaveText(texts.sceneRequired);
      await expect(errorsOf(editor)).toHaveText(texts.contentInvalid);
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport();
      await expect(dialog).toBeVisible();

      // Spaces are not a title; blank paragraphs are not content.
      await title.fill('    ');
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveText(texts.titleInvalid);
      await title.fill(`Rules ${site.lang}`);
      await title.press('Tab');
      await expect(errorsOf(title)).toHaveCount(0);
      await pickUntilChosen(
        page.getByTestId('post-form-industry'),
        texts.industryLabel,
        config.post_ins_list[0]!.label,
      );
      await expect(errorsOf(industry)).toHaveCount(0);
      await pickUntilChosen(page.getByTestId('post-form-scene'), texts.sceneLabel, config.post_scene_list[0]!.label);
      await expect(errorsOf(scene)).toHaveCount(0);
      await editor.click();
      await editor.press('Space');
      await editor.press('Enter');
      await editor.press('Space');
      let sent = false;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/post/add')) sent = true;
      });
      // Still no board: the first invalid field, scrolled back into view from the bottom of the form.
      await page.evaluate(() => {
        window.scrollTo(0, document.body.scrollHeight);
        document.querySelectorAll('.ant-modal-wrap, .ant-modal-body').forEach((el) => el.scrollTo(0, el.scrollHeight));
      });
      await dialog.getByTestId('post-form-submit').click();
      await expect(errorsOf(board)).toHaveText(texts.boardRequired);
      await expect(errorsOf(editor)).toHaveText(texts.contentInvalid);
      await expect(board).toBeInViewport();
      await expect(board).toBeFocused();
      await pickUntilChosen(page.getByTestId('post-form-board'), texts.boardLabel, config.post_board_list[0]!.label);
      await expect(errorsOf(board)).toHaveCount(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await dialog.locator('.ant-modal-body').evaluate((body) => body.scrollTo(0, 0));
      await dialog.getByTestId('post-form-submit').click();
      await expect(errorsOf(editor)).toHaveText(texts.contentInvalid);
      await expect(dialog.getByTestId('rich-text-editor')).toBeInViewport();
      expect(sent, 'an invalid form is not sent').toBe(false);

      // The server holds the same rules and words them the same way (one schema, both sides).
      const refused = await callApi<{ issues: Array<{ field: string; message: string }> }>(
        page.context().request,
        site,
        postAdd,
        { tp_title: '  ', tp_content: '<p>&nbsp;</p>' },
      );
      expect(refused.status).toBe(40001);
      expect(refused.data.issues).toEqual(
        expect.arrayContaining([
          { field: 'tp_title', message: texts.titleInvalid },
          { field: 'tp_hy_dd_id', message: texts.industryRequired },
          { field: 'tp_cj_dd_id', message: texts.sceneRequired },
          { field: 'tp_content', message: texts.contentInvalid },
        ]),
      );
      // A form that passes the schema but names no board: refused by the site's rule, in the same words.
      const boardless = await callApi<{ field: string; issues: Array<{ field: string; message: string }> }>(
        page.context().request,
        site,
        postAdd,
        {
          tp_title: `No board ${site.lang}`,
          tp_hy_dd_id: config.post_ins_list[0]!.value,
          tp_cj_dd_id: config.post_scene_list[0]!.value,
          tp_content: '<p>Words.</p>',
        },
      );
      expect(boardless.status).toBe(40001);
      expect(boardless.data.field).toBe('tp_board_id');
      expect(boardless.data.issues).toEqual([{ field: 'tp_board_id', message: texts.boardRequired }]);

      // Content at last: published.
      await editor.pressSequentially('Real words.');
      await expect(errorsOf(editor)).toHaveCount(0);
      const answer = await sendForm(page, dialog, '/api/post/add');
      expect(answer.status).toBe(200);
      await expect(dialog).toBeHidden();
    });

    test('closing clears the form, its messages and its attachments; the author edits the post from its page', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'postclose' });
      const config = await formConfig(page, site);
      await openList(page, site);
      let dialog = await openFromNavbar(page, site);
      await dialog.getByTestId('post-form-title').fill('Left unfinished');
      await dialog.getByTestId('post-form-submit').click();
      await expect(fieldErrors(page, page.getByTestId('post-form-industry'))).toHaveText(texts.industryRequired);
      await dialog
        .getByTestId('attachment-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain notes\n') });
      await expect(dialog.locator('.ant-upload-list-item-done', { hasText: 'notes.txt' })).toBeVisible();
      await dialog.getByRole('button', { name: texts.close }).click();
      await expect(dialog).toBeHidden();

      dialog = await openFromNavbar(page, site);
      await expect(dialog.getByTestId('post-form-title')).toHaveValue('');
      await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
      await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(0);

      // Publish a question, then edit it from its page: the dialog comes prefilled and saves with post/edit.
      const title = `Edit me ${site.lang} ${Date.now().toString(36)}`;
      await dialog.getByTestId('post-form-title').fill(title);
      await dialog.locator('.ant-radio-button-wrapper', { hasText: texts.typeQuestion }).click();
      await expect(dialog.getByRole('radio', { name: texts.typeQuestion })).toBeChecked();
      const board = config.post_board_list[0]!;
      await pickUntilChosen(dialog.getByTestId('post-form-board'), texts.boardLabel, board.label);
      await pickUntilChosen(
        dialog.getByTestId('post-form-industry'),
        texts.industryLabel,
        config.post_ins_list[0]!.label,
      );
      await pickUntilChosen(dialog.getByTestId('post-form-scene'), texts.sceneLabel, config.post_scene_list[0]!.label);
      await contentOf(dialog).click();
      await contentOf(dialog).pressSequentially('First version.');
      const added = await sendForm(page, dialog, '/api/post/add');
      expect(added.status).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/discuss/info/${added.data.tp_id}$`));
      await waitForHydration(page);

      await page.getByTestId('discuss-edit').click();
      const edit = editDialog(page, site);
      await expect(edit).toBeVisible();
      await expect(edit.getByTestId('post-form-title')).toHaveValue(title);
      await expect(edit.getByRole('radio', { name: texts.typeQuestion })).toBeChecked();
      await expect(contentOf(edit)).toContainText('First version.');
      await expect(edit.getByTestId('post-form-board')).toContainText(board.label);
      await edit.getByTestId('post-form-title').fill(`${title} (edited)`);
      const saved = await sendForm(page, edit, '/api/post/edit');
      expect(saved).toMatchObject({ http: 200, status: 200, data: { tp_id: added.data.tp_id, status: 20 } });
      await expect(edit).toBeHidden();
      await expect(page.getByTestId('discuss-title')).toHaveText(`${title} (edited)`);
    });

    test('a post by an expert carries the expert mark; with review on, the success dialog says editors are reviewing it', async ({
      page,
      context,
    }) => {
      const member = await registerMember(context.request, site, { tag: 'postexpert' });
      await admin.call(site, adminUsersGrantRole, { user_id: member.userId, role: 'expert' });
      await admin.call(site, adminSettingsUpdate, { review: { post_review: true } });
      try {
        const config = await formConfig(page, site);
        await openList(page, site);
        const dialog = await openFromNavbar(page, site);
        // spec 3/6: user_expert 20 → is_expert 20, said in the form.
        await expect(dialog.getByTestId('post-form-expert')).toHaveText(texts.expertNote);
        const title = `Under review ${site.lang} ${Date.now().toString(36)}`;
        await fillRequired(dialog, site, config, title);
        const answer = await sendForm(page, dialog, '/api/post/add');
        expect(answer).toMatchObject({ http: 200, status: 200, data: { status: 10 } });
        await expect(dialog).toBeHidden();

        // Spec 2: the 500 px success dialog, which an outside click does not close.
        const success = page.getByRole('dialog', { name: texts.reviewTitle });
        await expect(success).toBeVisible();
        await expect(success).toHaveCSS('width', `${SUCCESS_WIDTH}px`);
        await expect(success).toContainText(texts.reviewBody);
        await page.mouse.click(10, 10);
        await expect(success).toBeVisible();
        await success.getByRole('button', { name: texts.reviewOk }).click();
        await expect(success).toBeHidden();
        // The author's preview of the pending post.
        await expect(page).toHaveURL(new RegExp(`/${site.prefix}/discuss/info/${answer.data.tp_id}/1$`));
        await expect(page.getByTestId('discuss-title')).toHaveText(title);

        const detail = await callApi<PostDetail>(page.context().request, site, postInfo, {
          tp_id: answer.data.tp_id,
        });
        expect(detail.data).toMatchObject({ is_expert: 20, status: 10 });
      } finally {
        await admin.call(site, adminSettingsUpdate, { review: { post_review: false } });
      }
    });

    test('a member with incomplete information keeps what they wrote and is sent to complete it (203)', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'postinfo', complete: false });
      const config = await formConfig(page, site);
      // Spec 2's information redirect already takes them to the information page; the navbar is there.
      await openList(page, site);
      await expect(page).toHaveURL(new RegExp(`/${site.prefix}/information\\?callback=`));
      const dialog = await openFromNavbar(page, site);
      await fillRequired(dialog, site, config, `Incomplete ${site.lang}`);
      // Spec 8: after 4 s, the personal centre with a callback (complete the information).
      const toCentre = nextNavigationTo(page, new RegExp(`^/${site.prefix}/userinfo\\?callback=`));
      const answer = await sendForm(page, dialog, '/api/post/add');
      expect(answer.status).toBe(203);
      await expect(toasts(page).filter({ hasText: answer.msg })).toBeVisible();
      // Nothing written is thrown away by a refusal.
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('post-form-title')).toHaveValue(`Incomplete ${site.lang}`);
      // Both times on the browser's clock: a busy test process does not shorten the wait it sees.
      const navigation = await toCentre;
      await navigation.response(); // its timing is known once it is answered
      expect(navigation.timing().startTime - answer.answeredAt).toBeGreaterThanOrEqual(3_500);
    });

    test('a visitor is told to log in and is sent to login a second later, with the page as callback', async ({
      page,
    }) => {
      await openList(page, site);
      const started = Date.now();
      await page.getByTestId('discuss-publish').click();
      await expect(toasts(page).filter({ hasText: texts.loginFirst })).toBeVisible();
      expect(page.url()).toContain(listPath(site));
      await page.waitForURL(`**/${site.prefix}/login?callback=${encodeURIComponent(listPath(site))}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      await expect(postDialog(page, site)).toHaveCount(0);
    });
  });
}
