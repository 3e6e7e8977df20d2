import type { Locator, Page } from 'playwright-core';
import { STEP_MS } from './app-page.ts';

/**
 * Picks `option` in the Mantine Select `combobox` as a user would: opens it, clicks the option. On a loaded machine
 * a redraw between the two clicks can close the dropdown again (its options stay in the page, hidden); the pick is
 * then tried again from the start rather than waiting out the step for an option that will not show.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const choice = page.getByRole('option', { name: option }).first();
  const deadline = Date.now() + STEP_MS * 2;
  for (;;) {
    try {
      if (!(await choice.isVisible())) await combobox.click({ timeout: 5_000 });
      await choice.click({ timeout: 3_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Picks `option` in the Select labelled `label` inside `scope`. */
export function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  return chooseOption(page, scope.getByRole('combobox', { name: label, exact: true }).first(), option);
}

/** Picks `option` in the Select with the test id. */
export function chooseById(page: Page, testId: string, option: string | RegExp): Promise<void> {
  return chooseOption(page, page.getByTestId(testId), option);
}
