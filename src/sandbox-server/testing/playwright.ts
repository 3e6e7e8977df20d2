/**
 * `scambio-sandbox/testing/playwright`: Playwright Test fixtures over `startScambio`. `page` is the app (the headless UI
 * in the machine's Chromium, or the desktop window), never a browser Playwright would have to download; `api` the
 * typed client; `sandbox` the controls. Each test gets a fresh Scambio; `test.use({ scambioOptions: { seed:
 * 'qa', locale: 'en' } })` chooses what it starts with.
 *
 * ```ts
 * import { test, expect } from 'scambio-sandbox/testing/playwright';
 * test.use({ scambioOptions: { seed: 'qa' } });
 * test('the inbox shows unread invoices', async ({ page }) => {
 *   await page.getByTestId('nav-inbox').click();
 *   await expect(page.locator('[data-testid="inbox-table"] tr[data-unread]').first()).toBeVisible();
 * });
 * ```
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from 'playwright-core';
import type { ScambioClient, SandboxControl } from '../../shared/client/index.ts';
import { startScambio, type Scambio, type StartScambioOptions } from './start.ts';

export interface ScambioFixtures {
  scambioOptions: StartScambioOptions;
  scambio: Scambio;
  page: Page;
  api: ScambioClient;
  sandbox: SandboxControl;
}

export const test = base.extend<ScambioFixtures>({
  scambioOptions: [{}, { option: true }],
  scambio: async ({ scambioOptions }, use) => {
    const scambio = await startScambio(scambioOptions);
    try {
      await use(scambio);
    } finally {
      await scambio.close();
    }
  },
  // The app's own page replaces Playwright's: no browser of Playwright's is launched or downloaded.
  page: async ({ scambio }, use) => use(scambio.page),
  api: async ({ scambio }, use) => use(scambio.api),
  sandbox: async ({ scambio }, use) => use(scambio.sandbox),
});

export { expect };
export type { Scambio, StartScambioOptions };
