/**
 * The periodic VAT settlement (`#/vat`, issue 28 §2) as an accountant checks it, in Chromium, in Italian and in
 * English, against figures worked out by hand. The sandbox clock stands on 20 March 2026.
 *
 * Studio Bianchi Srl (monthly payer) sent:
 *   NC-F1  10 Feb  TD04 credit note        200.00 × 22 % = −44.00   (February: a credit of 44.00)
 *   FT-1    2 Mar  invoice  1000.00 × 22 % = 220.00; 500.00 × 10 % = 50.00; 300.00 × 4 % = 12.00
 *   AF-1    4 Mar  TD16 self-invoice (N6.3) integrating SUB-1: 1000.00 × 22 % = 220.00, owed and deducted
 *   NC-1    5 Mar  TD04 credit note        100.00 × 22 % = −22.00
 *   PA-1    6 Mar  FPA12 split payment    1000.00 × 22 % = 220.00 shown, not due (the public body pays it)
 * and received on 20 March (unread until the journey reads them):
 *   A-1     Cartoleria Neri: 400.00 × 22 % = 88.00 deductible
 *   SUB-1   Edilizia Verdi, N6.3 reverse charge: 1000.00, no VAT
 *   AF-1    SDI's copy of the self-invoice: left out (the sent one counts)
 *
 * March: VAT due 220.00 + 50.00 + 12.00 + 220.00 − 22.00 = 480.00; deductible 88.00 + 220.00 = 308.00;
 * February's credit 44.00; 480.00 − 308.00 − 44.00 = 128.00 to pay. Before the received invoices are read,
 * deductible is the self-invoice's 220.00 alone: 480.00 − 220.00 − 44.00 = 216.00.
 * Sales lines: 22 % I 900.00/198.00; 22 % S 1000.00/220.00 (counted 0.00); 22 % N6.3 self-invoice
 * 1000.00/220.00; 10 % 500.00/50.00; 4 % 300.00/12.00. Purchases: 22 % I 400.00/88.00; 22 % N6.3 self-invoice
 * 1000.00/220.00; N6.3 1000.00/0.00.
 * First quarter: the February credit note is inside it, so nothing is carried in: VAT due 480.00 − 44.00 = 436.00
 * (22 % I: 700.00/154.00), deductible 308.00, 436.00 − 308.00 = 128.00 to pay.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { chooseById } from './support/select.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'vat');

const NOW = '2026-03-20T10:00:00Z';
const COMPANY = { vat: italianVat(8_100), name: 'Studio Bianchi Srl' };
const CUSTOMER = { customerVat: italianVat(8_200), customerName: 'Cliente Rossi Spa' };
const SUBCONTRACTOR = { vat: italianVat(8_300), name: 'Edilizia Verdi Srl' };

/** Plain spaces for the no-break spaces Intl puts in amounts. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** An amount as each language writes it: `1.234,56 €`, `€1,234.56`. */
function written(language: 'it' | 'en', amount: string): string {
  const negative = amount.startsWith('-');
  const [units, cents] = amount.replace('-', '').split('.');
  const group = language === 'it' ? '.' : ',';
  const number = `${units!.replace(/\B(?=(\d{3})+$)/g, group)}${language === 'it' ? ',' : '.'}${cents}`;
  return `${negative ? '-' : ''}${language === 'it' ? `${number} €` : `€${number}`}`;
}

/** Every `vat-row`: side, rate, nature, chargeability, source, taxable, VAT, counted. */
function rows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('vat-row')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        ['side', 'rate', 'nature', 'chargeability', 'source', 'taxable', 'vat', 'counted'].map(
          (name) => tr.getAttribute(`data-${name}`) ?? '',
        ),
      ),
    );
}

async function amountOf(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute('data-amount');
}

async function figures(page: Page) {
  return {
    sales: await amountOf(page, 'vat-sales'),
    purchases: await amountOf(page, 'vat-purchases'),
    previous: await amountOf(page, 'vat-previous-credit'),
    net: await amountOf(page, 'vat-net'),
  };
}

