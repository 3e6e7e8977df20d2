import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Today in Italy, as the books count it (the sandbox clock runs at real time here). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

// Issue 28 §5: the dashboard's money for a company and a month, against figures worked out by hand.
//   FT-1   100.00 + 22 % = 122.00, due today (no payment data: due on its date)
//   FT-2   200.00 + 22 % = 244.00, due in 30 days (next month or later: not due this month)
//   NC-1   credit note TD04 of 50.00 + 22 % = 61.00, today
// invoiced = 122.00 + 244.00 − 61.00 = 305.00; sales VAT = 22.00 + 44.00 − 11.00 = 55.00, no purchases → 55.00
// to collect, due this month = 122.00 − 61.00 = 61.00 (FT-2 falls due later); collected 0.00; overdue 0.00
describe("the dashboard's money, in Chromium", () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const own = italianVat(7910);
  const customer = italianVat(7911);

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    expect(
      (
        await api.post('/v1/company', {
          json: { vat: own, fiscal_code: own.slice(2), name: 'Conti Chiari Srl' },
        })
      ).status,
    ).toBe(201);
    const due = new Date(Date.parse(`${today}T12:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
    const invoices = [
      invoiceXml({ supplierVat: own, customerVat: customer, number: 'FT-1', date: today }),
      invoiceXml({
        supplierVat: own,
        customerVat: customer,
        number: 'FT-2',
        date: today,
        lines: [{ PrezzoUnitario: '200.00' }],
        payment: { ModalitaPagamento: 'MP05', DataScadenzaPagamento: due },
      }),
      invoiceXml({
        supplierVat: own,
        customerVat: customer,
        number: 'NC-1',
        date: today,
        tipoDocumento: 'TD04',
        lines: [{ PrezzoUnitario: '50.00' }],
      }),
    ];
    for (const xml of invoices) {
      const sent = await api.post<Send>('/v1/send/xml', { body: xml });
      expect(sent.status).toBe(201);
    }
  });

  afterAll(() => ui?.close());

  for (const language of ['it', 'en'] as const) {
    it(`shows what was invoiced, what is due and the VAT of the month (${language})`, async () => {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.goto(`${ui.sandbox.origin}/app/#/dashboard`);
        const figure = (id: string) => page.getByTestId(id).getAttribute('data-amount');
        await expect.poll(() => figure('books-invoiced'), { timeout: 4 * STEP_MS }).toBe('305.00');
        expect(await figure('books-vat')).toBe('55.00');
        expect(await figure('books-to-collect')).toBe('61.00');
        expect(await figure('books-collected')).toBe('0.00');
        expect(await figure('books-overdue')).toBe('0.00');
        // Each figure opens its list.
        expect(await page.getByTestId('books-overdue').getAttribute('href')).toContain('#/deadlines?');
        expect(await page.getByTestId('books-vat').getAttribute('href')).toContain(
          `period=${today.slice(0, 7)}`,
        );
        await page.getByTestId('books-chart').waitFor({ timeout: STEP_MS });
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
