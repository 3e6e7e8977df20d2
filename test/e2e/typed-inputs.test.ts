import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { composeDe, composeEn, composeIt } from '../../src/renderer/compose/messages.ts';
import { inputsDe, inputsEn, inputsIt } from '../../src/renderer/inputs/messages.ts';
import { invoiceToJson, parseInvoiceXml } from '../../src/shared/fatturapa/index.ts';
import type { OrdinaryInvoiceJson } from '../../src/shared/fatturapa/index.ts';
import { detectPayloadKind, unwrapP7m } from '../../src/shared/fatturapa/p7m.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, sendComposed, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { choose } from './support/select.ts';

/*
 * Amounts and dates typed the UI language's way (issue 26): `1.000` in an Italian price is one thousand, not one;
 * `2.500,00` is accepted; an entry that reads two ways is asked and nothing is stored until answered; amounts
 * prefilled from a sent invoice show as the language writes them; dates are typed and shown day first. Each sent
 * file is read back from the server.
 */

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'typed-inputs');
const TEXT = {
  it: { compose: composeIt, inputs: inputsIt },
  en: { compose: composeEn, inputs: inputsEn },
  de: { compose: composeDe, inputs: inputsDe },
} as const;
type Language = keyof typeof TEXT;

async function waitForState(api: ApiCaller, id: number, state: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while ((await api.get<Send>(`/v1/send/${id}`)).body.latest_state !== state) {
    if (Date.now() > deadline) throw new Error(`invoice ${id} never reached ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The file the server stored for a sent invoice, as the model's JSON. */
async function sentJson(api: ApiCaller, id: number): Promise<OrdinaryInvoiceJson> {
  const send = (await api.get<Send>(`/v1/send/${id}`, { query: { include_payload: 'true' } })).body;
  const raw =
    send.encoding === 'Base64'
      ? new Uint8Array(Buffer.from(send.payload ?? '', 'base64'))
      : new TextEncoder().encode(send.payload ?? '');
  const bytes = detectPayloadKind(raw).startsWith('p7m') ? unwrapP7m(raw) : raw;
  return invoiceToJson(parseInvoiceXml(new TextDecoder().decode(bytes))) as OrdinaryInvoiceJson;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A new invoice from `company` to a customer with a recipient code, every field but the lines filled in. */
async function startInvoice(page: Page, language: Language, company: string, customerVat: string) {
  const c = TEXT[language].compose;
  await page.getByTestId('nav-compose').click();
  const form = page.getByTestId('compose-form');
  await form.waitFor({ timeout: STEP_MS });
  const supplier = form.getByRole('region', { name: c.supplier, exact: true });
  const customer = form.getByRole('region', { name: c.customer, exact: true });
  await choose(page, supplier, c.supplierCompany, new RegExp(company));
  for (const [region, street, postcode, town, province] of [
    [supplier, 'Via Garibaldi', '10121', 'Torino', 'TO'],
    [customer, 'Corso Italia', '50123', 'Firenze', 'FI'],
  ] as const) {
    await region.getByLabel(c.street, { exact: true }).fill(street);
    await region.getByLabel(c.streetNumber, { exact: true }).fill('3');
    await region.getByLabel(c.postcode, { exact: true }).fill(postcode);
    await region.getByLabel(c.town, { exact: true }).fill(town);
    await region.getByLabel(c.province, { exact: true }).fill(province);
  }
  await customer.getByLabel(c.name, { exact: true }).fill('Libreria Dante Snc');
  await customer.getByLabel(c.vatCode, { exact: true }).fill(customerVat.slice(2));
  await choose(page, customer, c.delivery, c.deliveryCode);
  await customer.getByLabel(c.recipientCode, { exact: true }).fill('ABC1234');
  return form;
}

/** Types `price` in line `i`'s unit price (adding the line first when needed) and leaves the field. */
async function typePrice(page: Page, language: Language, i: number, description: string, price: string) {
  const c = TEXT[language].compose;
  const lines = page.getByTestId('compose-line');
  if ((await lines.count()) <= i) await page.getByTestId('compose-add-line').click();
  const line = lines.nth(i);
  await line.getByLabel(c.description, { exact: true }).fill(description);
  const input = line.getByLabel(c.unitPrice, { exact: true });
  await input.fill(price);
  await input.press('Tab');
  return { line, input, total: line.getByTestId('compose-line-total') };
}

/** Sends the draft and gives the stored file's first body. */
async function sendAndRead(page: Page, api: ApiCaller) {
  await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });
  const id = await sendComposed(page);
  await waitForState(api, id, 'Consegnato');
  return (await sentJson(api, id)).FatturaElettronicaBody[0]!;
}

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts and dates typed the UI language’s way, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const vat = italianVat(2600);
  const company = 'Studio Conti Srl';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    const created = await api.post('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: company },
    });
    expect(created.status).toBe(201);
    // The renderer is built fresh: on a busy machine that alone can take two minutes.
  });

  afterAll(() => ui?.close());

  it('Italian: 1.000 and 2.500,00 are one thousand and two thousand five hundred; 1.5 is asked, and nothing is stored or sent until answered; 27/11/2026 is 2026-11-27', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    const c = composeIt;
    try {
      const form = await startInvoice(page, 'it', company, italianVat(2601));
      const first = await typePrice(page, 'it', 0, 'Consulenza fiscale', '1.000');
      await expect.poll(async () => spaces(await first.total.innerText())).toBe('1.000,00 €');
      expect(await first.total.getAttribute('data-value')).toBe('1000.00');
      // Shown again as understood, and kept as a plain decimal.
      expect(await first.input.inputValue()).toBe('1.000,00');
      expect(await first.input.getAttribute('data-value')).toBe('1000.00');

      const second = await typePrice(page, 'it', 1, 'Dichiarazione dei redditi', '2.500,00');
      await expect.poll(async () => spaces(await second.total.innerText())).toBe('2.500,00 €');
      expect(await second.input.inputValue()).toBe('2.500,00');
      expect(await second.input.getAttribute('data-value')).toBe('2500.00');

      // 1.5 is no Italian number (a dot groups three digits): asked, 1,50 or 15,00, and nothing stored.
      const third = await typePrice(page, 'it', 2, 'Diritti di segreteria', '1.5');
      const choices = third.line.getByTestId('typed-choice');
      await choices.first().waitFor({ timeout: STEP_MS });
      expect(await choices.allInnerTexts()).toEqual(['1,50', '15,00']);
      expect(await third.line.getByTestId('compose-field-problem').first().innerText()).toContain(
        'Che importo intendi con «1.5»?',
      );
      expect(await third.input.inputValue()).toBe('1.5');
      expect(await third.input.getAttribute('data-value')).toBe('');
      expect(await third.input.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(async () => spaces(await third.total.innerText())).toBe('0,00 €');
      await page.screenshot({ path: join(SHOTS, 'it-ambiguous.png'), fullPage: true });
      // Not sent while asked.
      await page.getByTestId('compose-send').click();
      await page.getByTestId('compose-send-error').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('compose-send-error').innerText()).toBe(inputsIt.unanswered);
      expect(page.url()).toMatch(/#\/compose/);

      await choices.filter({ hasText: '1,50' }).click();
      await expect.poll(async () => spaces(await third.total.innerText())).toBe('1,50 €');
      expect(await third.input.inputValue()).toBe('1,50');
      expect(await third.input.getAttribute('data-value')).toBe('1.50');
      expect(await choices.count()).toBe(0);

      // The document's date and a due date, typed day first.
      const documentSection = form.getByRole('region', { name: c.document, exact: true });
      const date = documentSection.getByLabel(c.date, { exact: true });
      await date.fill('27/11/2026');
      await date.press('Tab');
      expect(await date.inputValue()).toBe('27/11/2026');
      expect(await date.getAttribute('data-value')).toBe('2026-11-27');
      await page.getByTestId('compose-add-instalment').click();
      const due = page.getByTestId('compose-instalment').first().getByLabel(c.dueDate, { exact: true });
      await due.fill('31/12/2026');
      await due.press('Tab');
      expect(await due.inputValue()).toBe('31/12/2026');
      expect(await due.getAttribute('data-value')).toBe('2026-12-31');

      const body = await sendAndRead(page, api);
      expect(body.DatiGenerali.DatiGeneraliDocumento.Data).toBe('2026-11-27');
      expect(list(body.DatiBeniServizi.DettaglioLinee).map((l) => l.PrezzoUnitario)).toEqual([
        '1000.00',
        '2500.00',
        '1.50',
      ]);
      expect(
        list(list(body.DatiPagamento)[0]?.DettaglioPagamento).map((d) => d.DataScadenzaPagamento),
      ).toEqual(['2026-12-31']);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('English: 2,500.00 is two thousand five hundred; 1.000 is asked; a date shows its month’s name', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    const c = composeEn;
    try {
      const form = await startInvoice(page, 'en', company, italianVat(2602));
      const date = form
        .getByRole('region', { name: c.document, exact: true })
        .getByLabel(c.date, { exact: true });
      await date.fill('27/11/2026');
      await date.press('Tab');
      expect(await date.inputValue()).toBe('27 Nov 2026');
      expect(await date.getAttribute('data-value')).toBe('2026-11-27');

      const first = await typePrice(page, 'en', 0, 'Tax advice', '2,500.00');
      await expect.poll(() => first.total.innerText()).toBe('€2,500.00');
      expect(await first.input.inputValue()).toBe('2,500.00');
      expect(await first.input.getAttribute('data-value')).toBe('2500.00');

      const second = await typePrice(page, 'en', 1, 'Bookkeeping', '1.000');
      const choices = second.line.getByTestId('typed-choice');
      await choices.first().waitFor({ timeout: STEP_MS });
      expect(await choices.allInnerTexts()).toEqual(['1.00', '1,000.00']);
      expect(await second.input.getAttribute('data-value')).toBe('');
      await page.screenshot({ path: join(SHOTS, 'en-ambiguous.png'), fullPage: true });
      await choices.filter({ hasText: '1,000.00' }).click();
      await expect.poll(() => second.total.innerText()).toBe('€1,000.00');

      const body = await sendAndRead(page, api);
      expect(body.DatiGenerali.DatiGeneraliDocumento.Data).toBe('2026-11-27');
      expect(list(body.DatiBeniServizi.DettaglioLinee).map((l) => l.PrezzoUnitario)).toEqual([
        '2500.00',
        '1000.00',
      ]);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('German: 2.500,00 and a quantity of 1,5 are read as German writes them; 27.11.2026 is 2026-11-27', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'de');
    const { page } = app;
    const c = composeDe;
    try {
      const form = await startInvoice(page, 'de', company, italianVat(2603));
      const date = form
        .getByRole('region', { name: c.document, exact: true })
        .getByLabel(c.date, { exact: true });
      await date.fill('27.11.2026');
      await date.press('Tab');
      expect(await date.getAttribute('data-value')).toBe('2026-11-27');

      const first = await typePrice(page, 'de', 0, 'Steuerberatung', '2.500,00');
      const quantity = first.line.getByLabel(c.quantity, { exact: true });
      await quantity.fill('1,5');
      await quantity.press('Tab');
      expect(await quantity.getAttribute('data-value')).toBe('1.5');
      await expect.poll(async () => spaces(await first.total.innerText())).toBe('3.750,00 €');
      expect(await first.input.inputValue()).toBe('2.500,00');

      const body = await sendAndRead(page, api);
      expect(body.DatiGenerali.DatiGeneraliDocumento.Data).toBe('2026-11-27');
      const line = list(body.DatiBeniServizi.DettaglioLinee)[0]!;
      expect([line.Quantita, line.PrezzoUnitario, line.PrezzoTotale]).toEqual(['1.50', '2500.00', '3750.00']);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a credit note and a copy show the amounts and dates they take from the invoice the language’s way', async () => {
    const sent = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({
        supplierVat: vat,
        supplierName: company,
        customerVat: italianVat(2604),
        number: 'NC-1',
        date: '2026-11-03',
        lines: [{ Quantita: '2.00', PrezzoUnitario: '450.00' }],
      }),
    });
    expect(sent.status).toBe(201);
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.goto(`${ui.sandbox.origin}/app/#/compose?from=sent/${sent.body.id}&mode=creditNote`);
      const line = page.getByTestId('compose-line').first();
      await line.waitFor({ timeout: STEP_MS });
      const price = line.getByLabel(composeIt.unitPrice, { exact: true });
      expect(await price.inputValue()).toBe('450,00');
      expect(await price.getAttribute('data-value')).toBe('450.00');
      expect(await line.getByLabel(composeIt.quantity, { exact: true }).inputValue()).toBe('2');
      const linked = page.getByLabel(composeIt.linkedDate, { exact: true });
      expect(await linked.inputValue()).toBe('03/11/2026');
      expect(await linked.getAttribute('data-value')).toBe('2026-11-03');
      await page.screenshot({ path: join(SHOTS, 'it-credit-note.png'), fullPage: true });

      await page.goto(`${ui.sandbox.origin}/app/#/compose?from=sent/${sent.body.id}&mode=duplicate`);
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'Deutsch' }).click();
      await page.locator('html[lang="de"]').waitFor({ timeout: STEP_MS });
      const copy = page.getByTestId('compose-line').first().getByLabel(composeDe.unitPrice, { exact: true });
      await copy.waitFor({ timeout: STEP_MS });
      expect(await copy.inputValue()).toBe('450,00');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the console’s clock is set with a date typed day first, in the UI language', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-console').click();
      const input = page.getByTestId('clock-set-input');
      await input.waitFor({ timeout: STEP_MS });
      expect(await input.getAttribute('placeholder')).toBe(inputsIt.dateTimePlaceholder);
      await input.fill('31/02/2027 10:00');
      await input.press('Tab');
      await page.getByText('Il giorno 31/02/2027 non esiste nel calendario').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('clock-set').isDisabled()).toBe(true);
      await input.fill('28/02/2027 10:00');
      await input.press('Tab');
      expect(await input.getAttribute('data-value')).toBe('2027-02-28T10:00:00');
      expect(await input.inputValue()).toBe('28/02/2027 10:00');
      expect(await page.getByTestId('clock-set').isEnabled()).toBe(true);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
