import type { Locator, Page } from 'playwright-core';
import { STEP_MS } from './app-page.ts';

/**
 * Picks `option` in the Mantine Select `combobox` as a user would: opens it, clicks the option, and sees the Select
 * show it. Only a visible option counts: another Select's list (the composer's customer search lists the companies
 * too) stays in the page, hidden. On a loaded machine a redraw between the two clicks can close the dropdown again,
 * or swallow the click; the pick is then tried again from the start rather than waiting out the step.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const choice = page.getByRole('option', { name: option }).filter({ visible: true }).first();
  const shown = (value: string) => (typeof option === 'string' ? value.includes(option) : option.test(value));
  const deadline = Date.now() + STEP_MS * 2;
  for (;;) {
    try {
      if (!(await choice.isVisible())) await combobox.click({ timeout: 5_000 });
      await choice.click({ timeout: 3_000 });
      // A searchable Select's input shows the label chosen; a value it does not show was not taken.
      const until = Date.now() + 3_000;
      while (!shown(await combobox.inputValue().catch(() => ''))) {
        if (Date.now() > until) throw new Error(`the Select does not show ${String(option)}`);
        await page.waitForTimeout(100);
      }
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
