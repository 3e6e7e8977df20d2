import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { readInvoice } from '../../src/shared/fatturapa/reading/read-document.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, sendComposed, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'self-invoice');

async function waitForState(api: ApiCaller, id: number, states: string[]): Promise<string> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const state = (await api.get<Send>(`/v1/send/${id}`)).body.latest_state ?? '';
    if (states.includes(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`invoice ${id} never reached ${states.join(' or ')}: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Issue 28 §3: a received invoice under domestic reverse charge (N6.3, subcontracting in construction) becomes a
// self-invoice TD16 in one action, sent through SDI like any invoice.
describe('a self-invoice for reverse charge from a received invoice, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const own = italianVat(7810);
  const supplier = italianVat(7811);
  let received: Receive;
  let companyId: number;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    const company = await api.post<{ id: number }>('/v1/company', {
      json: { vat: own, fiscal_code: own.slice(2), name: 'Edilizia Bianchi Srl' },
    });
    expect(company.status).toBe(201);
    companyId = company.body.id;
    // 2,500.00 of subcontracted work without VAT: N6.3, the customer owes it.
    const payload = invoiceXml({
      supplierVat: supplier,
      supplierName: 'Impianti Neri Srl',
      customerVat: own,
      customerName: 'Edilizia Bianchi Srl',
      number: 'RC-41',
      date: '2026-10-20',
      lines: [
        { PrezzoUnitario: '2500.00', AliquotaIVA: '0.00', Natura: 'N6.3', Descrizione: 'Impianto elettrico' },
      ],
    });
    const arrived = await api.post<{ delivered: Receive }>('/_sandbox/inbound', {
      json: { payload },
      unchecked: true,
    });
    expect(arrived.status).toBe(201);
    received = arrived.body.delivered;
  });

  afterAll(() => ui?.close());

  for (const language of ['it', 'en'] as const) {
    it(`opens the TD16 prefilled from the received invoice and sends it (${language})`, async () => {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        if (language === 'en') {
          // The second time, with a series of self-invoices set where the company is edited: numbered in it.
          await page.goto(`${ui.sandbox.origin}/app/#/companies/${companyId}`);
          const editor = page.getByTestId('company-editor');
          await editor.waitFor({ timeout: STEP_MS });
          await editor.locator('[data-testid="company-series"][data-type="TD16"]').fill('AF-001');
          await editor.locator('button[type="submit"]').click();
          await page.getByTestId('companies-outcome').waitFor({ timeout: STEP_MS });
        }
        await page.goto(`${ui.sandbox.origin}/app/#/inbox/${received.id}`);
        const offer = page.getByTestId('self-invoice');
        await offer.waitFor({ timeout: STEP_MS });
        expect(await offer.getAttribute('data-reason')).toBe('domestic-reverse-charge');
        await page.screenshot({ path: join(SHOTS, `offer-${language}.png`) });
        const open = page.locator('[data-testid="self-invoice-open"][data-kind="TD16"]');
        await open.click();

        const banner = page.getByTestId('compose-self-invoice');
        await banner.waitFor({ timeout: STEP_MS });
        expect(await banner.getAttribute('data-kind')).toBe('TD16');
        expect(await banner.innerText()).toContain('RC-41');
        // The supplier is the received invoice's; the customer is the own company; the original is linked.
        await expect
          .poll(() => page.getByTestId('compose-totals').getAttribute('data-total'))
          .toBe('3050.00');
        // Without a series, after the company's last self-invoice (none yet); with one, its first number.
        await expect
          .poll(() => page.getByTestId('compose-number').inputValue(), { timeout: STEP_MS })
          .toBe(language === 'en' ? 'AF-001' : '1');
        await page.screenshot({ path: join(SHOTS, `composer-${language}.png`), fullPage: true });
        // The company's own address is not known yet on a new machine: the accountant types it once.
        const labels = {
          it: { customer: 'Cessionario/committente', street: 'Indirizzo', postcode: 'CAP', town: 'Comune' },
          en: { customer: 'Customer', street: 'Street', postcode: 'Postcode', town: 'Town' },
        }[language];
        const customer = page
          .getByTestId('compose-form')
          .getByRole('region', { name: labels.customer, exact: true });
        await customer.getByLabel(labels.street, { exact: true }).fill('Via dei Mille 4');
        await customer.getByLabel(labels.postcode, { exact: true }).fill('40121');
        await customer.getByLabel(labels.town, { exact: true }).fill('Bologna');

        // Sent once the draft has taken the address (saved, checked).
        await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
        const id = await sendComposed(page, { shot: join(SHOTS, `not-sent-${language}.png`) });
        const state = await waitForState(api, id, ['Consegnato', 'ImpossibilitaDiRecapito']);
        expect(state).not.toBe('Scartato');
        const send = (await api.get<Send>(`/v1/send/${id}`, { query: { include_payload: true } })).body;
        const reading = readInvoice(send.payload!);
        const document = reading.documents[0]!;
        expect(document.type).toBe('TD16');
        expect(reading.supplier.vat).toBe(supplier);
        expect(reading.customer.vat).toBe(own);
        expect(document.references).toMatchObject([
          { kind: 'linkedInvoice', id: 'RC-41', date: '2026-10-20' },
        ]);
        // 2,500.00 at 22 %: 550.00 of VAT the company integrates.
        expect(document.vatSummary).toMatchObject([{ rate: '22.00', taxable: '2500.00', tax: '550.00' }]);
      } finally {
        await app.close();
      }
    });
  }
});
