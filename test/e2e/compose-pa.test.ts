import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import {
  invoiceToJson,
  parseInvoiceXml,
  runSdiChecks,
  validateStructure,
} from '../../src/shared/fatturapa/index.ts';
import type { OrdinaryInvoiceJson } from '../../src/shared/fatturapa/index.ts';
import { detectPayloadKind, unwrapP7m } from '../../src/shared/fatturapa/p7m.ts';
import { referenceAvailable } from '../support/reference.ts';
import { italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { libxml2Validate } from '../shared/fatturapa/model/libxml2-oracle.ts';
import { IBAN, PDF_BASE64 } from '../shared/compose/fixtures.ts';
import { sendComposed, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { choose } from './support/select.ts';

/*
 * The composer for public administrations, in Chromium: a professional's fee note with two pension funds, two
 * withholdings, three instalments and a PDF, and a deferred invoice (TD24) with two delivery notes and split
 * payment. Each sent file is read back from the server and must pass our validator and libxml2 with the official
 * XSD. On the way: an IBAN check-digit error at its field, the layout at 1280 and 1024 px, the menu's shortcut,
 * and axe on the filled composer in it/en/de and in the dark theme.
 */

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'compose');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = { it: 'Italiano', en: 'English', de: 'Deutsch' } as const;
const IBAN_ELEMENT = 'FatturaElettronicaBody[1]/DatiPagamento[1]/DettaglioPagamento[1]/IBAN';

interface App {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** The headless UI in English, in a context axe can be injected into (the page's CSP forbids it otherwise). */
async function openApp(ui: UiFixture): Promise<App> {
  const context = await ui.browser.newContext({
    locale: 'it-IT',
    bypassCSP: true,
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server'))
      problems.push(message.text());
  });
  await page.goto(`${ui.sandbox.origin}/app/`, { timeout: STEP_MS });
  await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
  await language(page, 'en');
  return { page, context, problems };
}

async function language(page: Page, code: keyof typeof LANGUAGES) {
  await page.getByTestId('language').click();
  await page.getByRole('option', { name: LANGUAGES[code] }).click();
  await page.locator(`html[lang="${code}"]`).waitFor({ timeout: STEP_MS });
}

async function waitForState(api: ApiCaller, id: number, state: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while ((await api.get<Send>(`/v1/send/${id}`)).body.latest_state !== state) {
    if (Date.now() > deadline) throw new Error(`invoice ${id} never reached ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** axe's WCAG 2.1 A/AA findings on the page as it is. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!String(await page.evaluate('typeof window.axe')).includes('object')) await page.evaluate(AXE);
  const result = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.impact} ${v.id} at ${n.target.join(' ')}`),
  );
}

/** The file the server stored for a sent invoice, out of its signature envelope. */
async function sentXml(api: ApiCaller, id: number): Promise<string> {
  const send = (await api.get<Send>(`/v1/send/${id}`, { query: { include_payload: 'true' } })).body;
  const raw =
    send.encoding === 'Base64'
      ? new Uint8Array(Buffer.from(send.payload ?? '', 'base64'))
      : new TextEncoder().encode(send.payload ?? '');
  const bytes = detectPayloadKind(raw).startsWith('p7m') ? unwrapP7m(raw) : raw;
  return new TextDecoder().decode(bytes);
}

/** Our validator (structure and SdI content checks) and, where the reference XSDs are, libxml2. */
function expectValid(xml: string): OrdinaryInvoiceJson {
  const json = invoiceToJson(parseInvoiceXml(xml)) as OrdinaryInvoiceJson;
  expect(validateStructure(json)).toEqual([]);
  expect(runSdiChecks(parseInvoiceXml(xml)).filter((p) => p.severity === 'error')).toEqual([]);
  if (referenceAvailable) expect(libxml2Validate(xml).errors).toEqual([]);
  return json;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

async function fillAddress(
  region: Locator,
  street: string,
  postcode: string,
  town: string,
  province: string,
) {
  await region.getByLabel('Street', { exact: true }).fill(street);
  await region.getByLabel('Street number', { exact: true }).fill('1');
  await region.getByLabel('Postcode', { exact: true }).fill(postcode);
  await region.getByLabel('Town', { exact: true }).fill(town);
  await region.getByLabel('Province', { exact: true }).fill(province);
}

describe('the composer for public administrations, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const lawyerVat = italianVat(7300);
  const lawyer = 'Studio Legale Bianchi';
  const wholesalerVat = italianVat(7310);
  const wholesaler = 'Cartoleria Rossi Srl';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    for (const [vat, name] of [
      [lawyerVat, lawyer],
      [wholesalerVat, wholesaler],
    ] as const) {
      const created = await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name } });
      expect(created.status).toBe(201);
    }
    // The administration's office is in the sandbox's IPA directory, or SDI would discard the invoices (00311).
    const office = await api.post('/_sandbox/pa-offices', {
      json: { code: 'UFY9MH', name: 'Comune di Esempio' },
    });
    expect(office.status).toBe(201);
  });

  afterAll(() => ui?.close());

  it('a fee note to a PA: office code, CIG and CUP, two funds, two withholdings, three instalments, a PDF; the sent file has them all', async () => {
    const { page, context, problems } = await openApp(ui);
    try {
      // The menu's shortcut works in the page too (outside fields).
      await page.locator('body').click({ position: { x: 600, y: 500 } });
      await page.keyboard.press('Control+Shift+N');
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      expect(await page.evaluate(() => location.hash)).toBe('#/compose');
      await page.locator('[data-testid="nav-compose"][aria-current="page"]').waitFor({ timeout: STEP_MS });

      const supplier = form.getByRole('region', { name: 'Supplier' });
      const customer = form.getByRole('region', { name: 'Customer', exact: true });
      await choose(page, supplier, 'Your company', new RegExp(lawyer));
      await fillAddress(supplier, 'Via Po', '10123', 'Torino', 'TO');

      await customer.getByLabel('Company name', { exact: true }).fill('Comune di Esempio');
      await customer.getByLabel('Fiscal code', { exact: true }).fill('80012345676');
      await fillAddress(customer, 'Piazza Municipio', '00100', 'Roma', 'RM');
      await choose(page, customer, 'Delivery through SDI', /^Public administration office code/);
      await customer.getByLabel('Office code (IPA)', { exact: true }).fill('UFY9MH');
      await customer.getByLabel('Order or contract number', { exact: true }).fill('Det. 12/2026');
      await customer.getByLabel('CIG', { exact: true }).fill('Z1234567890');
      await customer.getByLabel('CUP', { exact: true }).fill('J11B22000000001');
      // Split payment is proposed for a PA; a professional's fees subject to withholding are not under it.
      const split = page.getByTestId('compose-split-payment');
      expect(await split.isChecked()).toBe(true);
      await split.click();
      expect(await split.isChecked()).toBe(false);

      const documentSection = form.getByRole('region', { name: 'Document', exact: true });
      await choose(page, documentSection, 'Document type', /^TD06/);
      const line = page.getByTestId('compose-line').first();
      await line.getByLabel('Description', { exact: true }).fill('Parere legale');
      await line.getByLabel('Unit price', { exact: true }).fill('1500');

      // Two funds: Cassa forense 4% taxed at 22%, and 2% out of scope (N2.2) subject to the withholding.
      await page.getByTestId('compose-add-fund').click();
      await page.getByTestId('compose-add-fund').click();
      const funds = page.getByTestId('compose-fund');
      await choose(page, funds.nth(0), 'Fund', /^TC01/);
      await funds.nth(1).getByLabel('Rate %', { exact: true }).fill('2');
      // Two withholdings: 20% on a person's fees, and 4% (RT03).
      await page.getByTestId('compose-add-withholding').click();
      await page.getByTestId('compose-add-withholding').click();
      const withholdings = page.getByTestId('compose-withholding');
      await choose(page, withholdings.nth(0), 'Withholding type', /^RT01/);
      await choose(page, withholdings.nth(1), 'Withholding type', /^RT03/);
      await withholdings.nth(1).getByLabel('Rate %', { exact: true }).fill('4');
      await choose(page, funds.nth(1), 'VAT', 'No VAT');
      await choose(page, funds.nth(1), 'Nature (no VAT)', /^N2\.2/);
      await funds.nth(1).getByLabel('Contribution subject to withholding').check();

      // Payment: a wrong IBAN check digit is shown at the IBAN, then fixed; two more instalments follow it.
      await page.getByTestId('compose-add-instalment').click();
      const instalments = page.getByTestId('compose-instalment');
      const badIban = `${IBAN.slice(0, 2)}61${IBAN.slice(4)}`;
      await instalments.nth(0).getByLabel('IBAN', { exact: true }).fill(badIban);
      // Said once the field is left.
      await page.keyboard.press('Tab');
      const ibanProblem = page.locator(`[data-testid="compose-field-problem"][data-field="${IBAN_ELEMENT}"]`);
      await ibanProblem.first().waitFor({ timeout: STEP_MS });
      expect(await ibanProblem.count()).toBe(1);
      expect(await ibanProblem.innerText()).toContain('wrong check digits');
      expect(await instalments.nth(0).getByLabel('IBAN', { exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      // Listed once: at its field, and only counted in the problem list.
      await page.getByTestId('compose-problems-at-fields').waitFor({ timeout: STEP_MS });
      await instalments.nth(0).getByLabel('IBAN', { exact: true }).fill(IBAN);
      await ibanProblem.first().waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByTestId('compose-add-instalment').click();
      await page.getByTestId('compose-add-instalment').click();
      expect(await instalments.count()).toBe(3);
      expect(await instalments.nth(2).getByLabel('IBAN', { exact: true }).inputValue()).toBe(IBAN);

      // The PDF.
      const pdf = join(ui.files, 'parere.pdf');
      writeFileSync(pdf, Buffer.from(PDF_BASE64, 'base64'));
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('compose-attachments').click();
      await (await chooser).setFiles(pdf);
      await page.getByTestId('compose-attachment').waitFor({ timeout: STEP_MS });

      // By hand: funds 4% × 1,500.00 = 60.00 (22%) and 2% × 1,500.00 = 30.00 (N2.2); withholding base
      // 1,500.00 + 30.00 = 1,530.00: 20% = 306.00, 4% = 61.20. VAT 22% × 1,560.00 = 343.20; no stamp (30.00
      // without VAT). Total 1,590.00 + 343.20 = 1,933.20; net 1,933.20 - 367.20 = 1,566.00 = 3 × 522.00.
      const totals = page.getByTestId('compose-totals');
      await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('1933.20');
      await expect.poll(() => totals.getAttribute('data-net'), { timeout: STEP_MS }).toBe('1566.00');
      expect(await instalments.nth(1).innerText()).toContain('Proposed: €522.00');
      await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });
      await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });

      // The layout: nothing wider than the window, each line on one row (its total beside its price) at 1280 px.
      const fits = () =>
        page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
      expect(await fits()).toBe(true);
      const price = (await line.getByLabel('Unit price', { exact: true }).boundingBox())!;
      const total = (await line.getByTestId('compose-line-total').boundingBox())!;
      expect(total.y).toBeLessThan(price.y + price.height);
      expect(total.y + total.height).toBeGreaterThan(price.y);
      // The column names stand above the lines; each input's own label is there for assistive technology only.
      expect(await page.locator('.compose-line-head').isVisible()).toBe(true);
      const label = (await line.getByText('Unit price', { exact: true }).boundingBox())!;
      expect(label.width).toBeLessThanOrEqual(1);
      await page.screenshot({ path: join(SHOTS, 'compose-pa-en-1280.png'), fullPage: true });

      // axe on the filled composer, with a discount editor open, in every language and in the dark theme.
      await line.getByRole('button', { name: 'Discounts and surcharges of line 1' }).click();
      await page.getByTestId('compose-add-adjustment').waitFor({ timeout: STEP_MS });
      const found: string[] = [];
      for (const code of ['en', 'it', 'de'] as const) {
        if (code !== 'en') await language(page, code);
        await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
        found.push(...(await audit(page, `${code} compose`)));
      }
      await page.screenshot({ path: join(SHOTS, 'compose-pa-de-1280.png'), fullPage: true });
      await page.getByTestId('theme').click();
      await page.getByRole('option', { name: 'Dunkel' }).click();
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
      found.push(...(await audit(page, 'dark compose')));
      expect(found).toEqual([]);
      await page.getByTestId('theme').click();
      await page.getByRole('option', { name: 'Hell' }).click();
      await language(page, 'it');
      await page.screenshot({ path: join(SHOTS, 'compose-pa-it-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 1024, height: 800 });
      expect(await fits()).toBe(true);
      await page
        .getByRole('region', { name: 'Righe' })
        .screenshot({ path: join(SHOTS, 'compose-pa-it-1024-lines.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
      await language(page, 'en');

      const id = await sendComposed(page);
      await waitForState(api, id, 'Consegnato');

      const json = expectValid(await sentXml(api, id));
      expect(json['@versione']).toBe('FPA12');
      expect(json.FatturaElettronicaHeader.DatiTrasmissione.CodiceDestinatario).toBe('UFY9MH');
      const body = json.FatturaElettronicaBody[0]!;
      const general = body.DatiGenerali.DatiGeneraliDocumento;
      expect(general.TipoDocumento).toBe('TD06');
      expect(general.ImportoTotaleDocumento).toBe('1933.20');
      expect(list(general.DatiRitenuta).map((w) => [w.TipoRitenuta, w.ImportoRitenuta])).toEqual([
        ['RT01', '306.00'],
        ['RT03', '61.20'],
      ]);
      expect(
        list(general.DatiCassaPrevidenziale).map((f) => [f.TipoCassa, f.ImportoContributoCassa, f.Natura]),
      ).toEqual([
        ['TC01', '60.00', undefined],
        ['TC22', '30.00', 'N2.2'],
      ]);
      const contract = list(body.DatiGenerali.DatiOrdineAcquisto)[0];
      expect([contract?.IdDocumento, contract?.CodiceCIG, contract?.CodiceCUP]).toEqual([
        'Det. 12/2026',
        'Z1234567890',
        'J11B22000000001',
      ]);
      const details = list(list(body.DatiPagamento)[0]?.DettaglioPagamento);
      expect(details.map((d) => [d.ImportoPagamento, d.IBAN])).toEqual(Array(3).fill(['522.00', IBAN]));
      expect(list(body.Allegati).map((a) => [a.NomeAttachment, a.FormatoAttachment, a.Attachment])).toEqual([
        ['parere.pdf', 'PDF', PDF_BASE64],
      ]);
      // The document view of the sent invoice shows the funds, the withholdings and the net to pay.
      const content = page.getByTestId('invoice-content');
      await content.waitFor({ timeout: STEP_MS });
      expect(await content.getByTestId('invoice-withholding').count()).toBe(2);
      expect(await content.getByTestId('invoice-fund').count()).toBe(2);
      expect(await content.getByTestId('invoice-net-to-pay').getAttribute('data-amount')).toBe('1566.00');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    // Long: the whole journey plus four accessibility audits; a safety net sized for a loaded two-core machine.
  });

  it('a deferred invoice (TD24) to a PA with two delivery notes and split payment, usable at 1024 px', async () => {
    const { page, context, problems } = await openApp(ui);
    try {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.getByTestId('nav-compose').click();
      const form = page.getByTestId('compose-form');
      await form.waitFor({ timeout: STEP_MS });
      const supplier = form.getByRole('region', { name: 'Supplier' });
      const customer = form.getByRole('region', { name: 'Customer', exact: true });
      await choose(page, supplier, 'Your company', new RegExp(wholesaler));
      await fillAddress(supplier, 'Corso Como', '20154', 'Milano', 'MI');
      await customer.getByLabel('Company name', { exact: true }).fill('Comune di Esempio');
      await customer.getByLabel('Fiscal code', { exact: true }).fill('80012345676');
      await fillAddress(customer, 'Piazza Municipio', '00100', 'Roma', 'RM');
      await choose(page, customer, 'Delivery through SDI', /^Public administration office code/);
      await customer.getByLabel('Office code (IPA)', { exact: true }).fill('UFY9MH');
      expect(await page.getByTestId('compose-split-payment').isChecked()).toBe(true);

      // TD24 opens its first delivery note, dated like the document.
      const documentSection = form.getByRole('region', { name: 'Document', exact: true });
      await choose(page, documentSection, 'Document type', /^TD24/);
      const notes = page.getByTestId('compose-ddt');
      await notes.first().waitFor({ timeout: STEP_MS });
      // The dates are shown the UI language's way; `data-value` is the ISO date the file gets.
      const date = await documentSection.getByLabel('Date', { exact: true }).getAttribute('data-value');
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const noteDate = notes.first().getByLabel('Delivery note date', { exact: true });
      expect(await noteDate.getAttribute('data-value')).toBe(date);
      expect(await noteDate.inputValue()).toBe(
        await documentSection.getByLabel('Date', { exact: true }).inputValue(),
      );
      await notes.first().getByLabel('Delivery note (DDT) number', { exact: true }).fill('DDT 101');
      await notes.first().getByLabel('Lines delivered (e.g. 1, 2)', { exact: true }).fill('1, 3');
      await page.getByTestId('compose-add-ddt').click();
      await notes.nth(1).getByLabel('Delivery note (DDT) number', { exact: true }).fill('DDT 117');
      await notes.nth(1).getByLabel('Lines delivered (e.g. 1, 2)', { exact: true }).fill('2');

      const lines = page.getByTestId('compose-line');
      const fill = async (i: number, description: string, quantity: string, price: string) => {
        if (i > 0) await page.getByTestId('compose-add-line').click();
        await lines.nth(i).getByLabel('Description', { exact: true }).fill(description);
        await lines.nth(i).getByLabel('Quantity', { exact: true }).fill(quantity);
        await lines.nth(i).getByLabel('Unit price', { exact: true }).fill(price);
      };
      await fill(0, 'Toner', '12', '3.5');
      await fill(1, 'Carta A4', '4', '19.90');
      await fill(2, 'Trasporto', '1', '45');
      await choose(page, lines.nth(2), 'VAT', '10 %');

      // By hand: 22% on 42.00 + 79.60 = 121.60, VAT 26.75; 10% on 45.00, VAT 4.50. Total 197.85; the PA pays the
      // 31.25 VAT to the State: net 166.60.
      const totals = page.getByTestId('compose-totals');
      await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('197.85');
      await expect.poll(() => totals.getAttribute('data-net'), { timeout: STEP_MS }).toBe('166.60');
      await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });

      // At 1024 px the page still fits: each line's description above its figures, every input labelled.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      const description = (await lines.first().getByLabel('Description', { exact: true }).boundingBox())!;
      const price = (await lines.first().getByLabel('Unit price', { exact: true }).boundingBox())!;
      expect(price.y).toBeGreaterThan(description.y + description.height - 1);
      const label = (await lines.first().getByText('Unit price', { exact: true }).boundingBox())!;
      expect(label.width).toBeGreaterThan(20);
      await page.screenshot({ path: join(SHOTS, 'compose-td24-en-1024.png'), fullPage: true });

      const id = await sendComposed(page);
      await waitForState(api, id, 'Consegnato');
      const json = expectValid(await sentXml(api, id));
      expect(json['@versione']).toBe('FPA12');
      const body = json.FatturaElettronicaBody[0]!;
      expect(body.DatiGenerali.DatiGeneraliDocumento.TipoDocumento).toBe('TD24');
      expect(
        list(body.DatiGenerali.DatiDDT).map((d) => [d.NumeroDDT, d.DataDDT, list(d.RiferimentoNumeroLinea)]),
      ).toEqual([
        ['DDT 101', date, ['1', '3']],
        ['DDT 117', date, ['2']],
      ]);
      expect(
        list(body.DatiBeniServizi.DatiRiepilogo).map((r) => [r.AliquotaIVA, r.Imposta, r.EsigibilitaIVA]),
      ).toEqual([
        ['22.00', '26.75', 'S'],
        ['10.00', '4.50', 'S'],
      ]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
