/**
 * The backup file (issue 29, "Where it lives"), in Chromium: a saved customer and a catalogue item exported in a
 * backup sealed with a passphrase, then imported in a new browser context (a new machine: empty storage). A wrong
 * passphrase imports nothing; the right one brings both back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { italianVat } from '../support/invoices.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'backup');
const CUSTOMER = italianVat(9501);
const PASSPHRASE = 'gatto-blu-2027';

describe('a backup of the profile, in Chromium', () => {
  let ui: UiFixture;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
  });

  afterAll(() => ui?.close());

  it('exports a sealed backup on one machine and imports it on another', async () => {
    // The first machine: a customer and an item, then the backup.
    const first = await openApp(ui.browser, ui.sandbox.origin, 'en');
    let backupFile = '';
    try {
      const { page } = first;
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contacts-import').waitFor({ timeout: STEP_MS });
      const contacts = join(ui.files, 'backup-customers.csv');
      writeFileSync(
        contacts,
        [
          'name;vat_country;vat_number;town;roles;delivery;recipient_code',
          `Rossi Arredi Srl;IT;${CUSTOMER.slice(2)};Lucca;customer;code;ROSSI01`,
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(contacts);
      await page
        .locator('[data-testid="contacts-import-report"][data-imported="1"]')
        .waitFor({ timeout: STEP_MS });
      await page.getByTestId('nav-catalogue').click();
      await page.getByTestId('catalogue-import').waitFor({ timeout: STEP_MS });
      const items = join(ui.files, 'backup-items.csv');
      writeFileSync(
        items,
        [
          'code;description;unit;unit_price;vat_rate;nature;legal_reference;withholding',
          'SEDIA;Sedia da ufficio;pz;89,90;22;;;no',
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(items);
      await page
        .locator('[data-testid="catalogue-import-report"][data-imported="1"]')
        .waitFor({ timeout: STEP_MS });

      await page.getByTestId('nav-profiles').click();
      await page.getByTestId('backup').waitFor({ timeout: STEP_MS });
      await page.getByTestId('backup-passphrase').fill(PASSPHRASE);
      const download = page.waitForEvent('download', { timeout: 2 * STEP_MS });
      await page.getByTestId('backup-export').click();
      const saved = await download;
      expect(saved.suggestedFilename()).toMatch(/^scambio-backup-.+-\d{4}-\d{2}-\d{2}\.json$/);
      backupFile = join(ui.files, saved.suggestedFilename());
      await saved.saveAs(backupFile);
      await page.getByTestId('backup-exported').waitFor({ timeout: STEP_MS });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, 'backup-en.png'), fullPage: true });
      expect(first.problems).toEqual([]);
    } finally {
      await first.close();
    }

    // A new machine: nothing saved yet.
    const second = await openApp(ui.browser, ui.sandbox.origin, 'it');
    try {
      const { page } = second;
      await page.getByTestId('nav-profiles').click();
      await page.getByTestId('backup').waitFor({ timeout: STEP_MS });
      await page.getByTestId('backup').locator('input[type="file"]').setInputFiles(backupFile);
      await page.getByTestId('backup-import-passphrase').fill('sbagliata');
      await page.getByTestId('backup-import-confirm').click();
      const error = page.getByTestId('backup-error');
      await error.waitFor({ timeout: 2 * STEP_MS });
      expect(await error.innerText()).toContain('La frase segreta non apre questo backup');
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contacts-import').waitFor({ timeout: STEP_MS });
      expect(await page.locator(`[data-testid="contact-row"][data-vat="${CUSTOMER}"]`).count()).toBe(0);

      await page.getByTestId('nav-profiles').click();
      await page.getByTestId('backup').locator('input[type="file"]').setInputFiles(backupFile);
      await page.getByTestId('backup-import-passphrase').fill(PASSPHRASE);
      await page.getByTestId('backup-import-confirm').click();
      const report = page.getByTestId('backup-report');
      await report.waitFor({ timeout: 2 * STEP_MS });
      expect(await report.getAttribute('data-contacts')).toBe('1');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, 'backup-imported-it.png'), fullPage: true });

      await page.getByTestId('nav-contacts').click();
      await page.locator(`[data-testid="contact-row"][data-vat="${CUSTOMER}"]`).waitFor({ timeout: STEP_MS });
      await page.getByTestId('nav-catalogue').click();
      await page.locator('[data-testid="catalogue-row"][data-code="SEDIA"]').waitFor({ timeout: STEP_MS });
      expect(
        await page.locator('[data-testid="catalogue-row"][data-code="SEDIA"]').getAttribute('data-price'),
      ).toBe('89.90');
      expect(second.problems).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
