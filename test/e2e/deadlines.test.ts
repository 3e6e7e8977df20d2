/**
 * The scadenzario (issue 28 §1) as an accountant uses it, in Italian and in English: every instalment of the
 * invoices sent and of the received ones already read, a credit note netted against the invoice it corrects, a
 * collection recorded in part then in full and taken back, the filters, the totals and the CSV export, the unread
 * received invoices counted (never read behind the user's back) and the notification on the day something falls due.
 *
 * The sandbox clock stands on 10 April 2026. Each language has its own company, which sent and received:
 *
 * | document                  | instalments                                                    | on 10 April |
 * | ------------------------- | -------------------------------------------------------------- | ----------- |
 * | FT-1, 2 Mar, 1,220.00     | 610.00 by transfer due 31 Mar, 610.00 by RIBA due 30 Apr        |             |
 * | FT-2, 11 Mar, 610.00      | at 30 days from its date: due 10 Apr                            | due today   |
 * | FT-3, 20 Mar, 305.00      | no payment data: due on its date                               | overdue     |
 * | NC-1, 25 Mar, −122.00     | credit note naming FT-1: FT-1's first instalment 610 → 488.00  | offset      |
 * | A-1 (received), 976.00    | due 15 Apr, read                                               | to pay      |
 * | A-2 (received), 61.00     | not read: its payable is missing, and the screen says so       |             |
 *
 * To collect: 305.00 + 0 + 488.00 + 610.00 + 610.00 = 2,013.00; to pay 976.00; 2,989.00 outstanding in all.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceToXml } from '../../src/shared/fatturapa/index.ts';
import type { DettaglioPagamentoJson } from '../../src/shared/fatturapa/index.ts';
import { invoiceJson, invoiceXml, italianVat, type InvoiceOptions } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

const NOW = '2026-04-10T10:00:00Z';
const IBAN = 'IT60X0542811101000000123456';

/** Screenshots for a person to look at, when SCAMBIO_SCREENSHOTS is set (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'deadlines');

/** What each language's journey sees, by document: the row's key is filled in once sent. */
interface Seeded {
  company: { id: number; vat: string; name: string };
  sent: Record<'FT-1' | 'FT-2' | 'FT-3' | 'NC-1', number>;
  received: number;
}

/** An invoice file with its own payment details (one DatiPagamento) and credit-note references. */
function fileOf(
  options: InvoiceOptions,
  extra: { payments?: Partial<DettaglioPagamentoJson>[]; corrects?: { number: string; date: string } },
): string {
  const json = invoiceJson(options);
  const body = json.FatturaElettronicaBody[0]!;
  if (extra.payments)
    body.DatiPagamento = [
      {
        CondizioniPagamento: extra.payments.length > 1 ? 'TP01' : 'TP02',
        DettaglioPagamento: extra.payments.map((p) => ({
          ModalitaPagamento: 'MP05',
          ImportoPagamento: '0.00',
          ...p,
        })),
      },
    ];
  if (extra.corrects)
    body.DatiGenerali.DatiFattureCollegate = [
      { IdDocumento: extra.corrects.number, Data: extra.corrects.date },
    ];
  return invoiceToXml(json);
}

const net = (amount: string) => ({ lines: [{ Quantita: '1.00', PrezzoUnitario: amount }] });

/** The rows on screen, top to bottom, as their data attributes say. */
async function rowsOf(page: Page) {
  return page
    .locator('[data-testid="deadline-row"]')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [
          row.getAttribute('data-number'),
          row.getAttribute('data-kind'),
          row.getAttribute('data-due'),
          row.getAttribute('data-amount'),
          row.getAttribute('data-status'),
        ].join(' '),
      ),
    );
}

const total = (page: Page) => page.getByTestId('deadlines-total').getAttribute('data-amount');

