/**
 * The product and service catalogue (issue 29 §2), in Chromium: an item typed in its form (an Italian price with a
 * thousands dot), a CSV import where a bad row is reported by its line and not kept, a composer line filled by
 * picking an item (and the file sent with its CodiceArticolo), a typed line saved into the catalogue, the export.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, STEP_MS } from './support/app-page.ts';
import { chooseById } from './support/select.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'catalogue');

async function downloadOf(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download', { timeout: STEP_MS });
  await click();
  return readFileSync((await (await download).path())!, 'utf8');
}

describe('products and services, in Chromium', () => {
  let ui: UiFixture;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
  });

  afterAll(() => ui?.close());

  it('adds, imports and exports items, and fills a composer line from one (Italian)', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-catalogue').click();
      await page.getByTestId('catalogue-add').click();
      const form = page.getByTestId('catalogue-form');
      await form.waitFor({ timeout: STEP_MS });
      await form.getByLabel('Codice', { exact: true }).fill('CONS-H');
      await form.getByLabel('Descrizione', { exact: true }).fill('Consulenza fiscale, ora');
      await form.getByLabel('Unità', { exact: true }).fill('ore');
      await form.getByLabel('Prezzo unitario', { exact: true }).fill('1.250,50');
      await page.getByTestId('catalogue-save').click();
      await page.getByTestId('catalogue-saved').waitFor({ timeout: STEP_MS });
      await page.keyboard.press('Escape');
      const row = page.locator('[data-testid="catalogue-row"][data-code="CONS-H"]');
      await row.waitFor({ timeout: STEP_MS });
      // Typed the Italian way, kept as a plain decimal.
      expect(await row.getAttribute('data-price')).toBe('1250.50');

      // Import: two good rows (an exempt course with its nature, a price with a decimal comma), one bad.
      const file = join(SHOTS, 'import.csv');
      writeFileSync(
        file,
        [
          'code;description;unit;unit_price;vat_rate;nature;legal_reference;withholding',
          'CORSO;Corso di formazione;;200;0;N4;Art. 10 DPR 633/72;no',
          'MAN;"Manuale IVA; edizione 2026";pz;49,90;4;;;no',
          'BAD;Senza prezzo;;abc;22;;;no',
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(file);
      const report = page.getByTestId('catalogue-import-report');
      await report.waitFor({ timeout: STEP_MS });
      expect(await report.getAttribute('data-imported')).toBe('2');
      expect(await report.getAttribute('data-problems')).toBe('1');
      expect(await report.innerText()).toContain('riga 4');
      expect(await page.getByTestId('catalogue-row').count()).toBe(3);
      await page.screenshot({ path: join(SHOTS, 'catalogue-it.png'), fullPage: true });

      const csv = await downloadOf(page, () => page.getByTestId('catalogue-export').click());
      expect(csv.split('\r\n')[0]).toContain('code;code_type;description;unit;unit_price;vat_rate;nature');
      expect(csv).toContain('"Manuale IVA; edizione 2026"');
      expect(csv).toContain('1250.50');

      // The composer: picking fills the empty first line, a second pick adds a line.
      await page.getByTestId('nav-compose').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      const pick = page.getByTestId('compose-line-pick');
      await pick.fill('cons');
      await page.getByRole('option', { name: /CONS-H/ }).click();
      const lines = page.getByTestId('compose-line');
      await expect
        .poll(() => lines.nth(0).getByLabel('Descrizione', { exact: true }).inputValue(), {
          timeout: STEP_MS,
        })
        .toBe('Consulenza fiscale, ora');
      await pick.fill('corso');
      await page.getByRole('option', { name: /Corso di formazione/ }).click();
      await expect.poll(() => lines.count(), { timeout: STEP_MS }).toBe(2);
      // The field is ready for the next pick.
      expect(await pick.inputValue()).toBe('');
      expect(await lines.nth(1).getByLabel('Riferimento normativo', { exact: true }).inputValue()).toBe(
        'Art. 10 DPR 633/72',
      );
      // 1,250.50 + 200.00 = 1,450.50 taxable; VAT 22 % of 1,250.50 = 275.11; stamp 2.00 (200.00 exempt).
      await expect
        .poll(() => page.getByTestId('compose-totals').getAttribute('data-total'), { timeout: STEP_MS })
        .toBe('1727.61');

      // A line typed here goes into the catalogue.
      await page.getByTestId('compose-add-line').click();
      await lines.nth(2).getByLabel('Descrizione', { exact: true }).fill('Dichiarazione dei redditi');
      await lines.nth(2).getByLabel('Prezzo unitario', { exact: true }).fill('300');
      await page.getByTestId('compose-line-save').click();
      await page.getByTestId('compose-line-save-item').filter({ hasText: 'Riga 3' }).click();
      await page.getByTestId('compose-line-saved').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'compose-pick-it.png'), fullPage: true });
      await page.getByTestId('nav-catalogue').click();
      await page
        .locator('[data-testid="catalogue-row"]', { hasText: 'Dichiarazione dei redditi' })
        .waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('catalogue-row').count()).toBe(4);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the catalogue in English, and an exempt item needs its nature', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-catalogue').click();
      await page.getByTestId('catalogue-add').click();
      const form = page.getByTestId('catalogue-form');
      await form.waitFor({ timeout: STEP_MS });
      await form.getByLabel('Description', { exact: true }).fill('Training course');
      await form.getByLabel('Unit price', { exact: true }).fill('200');
      await chooseById(page, 'catalogue-vat', 'No VAT');
      await page.getByTestId('catalogue-save').click();
      await form.getByText('An item without VAT needs its nature.').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('catalogue-saved').count()).toBe(0);
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(SHOTS, 'item-en.png'), fullPage: true });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
