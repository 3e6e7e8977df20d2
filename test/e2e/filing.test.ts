/**
 * A month of invoicing as an Italian accountant files it (issue 26): credit notes subtract in every total (the
 * lists, the filtered total, the dashboard, CSV and XLSX), the lists sort and search the way filing needs, the
 * exports carry what a VAT register asks for, and the Export screen says which date selects the invoices and what
 * exporting unread received invoices costs before it does it. Every journey runs in Italian and in English.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat, simplifiedInvoiceXml } from '../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../support/sandbox.ts';
import { readZip } from '../support/zip.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** The sandbox clock stands in March 2026: the month every journey files. */
const NOW = '2026-03-20T10:00:00Z';

/**
 * The sent month, by hand: 1,220.00 + 3,050.61 − 366.00 + 61.00 − 122.00 + 24.40 = 3,868.01. Added as written
 * (today's bug) it would be 4,844.01.
 */
const SENT = [
  { number: 'FT-1', type: 'TD01', net: '1000.00', gross: '1220.00', date: '2026-03-02' },
  { number: 'FT-2', type: 'TD01', net: '2500.50', gross: '3050.61', date: '2026-03-05', due: '2026-04-15' },
  { number: 'NC-1', type: 'TD04', net: '300.00', gross: '366.00', date: '2026-03-10' },
  { number: 'ND-1', type: 'TD05', net: '50.00', gross: '61.00', date: '2026-03-11' },
  { number: 'NCS-1', type: 'TD08', net: '122.00', gross: '122.00', date: '2026-03-12' },
  { number: 'NDS-1', type: 'TD09', net: '24.40', gross: '24.40', date: '2026-03-13' },
];
const SENT_TOTAL = '3868.01';

/** The received month: 976.00 − 122.00 − 61.00 + 12.20 + 18.30 = 823.50 (added as written: 1,189.50). */
const RECEIVED = [
  { number: 'A-1', type: 'TD01', net: '800.00', gross: '976.00', date: '2026-03-03' },
  { number: 'A-2', type: 'TD04', net: '100.00', gross: '122.00', date: '2026-03-06' },
  { number: 'A-3', type: 'TD08', net: '61.00', gross: '61.00', date: '2026-03-07' },
  { number: 'A-4', type: 'TD05', net: '10.00', gross: '12.20', date: '2026-03-08' },
  { number: 'A-5', type: 'TD09', net: '18.30', gross: '18.30', date: '2026-03-09' },
];
const RECEIVED_TOTAL = '823.50';

const SIMPLIFIED = new Set(['TD07', 'TD08', 'TD09']);

/** One invoice file; simplified types carry their amount VAT included. */
function fileOf(
  invoice: { number: string; type: string; net: string; date: string; due?: string },
  parties: { supplierVat: string; supplierName: string; customerVat: string; customerName: string },
): string {
  const common = { ...parties, number: invoice.number, date: invoice.date, tipoDocumento: invoice.type };
  if (SIMPLIFIED.has(invoice.type))
    return simplifiedInvoiceXml({
      ...common,
      lines: [{ Descrizione: 'Cancelleria', Importo: invoice.net, DatiIVA: { Aliquota: '22.00' } }],
    });
  return invoiceXml({
    ...common,
    lines: [{ PrezzoUnitario: invoice.net }],
    ...(invoice.due ? { payment: { ModalitaPagamento: 'MP05', DataScadenzaPagamento: invoice.due } } : {}),
  });
}

/** Plain spaces for the no-break spaces Intl puts in amounts. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** How each language writes the amounts the journeys look for. */
const WRITTEN: Record<Language, (amount: string) => string> = {
  it: (a) => `${a.startsWith('-') ? '-' : ''}${grouped(a.replace('-', ''), '.', ',')} €`,
  en: (a) => `${a.startsWith('-') ? '-' : ''}€${grouped(a.replace('-', ''), ',', '.')}`,
};
function grouped(amount: string, group: string, decimal: string): string {
  const [units, cents] = amount.split('.');
  return `${units!.replace(/\B(?=(\d{3})+$)/g, group)}${decimal}${cents}`;
}

