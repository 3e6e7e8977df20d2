/**
 * Simplified invoices from the composer (issue 28 §3: TD07–TD09): a shop's TD07 written in English, sent and
 * delivered as FSM10 with each line VAT included; its credit note TD08 in Italian, naming the invoice and what it
 * corrects. The figures are checked against hand-computed ones, and the screens are photographed in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { invoiceToJson } from '../../src/shared/fatturapa/model/to-json.ts';
import type { SimplifiedInvoiceJson } from '../../src/shared/fatturapa/model/json-types.ts';
import { parseInvoiceXml } from '../../src/shared/fatturapa/xml-document.ts';
import { italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, sendComposed, STEP_MS } from './support/app-page.ts';
import { choose, chooseById } from './support/select.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'compose-simplified');
const SHOP = 'Cartoleria Rossi Snc';

async function waitForState(api: ApiCaller, id: number, state: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while ((await api.get<Send>(`/v1/send/${id}`)).body.latest_state !== state) {
    if (Date.now() > deadline) throw new Error(`invoice ${id} never reached ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The file the server stored for a sent invoice, as the model's JSON. */
async function sentJson(api: ApiCaller, id: number): Promise<SimplifiedInvoiceJson> {
  const send = (await api.get<Send>(`/v1/send/${id}`, { query: { include_payload: 'true' } })).body;
  const xml =
    send.encoding === 'Base64'
      ? Buffer.from(send.payload ?? '', 'base64').toString('utf8')
      : (send.payload ?? '');
  return invoiceToJson(parseInvoiceXml(xml)) as SimplifiedInvoiceJson;
}

