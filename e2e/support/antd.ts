import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks the option labelled `option` of an antd Select (`select`: its combobox). The dropdown is a
 * virtual list that renders only the options in view, so a searchable select is narrowed by typing
 * first. The option is found by its `title` (antd sets it for text labels) or, for a label that is
 * an element, by its exact text. A press that meets the dropdown while it is still opening does
 * nothing, so the choice is retried until the dropdown has closed on it.
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const page = select.page();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const options = dropdown.locator('.ant-select-item-option');
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(async () => {
    if ((await dropdown.count()) === 0) {
      await select.click();
      // A select without search has a read-only input: typing would do nothing there.
      if (await select.isEditable()) await select.fill(option);
    }
    await options
      .and(page.locator(`[title=${JSON.stringify(option)}]`))
      .or(options.filter({ has: page.getByText(exact) }))
      .click({ timeout: 3_000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until the antd dialog `dialog` has finished opening. During its zoom-in the dialog is drawn
 * at a fraction of its size and a press on one of its buttons can be lost.
 */
export async function openedDialog(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(?:appear|enter)\b/);
  return dialog;
}

/**
 * Presses OK in the antd popconfirm that is open. Like a dialog, the popup zooms in, and a press
 * that meets it while it is still opening can be lost (the popup then stays open with its question);
 * so the press waits for the opening to end. `button` names the button to press, OK by default.
 */
export async function confirmPopconfirm(page: Page, button?: string): Promise<void> {
  const popup = page.locator('.ant-popconfirm:visible');
  await expect(popup).toHaveCount(1);
  await expect(popup).not.toHaveClass(/-(?:appear|enter)\b/);
  const buttons = popup.locator('.ant-popconfirm-buttons');
  await (button ? buttons.getByRole('button', { name: button }) : buttons.locator('.ant-btn-primary')).click();
}