async function openAddress(page: Page, hash: string): Promise<void> {
  await page.evaluate((next) => {
    window.location.hash = next;
  }, hash);
}

/** The texts of one column of a list table, top to bottom, found by its header. */
async function columnTexts(page: Page, table: string, header: RegExp): Promise<string[]> {
  const headers = await page
    .locator(`[data-testid="${table}"] thead th`)
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).innerText.trim()));
  const column = headers.findIndex((text) => header.test(text));
  expect(column).toBeGreaterThanOrEqual(0);
  return page
    .locator(`[data-testid="${table}"] tbody tr`)
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      column,
    );
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download', { timeout: STEP_MS });
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** Waits until the list's total has every amount it counts (the files are read into the index). */
async function totalRead(page: Page): Promise<void> {
  await page.locator('[data-testid="list-total"][data-unknown="0"]').waitFor({ timeout: STEP_MS });
}

async function pickCompany(page: Page, name: string): Promise<void> {
  await page.getByTestId('company-filter').click();
  await page.getByRole('option', { name }).click();
}

describe('a month filed in Chromium: totals, lists and exports', () => {
  let ui: UiFixture;
  let sandbox: TestSandbox;
  let browser: Browser;
  let api: ApiCaller;
  const companies = {} as Record<Language, { id: number; vat: string; name: string }>;

  async function newCompany(seed: number, name: string) {
    const vat = italianVat(seed);
    const created = await api.post<{ id: number }>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, vat, name };
  }

  /** Waits until SDI is past Inviato with an invoice. */
  async function settled(id: number): Promise<void> {
    const deadline = Date.now() + STEP_MS;
    while (['Inviato', null].includes((await api.get<Send>(`/v1/send/${id}`)).body.latest_state)) {
      if (Date.now() > deadline) throw new Error(`invoice ${id} stayed Inviato`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function arrive(xml: string): Promise<void> {
    const inbound = await api.post('/_sandbox/inbound', { json: { payload: xml } });
    expect(inbound.status).toBe(201);
  }

  const receivedOf = async (companyId: number) =>
    (await api.get<Receive[]>('/v1/receive', { query: { company_id: companyId, page_size: 100 } })).body;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    ({ sandbox, browser } = ui);
    api = sandbox.caller('default');
    expect((await api.post('/_sandbox/clock', { json: { set: NOW } })).status).toBe(200);
    for (const [i, language] of LANGUAGES.entries()) {
      const company = await newCompany(6_100 + i, `Studio Contabile ${language.toUpperCase()} Srl`);
      companies[language] = company;
      for (const invoice of SENT) {
        const sent = await api.post<Send>('/v1/send/xml', {
          body: fileOf(invoice, {
            supplierVat: company.vat,
            supplierName: company.name,
            customerVat: italianVat(6_200 + i),
            customerName: `Cliente ${invoice.number} Spa`,
          }),
        });
        expect(sent.status).toBe(201);
        await settled(sent.body.id);
      }
      for (const invoice of RECEIVED)
        await arrive(
          fileOf(invoice, {
            supplierVat: italianVat(6_300 + i),
            supplierName: 'Cartoleria Bianchi Snc',
            customerVat: company.vat,
            customerName: company.name,
          }),
        );
      // Read once, as an accountant opening them would: from then on reading them again is free, and the app
      // shows their amounts without asking.
      for (const receive of await receivedOf(company.id))
        expect(
          (await api.get(`/v1/receive/${receive.id}`, { query: { include_payload: true } })).status,
        ).toBe(200);
    }
  });

  afterAll(() => ui?.close());

  it('adds up the month on the dashboard with credit notes subtracted (it, en)', async () => {
    for (const language of LANGUAGES) {
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, '#/dashboard');
        const turnover = page.getByTestId('dashboard-turnover');
        const purchases = page.getByTestId('dashboard-purchases');
        // Both companies' months: 2 × 3,868.01 and 2 × 823.50.
        await expect.poll(() => turnover.getAttribute('data-total'), { timeout: STEP_MS }).toBe('7736.02');
        await expect.poll(() => purchases.getAttribute('data-total'), { timeout: STEP_MS }).toBe('1647.00');
        expect(await turnover.getAttribute('data-credit-notes')).toBe('4');
        expect(await purchases.getAttribute('data-unknown')).toBe('0');
        const said = plain(await turnover.innerText());
        expect(said).toContain(WRITTEN[language]('7736.02'));
        expect(said).toContain(language === 'it' ? 'Fatturato di marzo 2026' : 'Turnover, March 2026');
        expect(said).toContain(
          language === 'it' ? '4 note di credito sottratte' : '4 credit notes subtracted',
        );
        expect(plain(await purchases.innerText())).toContain(WRITTEN[language]('1647.00'));
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  describe.each(LANGUAGES)('in %s', (language) => {
    const written = WRITTEN[language];

    it('totals the sent and the received month with credit notes subtracted, to the cent', async () => {
      const company = companies[language];
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, `#/sent?company=${company.id}`);
        const total = page.getByTestId('list-total');
        await totalRead(page);
        // What the accountant reads, then what a script reads.
        expect(plain(await total.innerText())).not.toContain(written('4844.01'));
        expect(plain(await total.innerText())).toContain(written(SENT_TOTAL));
        expect(await total.getAttribute('data-total')).toBe(SENT_TOTAL);
        // A credit note's row shows what it takes away.
        const credit = page
          .locator('[data-testid="sent-table"] tbody tr', { hasText: 'NC-1' })
          .getByTestId('amount');
        expect(plain(await credit.innerText())).toBe(written('-366.00'));
        expect(await credit.getAttribute('data-amount')).toBe('366.00');
        expect(await credit.getAttribute('data-signed')).toBe('-366.00');

        await openAddress(page, `#/inbox?company=${company.id}`);
        await expect
          .poll(async () => plain(await total.innerText()), { timeout: STEP_MS })
          .not.toContain(written(SENT_TOTAL));
        await totalRead(page);
        expect(plain(await total.innerText())).not.toContain(written('1189.50'));
        expect(plain(await total.innerText())).toContain(written(RECEIVED_TOTAL));
        expect(await total.getAttribute('data-total')).toBe(RECEIVED_TOTAL);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('sorts by amount, number and counterparty from anywhere in the header cell, and says it sorts itself', async () => {
      const company = companies[language];
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, `#/sent?company=${company.id}`);
        const rows = page.locator('[data-testid="sent-table"] tbody tr');
        await expect.poll(() => rows.count(), { timeout: STEP_MS }).toBe(SENT.length);
        await totalRead(page);
        const number = language === 'it' ? /^Numero/ : /^Number/;

        // A click in the cell's corner, away from the words, sorts too.
        const amount = page.getByTestId('sort-amount');
        await amount.click({ position: { x: 3, y: 3 } });
        await expect.poll(() => amount.getAttribute('aria-sort'), { timeout: STEP_MS }).toBe('ascending');
        const byAmount = ['NC-1', 'NCS-1', 'NDS-1', 'ND-1', 'FT-1', 'FT-2'];
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(byAmount);
        const note = page.getByTestId('list-local');
        expect(await note.getAttribute('data-reason')).toBe('sort');
        expect(await note.innerText()).toContain(
          language === 'it' ? 'su tutte le 6 fatture del filtro' : 'over all 6 invoices of this filter',
        );
        await amount.click({ position: { x: 3, y: 3 } });
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual([...byAmount].reverse());
        // The total is the same whatever the order.
        expect(await page.getByTestId('list-total').getAttribute('data-total')).toBe(SENT_TOTAL);

        await page.getByTestId('sort-number').click();
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(['FT-1', 'FT-2', 'NC-1', 'NCS-1', 'ND-1', 'NDS-1']);
        await page.getByTestId('sort-customer').click();
        await expect
          .poll(() => columnTexts(page, 'sent-table', language === 'it' ? /^Cliente/ : /^Customer/), {
            timeout: STEP_MS,
          })
          .toEqual(SENT.map((s) => `Cliente ${s.number} Spa`).sort());
        // Back to a column the service sorts: the note goes.
        await page.getByTestId('sort-date').click();
        await page.getByTestId('list-local').waitFor({ state: 'detached', timeout: STEP_MS });
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(SENT.map((s) => s.number));

        // Received invoices: by amount, and by read state.
        await openAddress(page, `#/inbox?company=${company.id}`);
        await totalRead(page);
        await page.getByTestId('sort-amount').click({ position: { x: 3, y: 3 } });
        await expect
          .poll(() => columnTexts(page, 'inbox-table', number), { timeout: STEP_MS })
          .toEqual(['A-2', 'A-3', 'A-4', 'A-5', 'A-1']);
        expect(await page.getByTestId('sort-read').count()).toBe(1);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('finds an invoice by its amount in the list search, as the header search does', async () => {
      const company = companies[language];
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, `#/sent?company=${company.id}`);
        await totalRead(page);
        const number = language === 'it' ? /^Numero/ : /^Number/;
        await page.getByTestId('search').fill(language === 'it' ? '3.050,61' : '3,050.61');
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(['FT-2']);
        expect(await page.getByTestId('list-local').getAttribute('data-reason')).toBe('amount');
        await expect
          .poll(() => page.getByTestId('list-total').getAttribute('data-total'), { timeout: STEP_MS })
          .toBe('3050.61');
        // A credit note by the amount it states.
        await page.getByTestId('search').fill(language === 'it' ? '366,00' : '366.00');
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(['NC-1']);
        // Text still searches as before.
        await page.getByTestId('search').fill('NDS-1');
        await expect
          .poll(() => columnTexts(page, 'sent-table', number), { timeout: STEP_MS })
          .toEqual(['NDS-1']);
        await page.getByTestId('list-local').waitFor({ state: 'detached', timeout: STEP_MS });

        await openAddress(page, `#/inbox?company=${company.id}`);
        await page.getByTestId('search').fill(language === 'it' ? '976' : '976.00');
        await expect
          .poll(() => columnTexts(page, 'inbox-table', number), { timeout: STEP_MS })
          .toEqual(['A-1']);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('exports CSV and XLSX for filing: tax ids, taxable, VAT, net to pay, SDI id, dates and a SUBTOTAL row', async () => {
      const company = companies[language];
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, `#/sent?company=${company.id}`);
        await totalRead(page);
        const csv = await downloadOf(page, () =>
          page.locator('[data-testid="export-list"][data-format="csv"]').click(),
        );
        const lines = csv.bytes
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        const separator = language === 'it' ? ';' : ',';
        const headers = lines[0]!.split(separator);
        const credit = lines.find((line) => line.includes('NC-1'))!.split(separator);
        const at = (name: string) => credit[headers.indexOf(name)];
        if (language === 'it') {
          expect(headers).toEqual(
            expect.arrayContaining([
              'P. IVA cliente',
              'Codice fiscale cliente',
              'Imponibile',
              'IVA',
              'Ritenuta',
              'Netto a pagare',
              'Prima scadenza',
              'Identificativo SDI',
            ]),
          );
          expect([at('Imponibile'), at('IVA'), at('Importo'), at('Netto a pagare')]).toEqual([
            '-300,00',
            '-66,00',
            '-366,00',
            '-366,00',
          ]);
          expect(at('P. IVA cliente')).toBe(italianVat(6_200));
        } else {
          expect([at('Taxable amount'), at('VAT'), at('Amount'), at('Net to pay')]).toEqual([
            '-300.00',
            '-66.00',
            '-366.00',
            '-366.00',
          ]);
          expect(at('Customer VAT number')).toBe(italianVat(6_201));
        }
        expect(credit[headers.indexOf(language === 'it' ? 'Identificativo SDI' : 'SDI identifier')]).toMatch(
          /\S/,
        );

        const xlsx = await downloadOf(page, () =>
          page.locator('[data-testid="export-list"][data-format="xlsx"]').click(),
        );
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        const names = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
        const col = (name: string) => names.indexOf(name) + 1;
        const amountCol = col(language === 'it' ? 'Importo' : 'Amount');
        const dueCol = col(language === 'it' ? 'Prima scadenza' : 'First due date');
        const dateCol = col(language === 'it' ? 'Data' : 'Date');
        expect(sheet.rowCount).toBe(SENT.length + 2);
        const rowOf = (number: string) =>
          [...Array(SENT.length).keys()]
            .map((i) => sheet.getRow(i + 2))
            .find((r) => r.getCell(2).value === number)!;
        expect(rowOf('NC-1').getCell(amountCol).value).toBe(-366);
        expect(rowOf('NC-1').getCell(amountCol).numFmt).toBe('#,##0.00');
        expect(rowOf('FT-2').getCell(dueCol).value).toEqual(new Date(Date.UTC(2026, 3, 15)));
        expect(rowOf('FT-1').getCell(dateCol).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
        expect(rowOf('FT-1').getCell(dateCol).numFmt).toBe(language === 'it' ? 'dd/mm/yyyy' : 'dd mmm yyyy');
        const total = sheet.getRow(SENT.length + 2);
        const letter = String.fromCharCode(64 + amountCol);
        expect(total.getCell(amountCol).value).toEqual({
          formula: `SUBTOTAL(9,${letter}2:${letter}${SENT.length + 1})`,
          result: 3868.01,
        });

        // The received list adds the day each invoice arrived, as a date.
        await openAddress(page, `#/inbox?company=${company.id}`);
        await totalRead(page);
        const received = await downloadOf(page, () =>
          page.locator('[data-testid="export-list"][data-format="xlsx"]').click(),
        );
        const inbox = new ExcelJS.Workbook();
        await inbox.xlsx.load(received.bytes as unknown as ArrayBuffer);
        const ws = inbox.worksheets[0]!;
        const receivedCol = (ws.getRow(1).values as unknown[]).indexOf(
          language === 'it' ? 'Ricevuta il' : 'Received on',
        );
        expect(receivedCol).toBeGreaterThan(0);
        expect(ws.getRow(2).getCell(receivedCol).value).toEqual(new Date(Date.UTC(2026, 2, 20)));
        expect(ws.getRow(RECEIVED.length + 2).getCell(amountCol).value).toMatchObject({ result: 823.5 });
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('says which date selects the invoices, and what reading unread ones costs before it exports them', async () => {
      // A company of its own: two unread invoices dated in March, and one dated in February that arrived in March.
      const seed = language === 'it' ? 6_400 : 6_410;
      const company = await newCompany(seed, `Export ${language.toUpperCase()} Srl`);
      const parties = {
        supplierVat: italianVat(seed + 1),
        supplierName: 'Ferramenta Verdi Srl',
        customerVat: company.vat,
        customerName: company.name,
      };
      await arrive(fileOf({ number: 'E-1', type: 'TD01', net: '100.00', date: '2026-03-02' }, parties));
      await arrive(fileOf({ number: 'E-2', type: 'TD04', net: '20.00', date: '2026-03-03' }, parties));
      await arrive(fileOf({ number: 'E-3', type: 'TD01', net: '50.00', date: '2026-02-27' }, parties));
      const unread = async () =>
        (await receivedOf(company.id)).filter((r) => !r.is_read).map((r) => r.document_number);
      expect((await unread()).sort()).toEqual(['E-1', 'E-2', 'E-3']);

      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, '#/export');
        const basis = page.getByTestId('export-date-basis');
        expect(await basis.innerText()).toContain(
          language === 'it' ? 'per data del documento' : 'by their document date',
        );
        await page
          .getByTestId('export-type')
          .getByText(language === 'it' ? 'Ricevute' : 'Received', { exact: true })
          .click();
        await pickCompany(page, company.name);
        // The month starts on the sandbox clock's: March 2026.
        expect(await page.getByTestId('export-month').inputValue()).toBe(
          language === 'it' ? 'marzo' : 'March',
        );

        // By document date: E-1 and E-2. Asked first; cancelling reads nothing.
        await page.getByTestId('export-start').click();
        const warning = page.getByTestId('export-unread-warning');
        await warning.waitFor({ timeout: STEP_MS });
        expect(await warning.getAttribute('data-unread')).toBe('2');
        expect(await warning.innerText()).toContain(
          language === 'it' ? 'conta 2 operazioni' : 'counts 2 operations',
        );
        await page.getByTestId('export-unread-cancel').click();
        await warning.waitFor({ state: 'detached', timeout: STEP_MS });
        expect((await unread()).sort()).toEqual(['E-1', 'E-2', 'E-3']);
        await page.getByTestId('export-start').click();
        await warning.waitFor({ timeout: STEP_MS });
        const byDocument = await downloadOf(page, () => page.getByTestId('export-unread-confirm').click());
        await page.getByTestId('export-saved').waitFor({ timeout: STEP_MS });
        expect([...(await readZip(byDocument.bytes)).keys()]).toHaveLength(2);
        expect(await unread()).toEqual(['E-3']);

        // By the day received: all three arrived on 20 March; only E-3 is still unread.
        await page
          .getByTestId('export-received-basis')
          .getByText(language === 'it' ? 'Data di ricezione' : 'Date received')
          .click();
        expect(await basis.getAttribute('data-basis')).toBe('received');
        expect(await basis.innerText()).toContain(
          language === 'it' ? 'per giorno di ricezione' : 'by the day they arrived',
        );
        await page.getByTestId('export-start').click();
        await warning.waitFor({ timeout: STEP_MS });
        expect(await warning.getAttribute('data-unread')).toBe('1');
        const byReceived = await downloadOf(page, () => page.getByTestId('export-unread-confirm').click());
        expect(byReceived.name).toBe('scambio-export-receive-received-2026-03.zip');
        const files = await readZip(byReceived.bytes);
        expect([...files.keys()].every((name) => name.startsWith(`${company.vat}/receive/`))).toBe(true);
        expect(files.size).toBe(3);
        expect(
          [...files.values()].some((bytes) => bytes.toString('utf8').includes('<Numero>E-3</Numero>')),
        ).toBe(true);
        await page.getByTestId('export-saved').waitFor({ timeout: STEP_MS });
        expect(await unread()).toEqual([]);
        // Nothing left unread: no question the next time.
        const again = await downloadOf(page, () => page.getByTestId('export-start').click());
        expect((await readZip(again.bytes)).size).toBe(3);
        expect(await warning.count()).toBe(0);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('sorts companies by name, VAT number or fiscal code from the header', async () => {
      const app = await openApp(browser, sandbox.origin, language);
      const { page } = app;
      try {
        await openAddress(page, '#/companies');
        const name = page.getByTestId('sort-name');
        await expect.poll(() => name.getAttribute('aria-sort'), { timeout: STEP_MS }).toBe('ascending');
        const header = language === 'it' ? /^(Nome|Denominazione|Ragione sociale)/ : /^Name/;
        const ascending = await columnTexts(page, 'companies-table', header);
        expect(ascending.length).toBeGreaterThan(1);
        await name.click({ position: { x: 3, y: 3 } });
        await expect.poll(() => name.getAttribute('aria-sort'), { timeout: STEP_MS }).toBe('descending');
        await expect
          .poll(() => columnTexts(page, 'companies-table', header), { timeout: STEP_MS })
          .toEqual([...ascending].reverse());
        await page.getByTestId('sort-vat').click();
        await expect
          .poll(() => page.getByTestId('sort-vat').getAttribute('aria-sort'), { timeout: STEP_MS })
          .toBe('ascending');
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });
  });

  // Pictures for a person to look at (SCAMBIO_SCREENSHOTS=<folder>): the screens this issue changed.
  it('takes screenshots of the totals, lists and export', async (context) => {
    if (!process.env.SCAMBIO_SCREENSHOTS) {
      console.warn('[filing screenshots] skipped: set SCAMBIO_SCREENSHOTS=<folder> to take them');
      context.skip();
    }
    const folder = process.env.SCAMBIO_SCREENSHOTS ?? join(tmpdir(), 'scambio-filing');
    mkdirSync(folder, { recursive: true });
    // One invoice left unread, for the export's question.
    await arrive(
      fileOf(
        { number: 'S-1', type: 'TD01', net: '40.00', date: '2026-03-18' },
        {
          supplierVat: italianVat(6_500),
          supplierName: 'Tipografia Neri Srl',
          customerVat: companies.it.vat,
          customerName: companies.it.name,
        },
      ),
    );
    for (const language of ['it', 'en', 'de'] as const) {
      for (const width of [1280, 1024]) {
        const app = await openApp(browser, sandbox.origin, language);
        const { page } = app;
        const shot = (name: string) =>
          page.screenshot({ path: join(folder, `${name}-${language}-${width}.png`), fullPage: true });
        try {
          await page.setViewportSize({ width, height: 900 });
          await openAddress(page, '#/dashboard');
          await page.getByTestId('dashboard-turnover').waitFor({ timeout: STEP_MS });
          await page.mouse.move(0, 0);
          await shot('dashboard');
          await openAddress(page, `#/sent?company=${companies.it.id}`);
          await page.locator('[data-testid="list-total"][data-unknown="0"]').waitFor({ timeout: STEP_MS });
          await page.getByTestId('sort-amount').click();
          await page.getByTestId('list-local').waitFor({ timeout: STEP_MS });
          await page.mouse.move(0, 0);
          await shot('sent-by-amount');
          await openAddress(page, `#/inbox?company=${companies.it.id}`);
          // S-1 is unread: its amount stays unknown.
          await page.locator('[data-testid="list-total"][data-unknown="1"]').waitFor({ timeout: STEP_MS });
          await page.getByTestId('search').fill(language === 'en' ? '976.00' : '976,00');
          await page.getByTestId('list-local').waitFor({ timeout: STEP_MS });
          await page.mouse.move(0, 0);
          await shot('inbox-amount-search');
          await openAddress(page, '#/export');
          await page
            .getByTestId('export-type')
            .getByText(/^(Ricevute|Received|Empfangene)$/)
            .click();
          await page.getByTestId('export-received-basis').waitFor({ timeout: STEP_MS });
          await shot('export');
          await page.getByTestId('export-start').click();
          await page.getByTestId('export-unread-warning').waitFor({ timeout: STEP_MS });
          await page.getByTestId('export-unread-cost').waitFor({ timeout: STEP_MS });
          // The dialog fades in: the picture waits for its transition to end.
          await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
          await shot('export-unread');
          await page.getByTestId('export-unread-cancel').click();
          await page
            .getByTestId('export-received-basis')
            .getByText(/^(Data di ricezione|Date received|Eingangsdatum)$/)
            .click();
          await page.locator('[data-testid="export-date-basis"][data-basis="received"]').waitFor();
          await shot('export-received');
          await openAddress(page, '#/companies');
          await page.getByTestId('sort-name').waitFor({ timeout: STEP_MS });
          await shot('companies');
        } finally {
          await app.close();
        }
      }
    }
  });
});
