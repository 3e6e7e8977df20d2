/**
 * The backup file (issue 29, "Where it lives"), in Chromium: on one machine a customer and a catalogue item are
 * saved and a backup sealed with a passphrase is exported; a new browser context (a new machine: empty IndexedDB
 * and localStorage) refuses a wrong passphrase and imports nothing, then imports with the right one and has both
 * back. Photographed in English (the export) and Italian (the import), in `test-results/backup/`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { italianVat } from '../support/invoices.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'backup');
const CUSTOMER = italianVat(9501);
const PASSPHRASE = 'gatto blu sul tetto, 2027';

describe('a backup of the profile, in Chromium', () => {
  let ui: UiFixture;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
  });

  afterAll(() => ui?.close());

  it('exports a sealed backup on one machine and imports it on another, after a wrong passphrase', async () => {
    let backupFile = '';
    const first = await openApp(ui.browser, ui.sandbox.origin, 'en');
    try {
      const { page } = first;
      // A customer and an item, imported as their screens' CSV files.
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contacts-import').waitFor({ timeout: STEP_MS });
      const contacts = join(ui.files, 'backup-customers.csv');
      writeFileSync(
        contacts,
        [
          'name;vat_country;vat_number;town;roles;delivery;recipient_code;payment_method;payment_days;iban',
          `Rossi Arredi Srl;IT;${CUSTOMER.slice(2)};Lucca;customer;code;ROSSI01;MP05;30;IT60X0542811101000000123456`,
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
      expect(saved.suggestedFilename()).toMatch(/^scambio-backup-local-sandbox-\d{4}-\d{2}-\d{2}\.json$/);
      backupFile = join(ui.files, saved.suggestedFilename());
      await saved.saveAs(backupFile);
      const exported = page.getByTestId('backup-exported');
      await exported.waitFor({ timeout: STEP_MS });
      expect(await exported.getAttribute('data-sealed')).toBe('true');
      expect(await exported.innerText()).toContain(saved.suggestedFilename());
      // Sealed: neither the customer nor its IBAN can be read in the file.
      const text = readFileSync(backupFile, 'utf8');
      expect(JSON.parse(text)).toMatchObject({ format: 'scambio-backup', version: 1 });
      expect(text).not.toContain('Rossi Arredi');
      expect(text).not.toContain('IT60X0542811101000000123456');
      await page.getByTestId('backup').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'backup-exported-en.png'), fullPage: true });
      expect(first.problems).toEqual([]);
    } finally {
      await first.close();
    }

    // A new machine: its own IndexedDB and localStorage, nothing saved yet.
    const second = await openApp(ui.browser, ui.sandbox.origin, 'it');
    try {
      const { page } = second;
      const customerRow = page.locator(`[data-testid="contact-row"][data-vat="${CUSTOMER}"]`);
      const itemRow = page.locator('[data-testid="catalogue-row"][data-code="SEDIA"]');
      await page.getByTestId('nav-profiles').click();
      const section = page.getByTestId('backup');
      await section.waitFor({ timeout: STEP_MS });
      await section.locator('input[type="file"]').setInputFiles(backupFile);
      await page.getByTestId('backup-import-passphrase').fill('gatto blu sul tetto, 2026');
      await page.getByTestId('backup-import-confirm').click();
      const error = page.getByTestId('backup-error');
      await error.waitFor({ timeout: 2 * STEP_MS });
      expect(await error.getAttribute('data-problem')).toBe('wrongPassphrase');
      expect(await error.innerText()).toContain('La frase segreta non apre questo backup');
      expect(await page.getByTestId('backup-report').count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, 'backup-wrong-passphrase-it.png'), fullPage: true });

      // Nothing of it was kept.
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contacts-screen').waitFor({ timeout: STEP_MS });
      await page.getByTestId('contacts-import').waitFor({ timeout: STEP_MS });
      expect(await customerRow.count()).toBe(0);
      await page.getByTestId('nav-catalogue').click();
      await page.getByTestId('catalogue-screen').waitFor({ timeout: STEP_MS });
      expect(await itemRow.count()).toBe(0);

      // The file picked again, the right passphrase: a report per part, and both back on their screens.
      await page.getByTestId('nav-profiles').click();
      await section.locator('input[type="file"]').setInputFiles(backupFile);
      await page.getByTestId('backup-import-passphrase').fill(PASSPHRASE);
      await page.getByTestId('backup-import-confirm').click();
      const report = page.getByTestId('backup-report');
      await report.waitFor({ timeout: 2 * STEP_MS });
      expect(await page.getByTestId('backup-error').count()).toBe(0);
      expect(await report.getAttribute('data-contacts')).toBe('1');
      const rows = page.getByTestId('backup-report-row');
      expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-part')))).toEqual([
        'contacts',
        'catalogue',
      ]);
      expect(await report.innerText()).toContain('Clienti e fornitori');
      expect(await report.innerText()).toContain('Nulla è stato rimosso');
      await page.screenshot({ path: join(SHOTS, 'backup-imported-it.png'), fullPage: true });

      await page.getByTestId('nav-contacts').click();
      await customerRow.waitFor({ timeout: STEP_MS });
      expect(await customerRow.getAttribute('data-origin')).toBe('saved');
      expect(await customerRow.innerText()).toContain('Rossi Arredi Srl');
      await page.getByTestId('nav-catalogue').click();
      await itemRow.waitFor({ timeout: STEP_MS });
      expect(await itemRow.getAttribute('data-price')).toBe('89.90');
      await page.screenshot({ path: join(SHOTS, 'catalogue-restored-it.png'), fullPage: true });

      // The same file again: everything already there, nothing written twice.
      await page.getByTestId('nav-profiles').click();
      await section.locator('input[type="file"]').setInputFiles(backupFile);
      await page.getByTestId('backup-import-passphrase').fill(PASSPHRASE);
      await page.getByTestId('backup-import-confirm').click();
      await page.locator('[data-testid="backup-report"][data-added="0"]').waitFor({ timeout: 2 * STEP_MS });
      expect(
        await page
          .locator('[data-testid="backup-report-row"][data-part="contacts"]')
          .getAttribute('data-unchanged'),
      ).toBe('1');
      expect(second.problems).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