async function openAddress(page: Page, hash: string): Promise<void> {
  await page.evaluate((next) => {
    window.location.hash = next;
  }, hash);
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download', { timeout: STEP_MS });
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** The words each language's journey reads on screen. */
const WORDS = {
  it: {
    payables: 'Pagamenti',
    all: 'Tutte',
    overdue: 'Scadute',
    anyState: 'Tutti gli stati',
    april: 'aprile 2026',
    anyDate: 'Qualsiasi data',
    partialAmount: '200,50',
    restAmount: '409,50',
    tooMuch: '1.000,00',
    tooMuchText: 'Supera il residuo di 409,50 €',
    ft1Row: [
      '31/03/2026',
      'Cliente IT Spa',
      'FT-1 del 02/03/2026',
      'Bonifico',
      '488,00 €',
      'originale 610,00 €',
      '122,00 € stornati dalla nota di credito NC-1',
      'Scaduta',
      'da 10 giorni',
      'Segna come incassata',
    ],
    ft2Row: ['10/04/2026', 'Cliente · IT', 'scade oggi', 'dai termini di pagamento', 'Da incassare'],
    ft3Row: ['senza scadenza: data documento', 'Non indicata'],
    nc1Row: ['Nota di credito', '0,00 €', '122,00 € compensati sulla fattura FT-1', 'Compensata'],
    a1Row: ['Fornitore IT Srl', 'Fornitore · IT', 'Da pagare', 'Segna come pagata'],
    partialRow: ['Parziale', '409,50 €', '200,50 € il 10/04/2026', 'Annulla l’ultimo incasso'],
    paidRow: ['Incassata', '0,00 €'],
    unread: '2 fatture ricevute non sono ancora state lette',
    csvHeader:
      'Scadenza;Tipo;Stato;Cliente / fornitore;Partita IVA;Codice fiscale;Azienda;Tipo documento;Numero;Data documento;Rata;Modalità di pagamento;IBAN;Valuta;Importo originale;Note di credito;Importo;Incassato / pagato;Residuo',
    csvFt1: `2026-03-31;Incasso;Scaduta;Cliente IT Spa;{customer};;Studio Scadenze IT Srl;TD01 Fattura;FT-1;2026-03-02;1/2;MP05 Bonifico;${IBAN};EUR;610,00;-122,00;488,00;0,00;488,00`,
    file: 'scadenzario.csv',
  },
  en: {
    payables: 'Payables',
    all: 'All',
    overdue: 'Overdue',
    anyState: 'Any state',
    april: 'April 2026',
    anyDate: 'Any date',
    partialAmount: '200.50',
    restAmount: '409.50',
    tooMuch: '1,000.00',
    tooMuchText: 'That is more than the €409.50 outstanding.',
    ft1Row: [
      '31 Mar 2026',
      'Cliente EN Spa',
      'FT-1, 02 Mar 2026',
      'Bank transfer',
      '€488.00',
      'originally €610.00',
      '€122.00 credited by credit note NC-1',
      'Overdue',
      '10 days late',
      'Mark as collected',
    ],
    ft2Row: ['10 Apr 2026', 'Customer · IT', 'due today', 'from the payment terms', 'To collect'],
    ft3Row: ['no due date: document date', 'Not stated'],
    nc1Row: ['Credit note', '€0.00', '€122.00 offset against invoice FT-1', 'Offset'],
    a1Row: ['Fornitore EN Srl', 'Supplier · IT', 'To pay', 'Mark as paid'],
    partialRow: ['Partly paid', '€409.50', '€200.50 on 10 Apr 2026', 'Undo the last collection'],
    paidRow: ['Collected', '€0.00'],
    unread: '2 received invoices have not been read yet',
    csvHeader:
      'Due date,Kind,State,Customer / supplier,VAT number,Tax code,Company,Document type,Number,Document date,Instalment,Payment method,IBAN,Currency,Original amount,Credit notes,Amount,Paid,Outstanding',
    csvFt1: `2026-03-31,Receivable,Overdue,Cliente EN Spa,{customer},,Studio Scadenze EN Srl,TD01 Invoice,FT-1,2026-03-02,1/2,MP05 Bank transfer,${IBAN},EUR,610.00,-122.00,488.00,0.00,488.00`,
    file: 'deadlines.csv',
  },
} as const;

describe('the deadlines (scadenzario), in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const seeded = {} as Record<Language, Seeded>;

  async function settled(id: number): Promise<void> {
    const deadline = Date.now() + STEP_MS;
    while (['Inviato', null].includes((await api.get<Send>(`/v1/send/${id}`)).body.latest_state)) {
      if (Date.now() > deadline) throw new Error(`invoice ${id} stayed Inviato`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function send(xml: string): Promise<number> {
    const sent = await api.post<Send>('/v1/send/xml', { body: xml });
    expect(sent.status).toBe(201);
    await settled(sent.body.id);
    return sent.body.id;
  }

  async function arrive(xml: string): Promise<void> {
    expect((await api.post('/_sandbox/inbound', { json: { payload: xml } })).status).toBe(201);
  }

  beforeAll(async () => {
    if (process.env.SCAMBIO_SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    expect((await api.post('/_sandbox/clock', { json: { set: NOW } })).status).toBe(200);
    for (const [i, language] of LANGUAGES.entries()) {
      const tag = language.toUpperCase();
      const vat = italianVat(8_100 + i);
      const name = `Studio Scadenze ${tag} Srl`;
      const created = await api.post<{ id: number }>('/v1/company', {
        json: { vat, fiscal_code: vat.slice(2), name },
      });
      expect(created.status).toBe(201);
      const seller = { supplierVat: vat, supplierName: name };
      const cliente = { ...seller, customerVat: italianVat(8_200 + i), customerName: `Cliente ${tag} Spa` };
      const altro = {
        ...seller,
        customerVat: italianVat(8_300 + i),
        customerName: `Altro Cliente ${tag} Srl`,
      };
      const sent = {
        'FT-1': await send(
          fileOf(
            { ...cliente, number: 'FT-1', date: '2026-03-02', ...net('1000.00') },
            {
              payments: [
                { DataScadenzaPagamento: '2026-03-31', ImportoPagamento: '610.00', IBAN },
                {
                  ModalitaPagamento: 'MP12',
                  DataScadenzaPagamento: '2026-04-30',
                  ImportoPagamento: '610.00',
                },
              ],
            },
          ),
        ),
        'FT-2': await send(
          fileOf(
            { ...altro, number: 'FT-2', date: '2026-03-11', ...net('500.00') },
            {
              payments: [
                {
                  DataRiferimentoTerminiPagamento: '2026-03-11',
                  GiorniTerminiPagamento: '30',
                  ImportoPagamento: '610.00',
                },
              ],
            },
          ),
        ),
        'FT-3': await send(invoiceXml({ ...altro, number: 'FT-3', date: '2026-03-20', ...net('250.00') })),
        'NC-1': await send(
          fileOf(
            { ...cliente, number: 'NC-1', date: '2026-03-25', tipoDocumento: 'TD04', ...net('100.00') },
            { corrects: { number: 'FT-1', date: '2026-03-02' } },
          ),
        ),
      };
      const supplier = {
        supplierVat: italianVat(8_400 + i),
        supplierName: `Fornitore ${tag} Srl`,
        customerVat: vat,
        customerName: name,
      };
      await arrive(
        fileOf(
          { ...supplier, number: 'A-1', date: '2026-03-03', ...net('800.00') },
          { payments: [{ DataScadenzaPagamento: '2026-04-15', ImportoPagamento: '976.00', IBAN }] },
        ),
      );
      await arrive(invoiceXml({ ...supplier, number: 'A-2', date: '2026-03-04', ...net('50.00') }));
      const received = (
        await api.get<Receive[]>('/v1/receive', { query: { company_id: created.body.id, page_size: 10 } })
      ).body;
      const a1 = received.find((r) => r.document_number === 'A-1')!;
      // Read once, as the accountant opening it would: A-2 stays unread.
      expect((await api.get(`/v1/receive/${a1.id}`, { query: { include_payload: true } })).status).toBe(200);
      seeded[language] = { company: { id: created.body.id, vat, name }, sent, received: a1.id };
    }
  });

  afterAll(() => ui?.close());

  for (const language of LANGUAGES) {
    it(`lists, settles, filters, totals and exports the deadlines (${language})`, async () => {
      const words = WORDS[language];
      const { company, sent, received } = seeded[language];
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      const key = (number: keyof Seeded['sent'], position = 1) => `sent:${sent[number]}/1#${position}`;
      const row = (rowKey: string) => page.locator(`[data-testid="deadline-row"][data-key="${rowKey}"]`);
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByTestId('nav-deadlines').click();
        await openAddress(page, `#/deadlines?company=${company.id}`);

        // One row per instalment, by due date; the credit note netted against FT-1's first instalment.
        await expect
          .poll(() => rowsOf(page), { timeout: 60_000 })
          .toEqual([
            'FT-3 receivable 2026-03-20 305.00 overdue',
            'NC-1 receivable 2026-03-25 0.00 paid',
            'FT-1 receivable 2026-03-31 488.00 overdue',
            'FT-2 receivable 2026-04-10 610.00 open',
            'A-1 payable 2026-04-15 976.00 open',
            'FT-1 receivable 2026-04-30 610.00 open',
          ]);
        // 2,013.00 to collect and 976.00 to pay.
        expect(await total(page)).toBe('2989.00');
        // Spaces as a reader sees them (Intl puts no-break spaces in amounts).
        const textOf = async (rowKey: string) => (await row(rowKey).innerText()).replace(/\s+/g, ' ');
        for (const text of words.ft1Row) expect(await textOf(key('FT-1'))).toContain(text);
        for (const text of words.ft2Row) expect(await textOf(key('FT-2'))).toContain(text);
        for (const text of words.ft3Row) expect(await textOf(key('FT-3'))).toContain(text);
        for (const text of words.nc1Row) expect(await textOf(key('NC-1'))).toContain(text);
        for (const text of words.a1Row) expect(await textOf(`received:${received}/1#1`)).toContain(text);
        // The document opens the invoice; an offset credit note has nothing left to record.
        expect(await row(key('FT-1')).getByTestId('deadline-document').getAttribute('href')).toBe(
          `#/sent/${sent['FT-1']}`,
        );
        expect(await row(key('NC-1')).getByTestId('mark-paid').count()).toBe(0);
        // Totals by month: March 305.00 + 488.00 to collect, all overdue; April 1,220.00 to collect, 976.00 to pay.
        const months = await page
          .locator('[data-testid="deadline-month"]')
          .evaluateAll((lines) =>
            lines.map((l) =>
              ['month', 'receivable', 'payable', 'balance'].map((a) => l.getAttribute(`data-${a}`)).join(' '),
            ),
          );
        expect(months).toEqual(['2026-03 793.00 0.00 793.00', '2026-04 1220.00 976.00 244.00']);

        // The unread received invoices are counted, never read: a link to them instead.
        const unread = page.getByTestId('deadlines-unread');
        expect(await unread.getAttribute('data-count')).toBe('2');
        expect(await unread.innerText()).toContain(words.unread);
        expect(await page.getByTestId('deadlines-unread-open').getAttribute('href')).toBe('#/inbox?unread=1');

        // FT-1's second instalment, collected in part: the date is today's, the amount the outstanding.
        await row(key('FT-1', 2)).getByTestId('mark-paid').click();
        const dialog = page.getByTestId('mark-paid-dialog');
        await page.getByTestId('payment-amount').waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('payment-date').getAttribute('data-value')).toBe('2026-04-10');
        expect(await page.getByTestId('payment-amount').getAttribute('data-value')).toBe('610.00');
        await page.getByTestId('payment-amount').fill(words.partialAmount);
        await page.getByTestId('payment-amount').blur();
        expect(await page.getByTestId('payment-amount').getAttribute('data-value')).toBe('200.50');
        if (process.env.SCAMBIO_SCREENSHOTS)
          await page.screenshot({ path: join(SHOTS, `dialog-${language}.png`) });
        await page.getByTestId('payment-confirm').click();
        await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
        await expect
          .poll(() => row(key('FT-1', 2)).getAttribute('data-status'), { timeout: STEP_MS })
          .toBe('partial');
        expect(await row(key('FT-1', 2)).getAttribute('data-outstanding')).toBe('409.50');
        for (const text of words.partialRow) expect(await textOf(key('FT-1', 2))).toContain(text);
        // 2,989.00 − 200.50.
        expect(await total(page)).toBe('2788.50');
        if (process.env.SCAMBIO_SCREENSHOTS) {
          await page.mouse.move(0, 0);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: join(SHOTS, `deadlines-${language}.png`) });
          await page.screenshot({ path: join(SHOTS, `deadlines-${language}-full.png`), fullPage: true });
        }

        // More than is outstanding is refused; the rest, the default, settles it.
        await row(key('FT-1', 2)).getByTestId('mark-paid').click();
        await page.getByTestId('payment-amount').waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('payment-amount').getAttribute('data-value')).toBe('409.50');
        await page.getByTestId('payment-amount').fill(words.tooMuch);
        await page.getByTestId('payment-confirm').click();
        await dialog.getByText(words.tooMuchText).waitFor({ timeout: STEP_MS });
        await page.getByTestId('payment-amount').fill(words.restAmount);
        await page.getByTestId('payment-confirm').click();
        await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
        await expect
          .poll(() => row(key('FT-1', 2)).getAttribute('data-status'), { timeout: STEP_MS })
          .toBe('paid');
        for (const text of words.paidRow) expect(await textOf(key('FT-1', 2))).toContain(text);
        expect(await total(page)).toBe('2379.00');

        // Undone: the last payment goes, the first stays.
        await row(key('FT-1', 2)).getByTestId('undo-payment').click();
        await expect
          .poll(() => row(key('FT-1', 2)).getAttribute('data-status'), { timeout: STEP_MS })
          .toBe('partial');
        expect(await row(key('FT-1', 2)).getAttribute('data-outstanding')).toBe('409.50');
        expect(await total(page)).toBe('2788.50');

        // Filters: payables only; then overdue; then due in April; then a counterparty.
        await page.getByTestId('deadlines-kind').getByText(words.payables, { exact: true }).click();
        await expect
          .poll(() => rowsOf(page), { timeout: STEP_MS })
          .toEqual(['A-1 payable 2026-04-15 976.00 open']);
        expect(await total(page)).toBe('976.00');
        await page.getByTestId('deadlines-kind').getByText(words.all, { exact: true }).click();
        await page.getByTestId('deadlines-state').click();
        await page.getByRole('option', { name: words.overdue, exact: true }).click();
        await expect
          .poll(() => rowsOf(page), { timeout: STEP_MS })
          .toEqual([
            'FT-3 receivable 2026-03-20 305.00 overdue',
            'FT-1 receivable 2026-03-31 488.00 overdue',
          ]);
        expect(await total(page)).toBe('793.00');
        expect(new URL(page.url()).hash).toBe(`#/deadlines?state=overdue&company=${company.id}`);
        await page.getByTestId('deadlines-state').click();
        await page.getByRole('option', { name: words.anyState, exact: true }).click();
        await page.getByTestId('deadlines-period').click();
        await page.getByRole('option', { name: words.april, exact: true }).click();
        await expect
          .poll(() => rowsOf(page), { timeout: STEP_MS })
          .toEqual([
            'FT-2 receivable 2026-04-10 610.00 open',
            'A-1 payable 2026-04-15 976.00 open',
            'FT-1 receivable 2026-04-30 610.00 partial',
          ]);
        // 610.00 + 976.00 + 409.50.
        expect(await total(page)).toBe('1995.50');
        await page.getByTestId('deadlines-search').fill('altro');
        await expect
          .poll(() => rowsOf(page), { timeout: STEP_MS })
          .toEqual(['FT-2 receivable 2026-04-10 610.00 open']);
        expect(await total(page)).toBe('610.00');
        await page.getByTestId('deadlines-search').fill('');
        await expect
          .poll(() => page.locator('[data-testid="deadline-row"]').count(), { timeout: STEP_MS })
          .toBe(3);
        await page.getByTestId('deadlines-period').click();
        await page.getByRole('option', { name: words.anyDate, exact: true }).click();
        await expect
          .poll(() => page.locator('[data-testid="deadline-row"]').count(), { timeout: STEP_MS })
          .toBe(6);

        // The CSV: the rows shown, in the language's separators.
        const csv = await downloadOf(page, () =>
          page.locator('[data-testid="export-list"][data-format="csv"]').click(),
        );
        expect(csv.name).toBe(words.file);
        const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
        expect(lines[0]).toBe(words.csvHeader);
        expect(lines).toHaveLength(8);
        expect(lines).toContain(
          words.csvFt1.replace('{customer}', italianVat(8_200 + LANGUAGES.indexOf(language))),
        );
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  it('tells once, on the day, what falls due, when asked to; and leaves axe nothing to find', async () => {
    const { company } = seeded.en;
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page, context } = app;
    try {
      await context.grantPermissions(['notifications'], { origin: ui.sandbox.origin });
      await page.addInitScript(() => {
        const told: { title: string; body: string }[] = [];
        (window as unknown as { told: typeof told }).told = told;
        class Recorder {
          static permission = 'granted';
          static requestPermission = async () => 'granted';
          constructor(title: string, options?: { body?: string }) {
            told.push({ title, body: options?.body ?? '' });
          }
        }
        (window as unknown as { Notification: unknown }).Notification = Recorder;
      });
      // Loaded again, so that the recorder stands in for the system's notifications from the start.
      await page.goto(`${ui.sandbox.origin}/app/#/deadlines?company=${company.id}`, { timeout: STEP_MS });
      await page.reload();
      await page.locator('[data-testid="deadline-row"]').first().waitFor({ timeout: 60_000 });
      const told = () => page.evaluate(() => (window as unknown as { told: unknown[] }).told);
      // Off until turned on.
      expect(await told()).toEqual([]);
      await page.getByTestId('deadlines-notify').click();
      // FT-2 falls due today (10 April); the other company's FT-2 too, both still to collect.
      await expect.poll(() => told().then((all) => all.length), { timeout: STEP_MS }).toBe(1);
      const [notification] = (await told()) as { title: string; body: string }[];
      expect(notification!.title).toBe('2 deadlines fall due today');
      expect(notification!.body.split('\n').sort()).toEqual([
        'To collect: FT-2, Altro Cliente EN Srl, €610.00',
        'To collect: FT-2, Altro Cliente IT Srl, €610.00',
      ]);
      // Once a day: opened again, the screen tells nothing new.
      await page.reload();
      await page.locator('[data-testid="deadline-row"]').first().waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('deadlines-notify').isChecked()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await told()).toEqual([]);

      // Both companies at once, at 1280 px: each row says whose it is on its counterparty line, and nothing
      // scrolls sideways.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${ui.sandbox.origin}/app/#/deadlines`, { timeout: STEP_MS });
      const row = page.locator('[data-testid="deadline-row"]', { hasText: 'Altro Cliente IT Srl' }).first();
      await row.waitFor({ timeout: 60_000 });
      expect(await row.innerText()).toContain(`Company: ${seeded.it.company.name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await page.goto(`${ui.sandbox.origin}/app/#/deadlines?company=${company.id}`, { timeout: STEP_MS });
      await page.locator('[data-testid="deadline-row"]').first().waitFor({ timeout: 60_000 });

      await page.evaluate(AXE);
      const result = (await page.evaluate(
        "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
      )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
      expect(
        result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`)),
      ).toEqual([]);

      // German, for a person to look at: the longest words of the three languages.
      if (process.env.SCAMBIO_SCREENSHOTS) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByTestId('language').click();
        await page.getByRole('option', { name: 'Deutsch' }).click();
        await page.locator('html[lang="de"]').waitFor({ timeout: STEP_MS });
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(SHOTS, 'deadlines-de-full.png'), fullPage: true });
      }

      // Whatever screen is open: with the day's record cleared, the companies screen tells the same two again.
      await page.evaluate(() => localStorage.removeItem('scambio.deadlines.notified'));
      await page.goto(`${ui.sandbox.origin}/app/#/companies`, { timeout: STEP_MS });
      await page.reload();
      await page.getByTestId('companies-table').waitFor({ timeout: STEP_MS });
      await expect.poll(() => told().then((all) => all.length), { timeout: 60_000 }).toBe(1);
      // The same two rows (in German when the screenshots above switched the language).
      expect(((await told()) as { body: string }[])[0]!.body.split('\n')).toHaveLength(2);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
