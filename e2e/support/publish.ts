import type { Locator, Page } from '@playwright/test';
import { expect, homeOf, waitForHydration, type E2eSite } from './fixtures';

/** The publish-post dialog, opened from the navbar's publish menu on the site's home page, its editor ready. */
export async function openPublishDialog(page: Page, site: E2eSite): Promise<Locator> {
  await page.goto(homeOf(site));
  await waitForHydration(page);
  await page.getByTestId('publish-menu').click();
  await page.getByTestId('publish-post').click();
  const dialog = page.getByRole('dialog', { name: site.texts.postForm.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rich-text-editor')).toBeVisible();
  return dialog;
}
