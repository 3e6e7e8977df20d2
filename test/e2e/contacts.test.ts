/**
 * The registry of customers and suppliers (issue 29 §1), in Chromium: learned from an invoice sent through the API
 * and one received (read); a learned customer edited and saved; CSV export, and an import where a row with a bad
 * check digit is reported and nothing of it kept; the composer filling a customer from the registry and offering
 * a typed one for saving. Screens photographed in English and Italian.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { choose, chooseById } from './support/select.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'contacts');

const OWN = italianVat(7400);
const CUSTOMER = italianVat(7401);
const SUPPLIER = italianVat(7402);
const IMPORTED = italianVat(7403);
const IBAN = 'IT60X0542811101000000123456';

async function downloadOf(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download', { timeout: STEP_MS });
  await click();
  const file = await download;
  return readFileSync((await file.path())!, 'utf8');
}

describe('customers and suppliers, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    await api.post('/v1/company', {
      json: { vat: OWN, fiscal_code: OWN.slice(2), name: 'Studio Verdi Srl' },
    });
    // Sent through the API, not the composer: the registry learns it all the same.
    const sent = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({
        supplierVat: OWN,
        supplierName: 'Studio Verdi Srl',
        customerVat: CUSTOMER,
        customerName: 'Libreria Dante Snc',
        customerAddress: {
          Indirizzo: 'Corso Italia',
          NumeroCivico: '3',
          CAP: '50123',
          Comune: 'Firenze',
          Provincia: 'FI',
          Nazione: 'IT',
        },
        number: 'API-1',
        date: '2026-11-02',
      }),
    });
    expect(sent.status).toBe(201);
    const xml = invoiceXml({
      supplierVat: SUPPLIER,
      supplierName: 'Tipografia Nord Srl',
      customerVat: OWN,
      customerName: 'Studio Verdi Srl',
      number: 'TN-88',
      date: '2026-11-05',
    });
    expect((await api.post('/_sandbox/inbound', { json: { payload: xml } })).status).toBe(201);
    const received = (await api.get<Receive[]>('/v1/receive', { query: { page_size: 10 } })).body;
    // Read once (as the Received screen would): the registry learns only from invoices already read.
    for (const row of received)
      expect((await api.get(`/v1/receive/${row.id}`, { query: { include_payload: true } })).status).toBe(200);
  });

  afterAll(() => ui?.close());

  it('learns a customer and a supplier, saves an edit, exports, imports, and fills the composer from it', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-contacts').click();
      const customerRow = page.locator(`[data-testid="contact-row"][data-vat="${CUSTOMER}"]`);
      const supplierRow = page.locator(`[data-testid="contact-row"][data-vat="${SUPPLIER}"]`);
      await customerRow.waitFor({ timeout: STEP_MS * 2 });
      await supplierRow.waitFor({ timeout: STEP_MS });
      expect(await customerRow.innerText()).toContain('Libreria Dante Snc');
      expect(await customerRow.innerText()).toContain('Firenze');
      expect(await customerRow.innerText()).toContain('Customer');
      expect(await supplierRow.innerText()).toContain('Supplier');
      expect(await customerRow.getAttribute('data-origin')).toBe('learned');
      await page.screenshot({ path: join(SHOTS, 'contacts-en.png'), fullPage: true });

      // The learned customer, edited: its SDI code, a payment default; saved, it is marked so.
      await customerRow.click();
      const form = page.getByTestId('contact-form');
      await form.waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('contact-invoice').count()).toBe(1);
      await chooseById(page, 'contact-delivery', 'Recipient code (7 characters)');
      await form.getByLabel('Recipient code', { exact: true }).fill('LIBR001');
      await choose(page, form, 'Payment method', /^MP05/);
      await form.getByLabel('Days to pay', { exact: true }).fill('30');
      // A wrong IBAN is refused at its field, and nothing is saved.
      await form.getByLabel('IBAN', { exact: true }).fill('IT60X0542811101000000123457');
      await page.getByTestId('contact-save').click();
      await form.getByText('This IBAN fails its check digits.').waitFor({ timeout: STEP_MS });
      expect(await customerRow.getAttribute('data-origin')).toBe('learned');
      await form.getByLabel('IBAN', { exact: true }).fill(IBAN);
      await page.getByTestId('contact-save').click();
      await page.getByTestId('contact-saved').waitFor({ timeout: STEP_MS });
      await expect.poll(() => customerRow.getAttribute('data-origin'), { timeout: STEP_MS }).toBe('saved');
      await page.screenshot({ path: join(SHOTS, 'contact-en.png'), fullPage: true });
      await page.keyboard.press('Escape');

      // Export: the documented columns, the saved details in them.
      const csv = await downloadOf(page, () => page.getByTestId('contacts-export').click());
      expect(csv.split('\r\n')[0]).toContain('name;first_name;last_name;vat_country;vat_number');
      const line = csv.split('\r\n').find((l) => l.includes(CUSTOMER.slice(2)))!;
      expect(line).toContain('LIBR001');
      expect(line).toContain(IBAN);

      // Import: one good row, one with a wrong check digit (reported with its line, not imported).
      const bad = `${IMPORTED.slice(2, 12)}${(Number(IMPORTED[12]) + 1) % 10}`;
      const file = join(SHOTS, 'import.csv');
      writeFileSync(
        file,
        [
          'name;vat_country;vat_number;town;roles;delivery;recipient_code',
          `Ferramenta Blu Srl;IT;${IMPORTED.slice(2)};Bologna;customer;code;FERR001`,
          `Sbagliata Srl;IT;${bad};Roma;customer;none;`,
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(file);
      const report = page.getByTestId('contacts-import-report');
      await report.waitFor({ timeout: STEP_MS });
      expect(await report.getAttribute('data-imported')).toBe('1');
      expect(await report.getAttribute('data-problems')).toBe('1');
      expect(await report.innerText()).toContain('line 3');
      await page.locator(`[data-testid="contact-row"][data-vat="${IMPORTED}"]`).waitFor({ timeout: STEP_MS });

      // The composer: the saved customer fills the form, with its channel and payment default.
      await page.getByTestId('nav-compose').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      const search = page.getByTestId('compose-customer-search');
      await search.fill('Libreria');
      await page
        .getByRole('option', { name: /Libreria Dante Snc/ })
        .first()
        .click();
      const customer = page.getByRole('region', { name: 'Customer', exact: true });
      await expect
        .poll(() => customer.getByLabel('VAT number', { exact: true }).inputValue(), { timeout: STEP_MS })
        .toBe(CUSTOMER.slice(2));
      expect(await customer.getByLabel('Recipient code', { exact: true }).inputValue()).toBe('LIBR001');
      expect(await customer.getByLabel('Town', { exact: true }).inputValue()).toBe('Firenze');
      const instalment = page.getByTestId('compose-instalment').first();
      await instalment.waitFor({ timeout: STEP_MS });
      expect(await instalment.getByLabel('IBAN', { exact: true }).inputValue()).toBe(IBAN);
      await page.getByTestId('compose-customer-saved').waitFor({ timeout: STEP_MS });

      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('offers a customer typed in the composer for saving, and shows the registry in Italian', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-compose').click();
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      const customer = form.getByRole('region', { name: 'Cessionario/committente', exact: true });
      await customer.getByLabel('Denominazione', { exact: true }).fill('Bottega Nuova Sas');
      await customer.getByLabel('Partita IVA', { exact: true }).fill(italianVat(7404).slice(2));
      await page.getByTestId('compose-customer-save').click();
      await page.getByTestId('compose-customer-saved').waitFor({ timeout: STEP_MS });

      await page.getByTestId('nav-contacts').click();
      const row = page.locator(`[data-testid="contact-row"][data-vat="${italianVat(7404)}"]`);
      await row.waitFor({ timeout: STEP_MS * 2 });
      expect(await row.getAttribute('data-origin')).toBe('saved');
      expect(await row.innerText()).toContain('Cliente');
      await page.screenshot({ path: join(SHOTS, 'contacts-it.png'), fullPage: true });
      await page.locator(`[data-testid="contact-row"][data-vat="${CUSTOMER}"]`).click();
      await page.getByTestId('contact-form').waitFor({ timeout: STEP_MS });
      await page.getByTestId('contact-history').waitFor({ timeout: STEP_MS });
      // Photographed once the drawer has slid in (a picture for a person, not a check).
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(SHOTS, 'contact-it.png'), fullPage: true });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
