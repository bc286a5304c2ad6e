import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks the option labelled `option` of an antd Select (`select`: its combobox). The dropdown is a
 * virtual list that renders only the options in view, so a searchable select is narrowed by typing
 * first. The option is found by its `title` (antd sets it for text labels) or, for a label that is
 * an element, by its exact text.
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const page = select.page();
  await select.click();
  // A select without search has a read-only input: typing would do nothing there.
  if (await select.isEditable()) await page.keyboard.type(option);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const options = dropdown.locator('.ant-select-item-option');
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await options
    .and(page.locator(`[title=${JSON.stringify(option)}]`))
    .or(options.filter({ has: page.getByText(exact) }))
    .click();
  await expect(dropdown).toHaveCount(0);
}
