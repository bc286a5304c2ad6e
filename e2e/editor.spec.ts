import type { Locator, Page } from '@playwright/test';
import { fill, registerMember, toasts } from './support/accounts';
import { expect, homeOf, SITES, test, waitForHydration, type E2eSite } from './support/fixtures';

/**
 * The rich-text editor (issue 5 item 1; spec 4 "Editor", 5 "Editor", 8 upload failures, 9 editor
 * constants) where members meet it: the publish-post dialog. Toolbar formatting, tables, the link
 * popup's cut-down address, Alt+Z full screen, autosave and the draft offered back, the word count
 * and its limit, an image pasted from the clipboard, Word import refusing anything but .docx, and
 * the file picker's empty choice, on both sites.
 */

const MAX_WORDS = 10_000;

async function openPublishDialog(page: Page, site: E2eSite): Promise<Locator> {
  await page.goto(homeOf(site));
  await waitForHydration(page);
  await page.getByTestId('publish-menu').click();
  await page.getByTestId('publish-post').click();
  const dialog = page.getByRole('dialog', { name: site.texts.postForm.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rich-text-editor')).toBeVisible();
  return dialog;
}

const contentOf = (editor: Locator, site: E2eSite) =>
  editor.getByRole('textbox', { name: site.texts.postForm.contentLabel });

/** Dispatches a paste with `data` on the editable element, as the clipboard would. */
async function paste(content: Locator, data: { text?: string; html?: string; png?: boolean }) {
  await content.evaluate(async (element, { text, html, png }) => {
    const transfer = new DataTransfer();
    if (text !== undefined) transfer.setData('text/plain', text);
    if (html !== undefined) transfer.setData('text/html', html);
    if (png) {
      // A 2x2 red PNG, as a screenshot tool puts it on the clipboard.
      const canvas = document.createElement('canvas');
      canvas.width = 2;
      canvas.height = 2;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#ff0000';
      context.fillRect(0, 0, 2, 2);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      transfer.items.add(new File([blob], 'image.png', { type: 'image/png' }));
    }
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

for (const site of SITES) {
  test.describe(`the editor on the ${site.name} site`, () => {
    const texts = site.texts.editor;

    test('formats text, builds a table, cuts long links in the popup and goes full screen with Alt+Z', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'editor' });
      const dialog = await openPublishDialog(page, site);
      const editor = dialog.getByTestId('rich-text-editor');
      const content = contentOf(editor, site);
      // Spec 9: 500 px high in forms.
      await expect(editor).toHaveCSS('height', '500px');

      // Every toolbar control is a labelled button.
      const toolbar = editor.getByRole('toolbar', { name: texts.toolbar.label });
      for (const label of [texts.toolbar.bold, texts.toolbar.italic, texts.toolbar.underline, texts.toolbar.strike]) {
        await expect(toolbar.getByRole('button', { name: label })).toBeVisible();
      }

      await content.click();
      await page.keyboard.type('Storage notes');
      await page.keyboard.press('ControlOrMeta+A');
      await toolbar.getByRole('button', { name: texts.toolbar.bold }).click();
      await toolbar.getByRole('button', { name: texts.toolbar.italic }).click();
      await toolbar.getByRole('button', { name: texts.toolbar.underline }).click();
      await toolbar.getByRole('button', { name: texts.toolbar.strike }).click();
      await expect(content.locator('strong em s u, strong em u s, strong s em u').first()).toHaveText('Storage notes');
      await expect(toolbar.getByRole('button', { name: texts.toolbar.bold })).toHaveAttribute('aria-pressed', 'true');

      // Font size (12-72 px) and colour as inline styles, a heading level from the menu.
      await toolbar.getByRole('button', { name: texts.toolbar.fontSize }).click();
      await page.getByRole('menuitem', { name: '24px' }).click();
      await expect(page.getByRole('menuitem', { name: '24px' })).toBeHidden();
      await toolbar.getByRole('button', { name: texts.toolbar.colour }).click();
      await page.getByRole('menuitem', { name: '#f5222d' }).click();
      await expect(page.getByRole('menuitem', { name: '#f5222d' })).toBeHidden();
      // The browser writes the colour as rgb(), which is what the stored HTML holds.
      await expect(content.locator('span[style*="font-size: 24px"][style*="color: rgb(245, 34, 45)"]')).toHaveText(
        'Storage notes',
      );
      await toolbar.getByRole('button', { name: texts.toolbar.heading }).click();
      await page.getByRole('menuitem', { name: fill(texts.toolbar.headingLevel, { level: 2 }) }).click();
      await expect(content.locator('h2')).toHaveText('Storage notes');

      // A 3x3 table; a row and a column added, a column deleted, then the table deleted.
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: texts.toolbar.table }).click();
      await page.getByRole('menuitem', { name: texts.toolbar.insertTable }).click();
      const table = content.locator('table');
      await expect(table.locator('tr')).toHaveCount(3);
      await expect(table.locator('tr').first().locator('th, td')).toHaveCount(3);
      await page.keyboard.type('cell');
      await toolbar.getByRole('button', { name: texts.toolbar.table }).click();
      await page.getByRole('menuitem', { name: texts.toolbar.addRowAfter }).click();
      await expect(table.locator('tr')).toHaveCount(4);
      await toolbar.getByRole('button', { name: texts.toolbar.table }).click();
      await page.getByRole('menuitem', { name: texts.toolbar.addColumnAfter }).click();
      await expect(table.locator('tr').first().locator('th, td')).toHaveCount(4);
      await toolbar.getByRole('button', { name: texts.toolbar.table }).click();
      await page.getByRole('menuitem', { name: texts.toolbar.deleteColumn }).click();
      await expect(table.locator('tr').first().locator('th, td')).toHaveCount(3);
      await toolbar.getByRole('button', { name: texts.toolbar.table }).click();
      await page.getByRole('menuitem', { name: texts.toolbar.deleteTable }).click();
      await expect(content.locator('table')).toHaveCount(0);

      // A link of 44 characters: the popup shows its first 20 characters only.
      const longLink = 'https://docs.example.com/ceph/erasure-coding';
      await content.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('read the guide');
      await page.keyboard.press('Shift+Home');
      await toolbar.getByRole('button', { name: texts.toolbar.link }).click();
      await page.getByRole('textbox', { name: texts.link.address }).fill(longLink);
      await page.getByRole('textbox', { name: texts.link.address }).press('Enter');
      const anchor = content.locator(`a[href="${longLink}"]`);
      await expect(anchor).toHaveText('read the guide');
      await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await anchor.click();
      await toolbar.getByRole('button', { name: texts.toolbar.link }).click();
      await expect(page.getByTestId('rte-link-current')).toHaveText(`${longLink.slice(0, 20)}…`);
      await page.keyboard.press('Escape');

      // Alt+Z fills the window; Esc leaves full screen and the dialog stays open.
      await content.click();
      await page.keyboard.press('Alt+z');
      await expect(editor).toHaveAttribute('data-fullscreen', 'true');
      const viewport = page.viewportSize()!;
      const box = (await editor.boundingBox())!;
      expect(Math.round(box.width)).toBe(viewport.width);
      expect(Math.round(box.height)).toBe(viewport.height);
      await page.keyboard.press('Escape');
      await expect(editor).toHaveAttribute('data-fullscreen', 'false');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Alt+z');
      await expect(editor).toHaveAttribute('data-fullscreen', 'true');
      await toolbar.getByRole('button', { name: texts.toolbar.exitFullscreen }).click();
      await expect(editor).toHaveAttribute('data-fullscreen', 'false');
    });

    test('counts words (CJK characters one by one), refuses typing past 10,000 and autosaves a draft it offers back', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'words' });
      const dialog = await openPublishDialog(page, site);
      const editor = dialog.getByTestId('rich-text-editor');
      const content = contentOf(editor, site);
      const count = editor.getByTestId('rte-word-count');

      await content.click();
      await page.keyboard.type('数据存储 hello world');
      await expect(count).toHaveText(fill(texts.words.count, { count: 6, max: MAX_WORDS }));

      // Autosave: the message shows, then goes after 2 s.
      const saved = editor.getByTestId('rte-autosave');
      await expect(saved).toHaveText(texts.draft.saved);
      await expect(saved).toHaveText('', { timeout: 4_000 });

      // 9,994 more words pasted: 10,000 in all; one word more is refused and flagged.
      await paste(content, { text: ' w'.repeat(MAX_WORDS - 6) });
      await expect(count).toHaveText(fill(texts.words.count, { count: MAX_WORDS, max: MAX_WORDS }));
      await page.keyboard.type(' x');
      await expect(editor.getByTestId('rte-word-limit')).toHaveText(fill(texts.words.limit, { max: MAX_WORDS }));
      await expect(count).toHaveText(fill(texts.words.count, { count: MAX_WORDS, max: MAX_WORDS }));
      await expect(content).not.toContainText('w x');
      // Deleting is always allowed.
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await expect(count).toHaveText(fill(texts.words.count, { count: MAX_WORDS - 1, max: MAX_WORDS }));

      // The draft comes back when the form opens again in this browser.
      await expect(saved).toHaveText(texts.draft.saved);
      await page.reload();
      const again = await openPublishDialog(page, site);
      const offer = again.getByRole('alert').filter({ hasText: texts.draft.restore });
      await expect(offer).toBeVisible();
      await offer.getByRole('button', { name: texts.draft.restore }).click();
      await expect(again.getByTestId('rte-word-count')).toHaveText(
        fill(texts.words.count, { count: MAX_WORDS - 1, max: MAX_WORDS }),
      );
      await expect(contentOf(again.getByTestId('rich-text-editor'), site)).toContainText('数据存储 hello world');
    });

    test('uploads a pasted clipboard image; Word import takes only .docx; the picker asks for a file', async ({
      page,
      context,
    }) => {
      await registerMember(context.request, site, { tag: 'paste' });
      const dialog = await openPublishDialog(page, site);
      const editor = dialog.getByTestId('rich-text-editor');
      const content = contentOf(editor, site);

      // An image on the clipboard is uploaded and shown from the portal's address.
      await content.click();
      const [upload] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/tool/upLoadimage/') && r.request().method() === 'POST'),
        paste(content, { png: true }),
      ]);
      expect(upload.status()).toBe(200);
      const address = ((await upload.json()) as { data: { address: string } }).data.address;
      await expect(content.locator(`img[src="${address}"]`)).toBeVisible();

      // Pasted HTML with an embedded (data:) image: uploaded too, the source replaced.
      const dataPng =
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const [second] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/tool/upLoadimage/') && r.request().method() === 'POST'),
        paste(content, { html: `<p>from Word</p><img src="${dataPng}">` }),
      ]);
      const secondAddress = ((await second.json()) as { data: { address: string } }).data.address;
      await expect(content.locator(`img[src="${secondAddress}"]`)).toBeVisible();
      await expect(content.locator('img[src^="data:"]')).toHaveCount(0);

      // Word import: a .doc is refused before anything is sent.
      let sent = false;
      page.on('request', (r) => {
        if (r.url().includes('/api/tool/importDocx')) sent = true;
      });
      await editor.getByTestId('rte-word-input').setInputFiles({
        name: 'old-report.doc',
        mimeType: 'application/msword',
        buffer: Buffer.from('not a docx'),
      });
      await expect(toasts(page).filter({ hasText: texts.word.onlyDocx })).toBeVisible();
      expect(sent).toBe(false);

      // The file picker: pressing upload with nothing chosen.
      await editor.getByRole('button', { name: texts.toolbar.attachment }).click();
      const picker = page.getByRole('dialog', { name: texts.picker.title });
      await expect(picker).toBeVisible();
      await expect(picker).toContainText(
        fill(texts.picker.types, { types: 'pdf, txt, zip, rar, 7z, doc, docx, xls, xlsx, ppt, pptx, mp3, mp4' }),
      );
      await picker.getByRole('button', { name: texts.picker.upload }).click();
      await expect(toasts(page).filter({ hasText: texts.picker.empty })).toBeVisible();
      await picker.getByText(texts.picker.image, { exact: true }).click();
      await expect(picker).toContainText(fill(texts.picker.types, { types: 'jpg, jpeg, png, gif' }));
      await picker.getByRole('button', { name: texts.picker.cancel }).click();
      await expect(picker).toBeHidden();
    });
  });
}