describe('simplified invoices in the composer, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const vat = italianVat(7300);
  let invoiceId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    const created = await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: SHOP } });
    expect(created.status).toBe(201);
  });

  afterAll(() => ui?.close());

  it('a TD07 of €200.00 VAT included: lines written with their VAT, no payment section, sent and delivered as FSM10', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-compose').click();
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      const supplier = form.getByRole('region', { name: 'Supplier' });
      const customer = form.getByRole('region', { name: 'Customer', exact: true });
      await choose(page, supplier, 'Your company', new RegExp(SHOP));
      await supplier.getByLabel('Street', { exact: true }).fill('Via Dante');
      await supplier.getByLabel('Postcode', { exact: true }).fill('40121');
      await supplier.getByLabel('Town', { exact: true }).fill('Bologna');
      await supplier.getByLabel('Province', { exact: true }).fill('BO');
      await customer.getByLabel('Company name', { exact: true }).fill('Studio Bianchi');
      await customer.getByLabel('VAT number', { exact: true }).fill(italianVat(7301).slice(2));
      await customer.getByLabel('Street', { exact: true }).fill('Via Indipendenza');
      await customer.getByLabel('Postcode', { exact: true }).fill('40121');
      await customer.getByLabel('Town', { exact: true }).fill('Bologna');
      await customer.getByLabel('Province', { exact: true }).fill('BO');
      await choose(page, customer, 'Delivery through SDI', 'Recipient code (7 characters)');
      await customer.getByLabel('Recipient code', { exact: true }).fill('SIMPL07');

      await chooseById(page, 'compose-type', /^TD07/);
      // What the type means is said under it, and the payment section says there is none.
      const needs = page.getByTestId('compose-type-needs');
      await expect
        .poll(() => needs.innerText(), { timeout: STEP_MS })
        .toContain('simplified invoice (FSM10)');
      expect(await needs.innerText()).toContain('Up to €400.00 VAT included');
      await page.getByTestId('compose-simplified-no-payment').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('compose-add-withholding').count()).toBe(0);

      const lines = page.getByTestId('compose-line');
      await lines.nth(0).getByLabel('Description', { exact: true }).fill('Cartucce');
      await lines.nth(0).getByLabel('Quantity', { exact: true }).fill('2');
      await lines.nth(0).getByLabel('Unit price', { exact: true }).fill('24.59');
      await page.getByTestId('compose-add-line').click();
      await lines.nth(1).getByLabel('Description', { exact: true }).fill('Toner');
      await lines.nth(1).getByLabel('Unit price', { exact: true }).fill('81.97');
      await page.getByTestId('compose-add-line').click();
      await lines.nth(2).getByLabel('Description', { exact: true }).fill('Rilegatura tesi');
      await lines.nth(2).getByLabel('Unit price', { exact: true }).fill('40');
      await choose(page, lines.nth(2), 'VAT', 'No VAT');
      await choose(page, lines.nth(2), 'Nature (no VAT)', /^N4/);
      await lines.nth(2).getByLabel('Legal reference', { exact: true }).fill('Art. 10 DPR 633/72');

      // By hand: 49.18 + 10.82 VAT = 60.00; 81.97 + 18.03 = 100.00; 40.00 exempt. Total 200.00, VAT 28.85.
      const totals = page.getByTestId('compose-totals');
      await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('200.00');
      expect(await totals.getAttribute('data-net')).toBe('200.00');
      await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });
      await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'td07-en.png'), fullPage: true });

      invoiceId = await sendComposed(page);
      await waitForState(api, invoiceId, 'Consegnato');
      const json = await sentJson(api, invoiceId);
      expect(json['@versione']).toBe('FSM10');
      const body = json.FatturaElettronicaBody[0]!;
      expect(body.DatiGenerali.DatiGeneraliDocumento.TipoDocumento).toBe('TD07');
      expect(
        body.DatiBeniServizi.map((i) => [i.Importo, i.DatiIVA.Imposta, i.DatiIVA.Aliquota, i.Natura]),
      ).toEqual([
        ['60.00', '10.82', '22.00', undefined],
        ['100.00', '18.03', '22.00', undefined],
        ['40.00', '0.00', '0.00', 'N4'],
      ]);
      // The document view reads it back: three items and the total.
      const content = page.getByTestId('invoice-content');
      await content.waitFor({ timeout: STEP_MS });
      await expect.poll(() => content.innerText(), { timeout: STEP_MS }).toContain('200.00');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('its credit note TD08 in Italian: names the invoice and what it corrects, delivered as FSM10', async () => {
    expect(invoiceId).toBeGreaterThan(0);
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-compose').click();
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      const supplier = form.getByRole('region', { name: 'Cedente/prestatore' });
      const customer = form.getByRole('region', { name: 'Cessionario/committente', exact: true });
      await choose(page, supplier, 'La tua azienda', new RegExp(SHOP));
      await supplier.getByLabel('Indirizzo', { exact: true }).fill('Via Dante');
      await supplier.getByLabel('CAP', { exact: true }).fill('40121');
      await supplier.getByLabel('Comune', { exact: true }).fill('Bologna');
      await supplier.getByLabel('Provincia', { exact: true }).fill('BO');
      await customer.getByLabel('Denominazione', { exact: true }).fill('Studio Bianchi');
      await customer.getByLabel('Partita IVA', { exact: true }).fill(italianVat(7301).slice(2));
      await customer.getByLabel('Indirizzo', { exact: true }).fill('Via Indipendenza');
      await customer.getByLabel('CAP', { exact: true }).fill('40121');
      await customer.getByLabel('Comune', { exact: true }).fill('Bologna');
      await customer.getByLabel('Provincia', { exact: true }).fill('BO');
      await choose(page, customer, 'Recapito tramite SDI', 'Codice destinatario (7 caratteri)');
      await customer.getByLabel('Codice destinatario', { exact: true }).fill('SIMPL07');

      await chooseById(page, 'compose-type', /^TD08/);
      const documentSection = form.getByRole('region', { name: 'Documento', exact: true });
      await documentSection.getByLabel('Fattura rettificata: numero', { exact: true }).fill('1');
      await documentSection
        .getByLabel('Fattura rettificata: data', { exact: true })
        .fill(new Date().toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' }));
      await documentSection.getByLabel('Che cosa rettifica la nota', { exact: true }).fill('Reso del toner');
      const line = page.getByTestId('compose-line').first();
      await line.getByLabel('Descrizione', { exact: true }).fill('Reso toner');
      await line.getByLabel('Prezzo unitario', { exact: true }).fill('81,97');

      const totals = page.getByTestId('compose-totals');
      await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('100.00');
      await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });
      await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'td08-it.png'), fullPage: true });

      const id = await sendComposed(page);
      await waitForState(api, id, 'Consegnato');
      const general = (await sentJson(api, id)).FatturaElettronicaBody[0]!.DatiGenerali;
      expect(general.DatiGeneraliDocumento.TipoDocumento).toBe('TD08');
      expect(general.DatiFatturaRettificata?.NumeroFR).toBe('1');
      expect(general.DatiFatturaRettificata?.ElementiRettificati).toBe('Reso del toner');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