/** The rows of the open documents drawer: number, kind, VAT. */
function drawerRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('vat-documents')
    .getByTestId('vat-document')
    .evaluateAll((trs) =>
      trs.map((tr) => ['number', 'kind', 'vat'].map((name) => tr.getAttribute(`data-${name}`) ?? '')),
    );
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.screenshot({ path: join(SHOTS, `${name}-full.png`), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(SHOTS, `${name}-print.png`), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
}

const MARCH_ROWS = [
  ['sales', '22.00', '', 'I', 'invoice', '900.00', '198.00', '198.00'],
  ['sales', '22.00', '', 'S', 'invoice', '1000.00', '220.00', '0.00'],
  ['sales', '22.00', 'N6.3', 'I', 'self-invoice', '1000.00', '220.00', '220.00'],
  ['sales', '10.00', '', 'I', 'invoice', '500.00', '50.00', '50.00'],
  ['sales', '4.00', '', 'I', 'invoice', '300.00', '12.00', '12.00'],
  ['purchases', '22.00', '', 'I', 'invoice', '400.00', '88.00', '88.00'],
  ['purchases', '22.00', 'N6.3', 'I', 'self-invoice', '1000.00', '220.00', '220.00'],
  ['purchases', '0.00', 'N6.3', 'I', 'invoice', '1000.00', '0.00', '0.00'],
];

describe('the VAT settlement, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const sentIds = new Map<string, number>();

  async function send(xml: string): Promise<number> {
    const sent = await api.post<Send>('/v1/send/xml', { body: xml });
    expect(sent.status).toBe(201);
    const deadline = Date.now() + STEP_MS;
    while (['Inviato', null].includes((await api.get<Send>(`/v1/send/${sent.body.id}`)).body.latest_state)) {
      if (Date.now() > deadline) throw new Error(`invoice ${sent.body.id} stayed Inviato`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return sent.body.id;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    expect((await api.post('/_sandbox/clock', { json: { set: NOW } })).status).toBe(200);
    const created = await api.post('/v1/company', {
      json: { vat: COMPANY.vat, fiscal_code: COMPANY.vat.slice(2), name: COMPANY.name },
    });
    expect(created.status).toBe(201);
    const own = { supplierVat: COMPANY.vat, supplierName: COMPANY.name, ...CUSTOMER };
    const sales: [string, Parameters<typeof invoiceXml>[0]][] = [
      ['NC-F1', { ...own, tipoDocumento: 'TD04', date: '2026-02-10', lines: [{ PrezzoUnitario: '200.00' }] }],
      [
        'FT-1',
        {
          ...own,
          date: '2026-03-02',
          lines: [
            { PrezzoUnitario: '1000.00' },
            { PrezzoUnitario: '500.00', AliquotaIVA: '10.00' },
            { PrezzoUnitario: '300.00', AliquotaIVA: '4.00' },
          ],
        },
      ],
      [
        // The company integrates its subcontractor's N6.3 invoice: the supplier is CedentePrestatore (sending it
        // registers Edilizia Verdi as a second company of the account: the screen must then be told which).
        'AF-1',
        {
          supplierVat: SUBCONTRACTOR.vat,
          supplierName: SUBCONTRACTOR.name,
          customerVat: COMPANY.vat,
          customerName: COMPANY.name,
          tipoDocumento: 'TD16',
          date: '2026-03-04',
          lines: [{ PrezzoUnitario: '1000.00', Natura: 'N6.3' }],
        },
      ],
      ['NC-1', { ...own, tipoDocumento: 'TD04', date: '2026-03-05', lines: [{ PrezzoUnitario: '100.00' }] }],
      [
        'PA-1',
        {
          ...own,
          format: 'FPA12',
          customerName: 'Comune di Esempio',
          date: '2026-03-06',
          lines: [{ PrezzoUnitario: '1000.00' }],
          summaries: [
            { AliquotaIVA: '22.00', ImponibileImporto: '1000.00', Imposta: '220.00', EsigibilitaIVA: 'S' },
          ],
        },
      ],
    ];
    for (const [number, options] of sales)
      sentIds.set(number, await send(invoiceXml({ ...options, number })));
    const to = { customerVat: COMPANY.vat, customerName: COMPANY.name };
    for (const xml of [
      invoiceXml({
        ...to,
        supplierVat: italianVat(8_400),
        supplierName: 'Cartoleria Neri Snc',
        number: 'A-1',
        date: '2026-03-18',
        lines: [{ PrezzoUnitario: '400.00' }],
      }),
      invoiceXml({
        ...to,
        supplierVat: SUBCONTRACTOR.vat,
        supplierName: SUBCONTRACTOR.name,
        number: 'SUB-1',
        date: '2026-03-03',
        lines: [{ PrezzoUnitario: '1000.00', AliquotaIVA: '0.00', Natura: 'N6.3' }],
      }),
    ])
      expect((await api.post('/_sandbox/inbound', { json: { payload: xml } })).status).toBe(201);
  });

  afterAll(() => ui?.close());

  // First: the received invoices arrive unread, and this journey reads them as an accountant would.
  it('settles March in Italian: asks for the company, counts the unread invoices, adds up by hand, opens, prints and downloads', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('nav-vat').click();
      // Two companies (the self-invoice registered the subcontractor): none is chosen for the accountant.
      await page.getByTestId('vat-choose-company').waitFor({ timeout: STEP_MS });
      await chooseById(page, 'vat-company', new RegExp(COMPANY.name));
      await page.locator('[data-testid="vat-view"][data-period="2026-03"]').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('vat-period').getAttribute('data-period')).toBe('2026-03');

      // The three received invoices are unread: said, linked, never read here.
      const unread = page.getByTestId('vat-unread');
      await expect.poll(() => unread.getAttribute('data-count'), { timeout: STEP_MS }).toBe('3');
      expect(plain(await unread.innerText())).toContain(
        '3 fatture ricevute di questa società non sono ancora state lette',
      );
      expect(await figures(page)).toEqual({
        sales: '480.00',
        purchases: '220.00',
        previous: '44.00',
        net: '216.00',
      });
      const received = await api.get<{ is_read: boolean }[]>('/v1/receive', { query: { page_size: 100 } });
      expect(received.body.map((r) => r.is_read)).toEqual([false, false, false]);
      await shoot(page, 'vat-it-unread');

      // Read them in the inbox, after being told the cost; back to the settlement, which has their VAT.
      await page.getByTestId('vat-unread-link').click();
      await page.waitForURL(/#\/inbox\?unread=1&company=\d+/, { timeout: STEP_MS });
      await page.getByTestId('show-amounts').click();
      await page.getByTestId('show-amounts-ok').click();
      await expect
        .poll(
          async () => (await api.get<{ is_read: boolean }[]>('/v1/receive')).body.every((r) => r.is_read),
          {
            timeout: STEP_MS,
          },
        )
        .toBe(true);
      await page.getByTestId('nav-vat').click();
      await expect.poll(() => amountOf(page, 'vat-net'), { timeout: STEP_MS }).toBe('128.00');
      expect(await page.getByTestId('vat-unread').count()).toBe(0);
      expect(await figures(page)).toEqual({
        sales: '480.00',
        purchases: '308.00',
        previous: '44.00',
        net: '128.00',
      });
      expect(await rows(page)).toEqual(MARCH_ROWS);
      expect(await page.getByTestId('vat-split').getAttribute('data-amount')).toBe('220.00');
      expect(await page.getByTestId('vat-excluded').getAttribute('data-count')).toBe('1');

      // What the accountant reads, in the words of the periodic communication.
      const text = plain(await page.getByTestId('vat-view').innerText());
      for (const words of [
        'Studio Bianchi Srl · P. IVA ' + COMPANY.vat + ' · marzo 2026',
        'IVA a debito (vendite)',
        'IVA detraibile (acquisti)',
        'Credito del periodo precedente',
        'da febbraio 2026',
        'IVA da versare',
        'Scissione dei pagamenti',
        'Autofattura (inversione contabile)',
        'N6.3 · Inversione contabile – subappalto nel settore edile',
        'non una dichiarazione',
      ])
        expect(text).toContain(words);
      expect(plain(await page.getByTestId('vat-net').innerText())).toContain(written('it', '128.00'));
      expect(plain(await page.getByTestId('vat-purchases').innerText())).toContain(written('it', '-308.00'));
      await shoot(page, 'vat-it');

      // The documents behind the VAT due: each with its part, the credit note subtracted, a link to open it.
      await page.getByTestId('vat-sales').getByTestId('vat-open').click();
      const drawer = page.getByTestId('vat-documents');
      await drawer.getByTestId('vat-document').first().waitFor({ timeout: STEP_MS });
      expect(await drawerRows(page)).toEqual([
        ['FT-1', 'sent', '282.00'],
        ['AF-1', 'sent', '220.00'],
        ['NC-1', 'sent', '-22.00'],
      ]);
      expect(await drawer.getByTestId('vat-documents-total').getAttribute('data-vat')).toBe('480.00');
      await page.screenshot({ path: join(SHOTS, 'vat-it-documents.png'), animations: 'disabled' });
      const link = drawer.getByRole('link', { name: 'NC-1', exact: true });
      expect(await link.getAttribute('href')).toBe(`#/sent/${sentIds.get('NC-1')}`);
      await link.click();
      await page.waitForURL(new RegExp(`#/sent/${sentIds.get('NC-1')}$`), { timeout: STEP_MS });
      await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
      await page.goBack();
      await page.getByTestId('vat-view').waitFor({ timeout: STEP_MS });

      // The purchases behind the deductible VAT: on the day SDI delivered them, received ones open in the inbox.
      await page.getByTestId('vat-purchases').getByTestId('vat-open').click();
      await drawer.getByTestId('vat-document').first().waitFor({ timeout: STEP_MS });
      expect(await drawerRows(page)).toEqual([
        ['AF-1', 'sent', '220.00'],
        ['A-1', 'received', '88.00'],
      ]);
      expect(await drawer.getByRole('link', { name: 'A-1', exact: true }).getAttribute('href')).toMatch(
        /^#\/inbox\/\d+$/,
      );
      await page.keyboard.press('Escape');
      await drawer.getByTestId('vat-document').first().waitFor({ state: 'detached', timeout: STEP_MS });

      // The CSV: the books' own, one line per summary line and the figures.
      const download = page.waitForEvent('download', { timeout: STEP_MS });
      await page.locator('[data-testid="vat-download"][data-format="csv"]').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`liquidazione-iva-${COMPANY.vat}-2026-03.csv`);
      const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe(
        'record;period;side;source;rate;nature;chargeability;taxable;vat;counted;documents',
      );
      expect(csv.filter((l) => l.startsWith('line;'))).toHaveLength(8);
      expect(csv).toContain(
        `line;2026-03;sales;invoice;22.00;;S;1000.00;220.00;0.00;sent:${sentIds.get('PA-1')}/1`,
      );
      for (const [name, amount] of [
        ['sales-vat', '480.00'],
        ['split-payment-vat', '220.00'],
        ['purchase-vat', '308.00'],
        ['previous-credit', '44.00'],
        ['net', '128.00'],
      ])
        expect(csv.some((l) => l.startsWith(`total;2026-03;${name};;;;;;;${amount};`))).toBe(true);

      // Print: the button is there; on paper the company, the period, the tables and the note, no controls.
      expect(await page.getByTestId('vat-print').isEnabled()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('vat-heading').isVisible()).toBe(true);
      expect(await page.getByTestId('vat-note').isVisible()).toBe(true);
      expect(await page.getByTestId('vat-row').first().isVisible()).toBe(true);
      expect(await page.getByTestId('vat-period').isVisible()).toBe(false);
      expect(await page.getByTestId('nav-vat').isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('settles the first quarter in English, opens a line, and shows February’s credit carried', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('nav-vat').click();
      await chooseById(page, 'vat-company', new RegExp(COMPANY.name));
      await expect.poll(() => amountOf(page, 'vat-net'), { timeout: STEP_MS }).toBe('128.00');

      // The quarter: the February credit note is inside it.
      await page.getByTestId('vat-period-kind').getByText('Quarter').click();
      await page.locator('[data-testid="vat-view"][data-period="2026-Q1"]').waitFor({ timeout: STEP_MS });
      expect(await figures(page)).toEqual({
        sales: '436.00',
        purchases: '308.00',
        previous: '0.00',
        net: '128.00',
      });
      expect((await rows(page))[0]).toEqual([
        'sales',
        '22.00',
        '',
        'I',
        'invoice',
        '700.00',
        '154.00',
        '154.00',
      ]);
      const text = plain(await page.getByTestId('vat-view').innerText());
      for (const words of [
        'Q1 2026',
        'VAT due on sales',
        'Deductible VAT on purchases',
        'VAT to pay',
        'Split payment',
      ])
        expect(text).toContain(words);
      expect(plain(await page.getByTestId('vat-net').innerText())).toContain(written('en', '128.00'));
      await shoot(page, 'vat-en-quarter');

      // A line's documents: the 22 % sales, both credit notes subtracted.
      await page.getByTestId('vat-row').first().getByTestId('vat-open').click();
      const drawer = page.getByTestId('vat-documents');
      await drawer.getByTestId('vat-document').first().waitFor({ timeout: STEP_MS });
      expect(await drawerRows(page)).toEqual([
        ['NC-F1', 'sent', '-44.00'],
        ['FT-1', 'sent', '220.00'],
        ['NC-1', 'sent', '-22.00'],
      ]);
      expect(await drawer.getByTestId('vat-documents-total').getAttribute('data-vat')).toBe('154.00');
      await page.screenshot({ path: join(SHOTS, 'vat-en-documents.png'), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await drawer.getByTestId('vat-document').first().waitFor({ state: 'detached', timeout: STEP_MS });

      // Back to months: March (the month of the day it is), then February, whose credit March subtracts.
      await page.getByTestId('vat-period-kind').getByText('Month').click();
      await page.locator('[data-testid="vat-view"][data-period="2026-03"]').waitFor({ timeout: STEP_MS });
      await page.getByTestId('vat-period-previous').click();
      await page.locator('[data-testid="vat-view"][data-period="2026-02"]').waitFor({ timeout: STEP_MS });
      expect(await figures(page)).toEqual({
        sales: '-44.00',
        purchases: '0.00',
        previous: '0.00',
        net: '-44.00',
      });
      const net = plain(await page.getByTestId('vat-net').innerText());
      expect(net).toContain('Credit carried forward');
      expect(net).toContain(written('en', '44.00'));
      expect(await page.getByTestId('vat-purchases-empty').isVisible()).toBe(true);
      await shoot(page, 'vat-en-february');

      // Excel: real numbers, in English.
      await page.getByTestId('vat-period-next').click();
      await page.locator('[data-testid="vat-view"][data-period="2026-03"]').waitFor({ timeout: STEP_MS });
      await shoot(page, 'vat-en');
      const download = page.waitForEvent('download', { timeout: STEP_MS });
      await page.locator('[data-testid="vat-download"][data-format="xlsx"]').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`vat-settlement-${COMPANY.vat}-2026-03.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values.find((row) => row[0] === 'VAT to pay')?.[6]).toBe(128);
      expect(values.find((row) => row[0] === 'Credit from the previous period')?.[6]).toBe(44);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
