import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, sendComposed, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { choose } from './support/select.ts';

/** Screenshots of the composer, for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'compose');

const CUSTOMER_VAT_ELEMENT =
  'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice';

async function waitForState(api: ApiCaller, id: number, state: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while ((await api.get<Send>(`/v1/send/${id}`)).body.latest_state !== state) {
    if (Date.now() > deadline) throw new Error(`invoice ${id} never reached ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the composer, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const vat = italianVat(7100);
  const name = 'Studio Verdi Srl';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    const created = await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name } });
    expect(created.status).toBe(201);
  });

  afterAll(() => ui?.close());

  it('composes a three-line invoice with two rates, an exempt line and a withholding, fixes a field error, sends it and reaches Consegnato', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-compose').click();
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      const supplier = form.getByRole('region', { name: 'Supplier' });
      const customer = form.getByRole('region', { name: 'Customer', exact: true });

      await choose(page, supplier, 'Your company', new RegExp(name));
      expect(await supplier.getByLabel('Company name', { exact: true }).inputValue()).toBe(name);
      await supplier.getByLabel('Street', { exact: true }).fill('Via Garibaldi');
      await supplier.getByLabel('Street number', { exact: true }).fill('12');
      await supplier.getByLabel('Postcode', { exact: true }).fill('10121');
      await supplier.getByLabel('Town', { exact: true }).fill('Torino');
      await supplier.getByLabel('Province', { exact: true }).fill('TO');

      const goodVat = italianVat(7101).slice(2);
      const badVat = `${goodVat.slice(0, 10)}${(Number(goodVat[10]) + 1) % 10}`;
      await customer.getByLabel('Company name', { exact: true }).fill('Libreria Dante Snc');
      await customer.getByLabel('VAT number', { exact: true }).fill(badVat);
      await customer.getByLabel('Street', { exact: true }).fill('Corso Italia');
      await customer.getByLabel('Street number', { exact: true }).fill('3');
      await customer.getByLabel('Postcode', { exact: true }).fill('50123');
      await customer.getByLabel('Town', { exact: true }).fill('Firenze');
      await customer.getByLabel('Province', { exact: true }).fill('FI');
      await choose(page, customer, 'Delivery through SDI', 'Recipient code (7 characters)');
      await customer.getByLabel('Recipient code', { exact: true }).fill('ABC1234');

      // The wrong check digit is shown at the customer's VAT number, at its FatturaPA element.
      const vatProblem = page.locator(
        `[data-testid="compose-field-problem"][data-field="${CUSTOMER_VAT_ELEMENT}"]`,
      );
      await vatProblem.first().waitFor({ timeout: STEP_MS });
      expect(await vatProblem.first().innerText()).toContain(badVat);

      // The number is proposed from the supplier's series: none sent yet this year.
      const documentSection = form.getByRole('region', { name: 'Document', exact: true });
      await expect
        .poll(() => documentSection.getByLabel('Number', { exact: true }).inputValue(), { timeout: STEP_MS })
        .toBe('1');

      const lines = page.getByTestId('compose-line');
      const line = (i: number) => lines.nth(i);
      await line(0).getByLabel('Description', { exact: true }).fill('Consulenza fiscale marzo');
      await line(0).getByLabel('Quantity', { exact: true }).fill('2');
      await line(0).getByLabel('Unit price', { exact: true }).fill('500');
      await page.getByTestId('compose-add-line').click();
      await line(1).getByLabel('Description', { exact: true }).fill('Manuale IVA 2026');
      await line(1).getByLabel('Quantity', { exact: true }).fill('1');
      await line(1).getByLabel('Unit price', { exact: true }).fill('100');
      await choose(page, line(1), 'VAT', '10 %');
      await page.getByTestId('compose-add-line').click();
      await line(2).getByLabel('Description', { exact: true }).fill('Corso di formazione');
      await line(2).getByLabel('Unit price', { exact: true }).fill('200');
      await choose(page, line(2), 'VAT', 'No VAT');
      await choose(page, line(2), 'Nature (no VAT)', /^N4/);
      await line(2).getByLabel('Legal reference', { exact: true }).fill('Art. 10 DPR 633/72');
      expect(await lines.count()).toBe(3);
      // The Natura is in the draft before the withholding is added: adding one marks the lines without one.
      await expect
        .poll(() => line(2).getByRole('combobox', { name: 'Nature (no VAT)', exact: true }).inputValue(), {
          timeout: STEP_MS,
        })
        .toMatch(/^N4/);

      // Withholding: 20% on the two taxed lines (1,000.00 + 100.00), the exempt course is not subject.
      await page.getByTestId('compose-add-withholding').click();
      expect(await page.getByTestId('compose-withholding').count()).toBe(1);

      await vatProblem.first().waitFor({ timeout: STEP_MS });
      const totals = page.getByTestId('compose-totals');
      // By hand: taxable 1,000 + 100 + 200 = 1,300.00; VAT 220.00 + 10.00 = 230.00; stamp 2.00 (200.00 exempt
      // over 77.47); total 1,532.00; withholding 20% × 1,100.00 = 220.00; net 1,312.00.
      await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('1532.00');
      // The net follows the withholding once the debounced draft has it: polled too, never sampled.
      await expect.poll(() => totals.getAttribute('data-net'), { timeout: STEP_MS }).toBe('1312.00');
      expect(await page.getByTestId('compose-summary-row').count()).toBe(3);
      // The problem is shown at its field only, and counted in the list below the totals.
      expect(await vatProblem.count()).toBe(1);
      expect(await page.getByTestId('compose-problems-at-fields').getAttribute('data-count')).toBe('1');
      await page.screenshot({ path: join(SHOTS, 'compose-en-field-error.png'), fullPage: true });

      // Fixed: the problem goes away.
      await customer.getByLabel('VAT number', { exact: true }).fill(goodVat);
      await vatProblem.first().waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'compose-en-lines-totals.png'), fullPage: true });

      // The same screen in Italian, the draft kept across the language change.
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'Italiano' }).click();
      await page.locator('html[lang="it"]').waitFor({ timeout: STEP_MS });
      await page.getByRole('region', { name: 'Cedente/prestatore' }).waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'compose-it-lines-totals.png'), fullPage: true });
      // A reload keeps the draft (the list of open drafts shows it).
      await page.reload();
      await page.getByTestId('compose-drafts').waitFor({ timeout: STEP_MS });
      await page.getByTestId('compose-drafts').getByRole('link').first().click();
      await expect
        .poll(() => page.getByTestId('compose-totals').getAttribute('data-total'), { timeout: STEP_MS })
        .toBe('1532.00');

      // Send: a double click stores one invoice.
      const id = await sendComposed(page, { click: 'dblclick' });
      const sent = (await api.get<Send[]>('/v1/send', { query: { page_size: 200 } })).body.filter((s) =>
        (s.documents ?? []).some((d) => d.number === '1'),
      );
      expect(sent.length).toBe(1);
      await waitForState(api, id, 'Consegnato');
      await page.locator('[data-testid="sdi-update"][data-state="Consegnato"]').waitFor({ timeout: STEP_MS });
      const content = page.getByTestId('invoice-content');
      await content.waitFor({ timeout: STEP_MS });
      expect(await content.getByTestId('invoice-lines').locator('tbody tr').count()).toBe(3);
      // Print: the button is there and enabled, and the print layout shows the document alone.
      const print = page.getByRole('button', { name: 'Stampa in PDF' });
      expect(await print.isEnabled()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      expect(await content.isVisible()).toBe(true);
      expect(await page.locator('#root').isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      // Sent: the draft is gone.
      await page.keyboard.press('Escape');
      await page.getByTestId('nav-compose').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('compose-drafts').count()).toBe(0);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('corrects and resends an invoice SDI discarded as a duplicate, and it is delivered', async () => {
    const date = new Date().toISOString().slice(0, 10);
    const first = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({
        supplierVat: vat,
        supplierName: name,
        number: 'D-7',
        date,
        customerVat: italianVat(7102),
      }),
    });
    expect(first.status).toBe(201);
    await waitForState(api, first.body.id, 'ImpossibilitaDiRecapito');
    const again = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({
        supplierVat: vat,
        supplierName: name,
        number: 'D-7',
        date,
        customerVat: italianVat(7102),
      }),
    });
    await waitForState(api, again.body.id, 'Scartato');

    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.goto(`${ui.sandbox.origin}/app/#/sent/${again.body.id}`);
      await page.getByTestId('sdi-errors').waitFor({ timeout: STEP_MS });
      await page.getByTestId('correct-and-resend').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      await page.getByTestId('compose-reuse-until').waitFor({ timeout: STEP_MS });
      // SDI's 00404 is shown at the document number.
      const numberProblem = page.locator(
        '[data-testid="compose-field-problem"][data-field$="DatiGeneraliDocumento/Numero"]',
      );
      await numberProblem.first().waitFor({ timeout: STEP_MS });
      expect(await numberProblem.first().innerText()).toContain('00404');
      expect(await numberProblem.count()).toBe(1);
      // In the UI language, with the draft's number: SDI's own text is Italian.
      expect(await numberProblem.innerText()).toContain('Duplicate invoice: number D-7');
      await page.screenshot({ path: join(SHOTS, 'compose-en-correct.png'), fullPage: true });

      const documentSection = page.getByRole('region', { name: 'Document', exact: true });
      await documentSection.getByLabel('Number', { exact: true }).fill('D-8');
      await numberProblem.first().waitFor({ state: 'detached', timeout: STEP_MS });
      const customer = page.getByRole('region', { name: 'Customer', exact: true });
      await choose(page, customer, 'Delivery through SDI', 'Recipient code (7 characters)');
      await customer.getByLabel('Recipient code', { exact: true }).fill('XYZ7890');
      const id = await sendComposed(page);
      expect(id).not.toBe(again.body.id);
      await waitForState(api, id, 'Consegnato');
      await page.locator('[data-testid="sdi-update"][data-state="Consegnato"]').waitFor({ timeout: STEP_MS });
      // The discarded invoice knows it was corrected: opening it again to correct says so, with a link.
      await page.goto(`${ui.sandbox.origin}/app/#/compose?from=sent/${again.body.id}&mode=correct`);
      const link = page.getByTestId('compose-correction-link');
      await link.waitFor({ timeout: STEP_MS });
      expect(await link.getByRole('link').getAttribute('href')).toBe(`#/sent/${id}`);
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByTestId('compose-discard-confirm').click();
      await page.goto(`${ui.sandbox.origin}/app/#/sent/${id}`);
      await page.locator('[data-testid="sdi-update"][data-state="Consegnato"]').waitFor({ timeout: STEP_MS });
      // A delivered invoice offers a credit note, which opens as a TD04 linked to it.
      await page.getByTestId('credit-note').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('compose-type').inputValue()).toContain('TD04');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
