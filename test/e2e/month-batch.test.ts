/**
 * A month's invoicing in minutes (issue 29, "done means"), in Chromium: three customers and three items imported,
 * five invoices written from them (the supplier typed once), one made recurring, all five sent in one batch and
 * numbered 1 to 5 though each was proposed number 1; on its day on the sandbox clock the recurring one is prepared
 * by itself, said in the app, and sent from Drafts as number 6. The clock is set,
 * never read from the machine: the dates are the same on every run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS, type AppPage } from './support/app-page.ts';
import { choose } from './support/select.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'month-batch');
const SUPPLIER = 'Studio Mensile Srl';
/**
 * 9:00 in Italy on Monday 11 January 2027, then on the 25th, the recurring invoice's day: within the sandbox's 15
 * days of retention, so January's invoices are still there to number after.
 */
const JANUARY = '2027-01-11T08:00:00Z';
const LATER = '2027-01-25T08:00:00Z';

const CUSTOMERS = [
  {
    name: 'Bianchi Costruzioni Srl',
    vat: italianVat(9101),
    code: 'BIANCH1',
    town: 'Bologna',
    province: 'BO',
  },
  { name: 'Verdi Ottica Snc', vat: italianVat(9102), code: 'VERDI01', town: 'Modena', province: 'MO' },
  { name: 'Neri Trasporti Spa', vat: italianVat(9103), code: 'NERITR1', town: 'Parma', province: 'PR' },
];

/** Invoice by invoice: which customer (by index) and which catalogue items. */
const MONTH = [
  { customer: 0, items: ['CANONE'] },
  { customer: 1, items: ['CONS-H', 'CONS-H'] },
  { customer: 2, items: ['CORSO'] },
  { customer: 0, items: ['CONS-H'] },
  { customer: 1, items: ['CANONE', 'CORSO'] },
];

async function sentInvoices(api: ApiCaller): Promise<Send[]> {
  return (await api.get<Send[]>('/v1/send', { query: { page_size: 100, include_payload: true } })).body;
}

async function photo(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('a month of invoices, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  /** One window for the month: the templates and drafts live in its storage, as on one machine. */
  let app: AppPage | undefined;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    expect((await api.post('/_sandbox/clock', { json: { set: JANUARY } })).status).toBe(200);
    const vat = italianVat(9100);
    const created = await api.post('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: SUPPLIER },
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await app?.close();
    await ui?.close();
  });

  it('five invoices to three saved customers from catalogue lines, one recurring, sent in one batch', async () => {
    app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    {
      // The registry and the catalogue, imported.
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contacts-import').waitFor({ timeout: STEP_MS });
      const contacts = join(ui.files, 'customers.csv');
      writeFileSync(
        contacts,
        [
          'name;vat_country;vat_number;street;postcode;town;province;roles;delivery;recipient_code',
          ...CUSTOMERS.map(
            (c) =>
              `${c.name};IT;${c.vat.slice(2)};Via Emilia 1;40100;${c.town};${c.province};customer;code;${c.code}`,
          ),
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(contacts);
      await page
        .locator('[data-testid="contacts-import-report"][data-imported="3"]')
        .waitFor({ timeout: STEP_MS });
      await page.getByTestId('nav-catalogue').click();
      await page.getByTestId('catalogue-import').waitFor({ timeout: STEP_MS });
      const items = join(ui.files, 'items.csv');
      writeFileSync(
        items,
        [
          'code;description;unit;unit_price;vat_rate;nature;legal_reference;withholding',
          'CANONE;Canone assistenza gennaio 2027;mese;150;22;;;no',
          'CONS-H;Consulenza, ora;ore;80;22;;;no',
          'CORSO;Corso di formazione;;200;0;N4;Art. 10 DPR 633/72;no',
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(items);
      await page
        .locator('[data-testid="catalogue-import-report"][data-imported="3"]')
        .waitFor({ timeout: STEP_MS });

      // Five drafts, each from a saved customer and catalogue lines; the supplier's address typed once.
      for (const [n, invoice] of MONTH.entries()) {
        await page.getByTestId('nav-drafts').click();
        await page.getByTestId('drafts-screen').waitFor({ timeout: STEP_MS });
        await page.getByTestId('nav-compose').click();
        const form = page.getByTestId('compose-form');
        await form.waitFor({ timeout: STEP_MS });
        // A new draft is dated on the sandbox's day.
        const documentSection = form.getByRole('region', { name: 'Document', exact: true });
        await expect
          .poll(() => documentSection.getByLabel('Date', { exact: true }).getAttribute('data-value'), {
            timeout: STEP_MS,
          })
          .toBe('2027-01-11');
        const supplier = form.getByRole('region', { name: 'Supplier' });
        await choose(page, supplier, 'Your company', new RegExp(SUPPLIER));
        if (n === 0) {
          await supplier.getByLabel('Street', { exact: true }).fill('Via Rizzoli 3');
          await supplier.getByLabel('Postcode', { exact: true }).fill('40125');
          await supplier.getByLabel('Town', { exact: true }).fill('Bologna');
          await supplier.getByLabel('Province', { exact: true }).fill('BO');
        } else {
          await expect
            .poll(() => supplier.getByLabel('Town', { exact: true }).inputValue(), { timeout: STEP_MS })
            .toBe('Bologna')
            .catch(async (error: unknown) => {
              await photo(page, `supplier-not-remembered-${n}`);
              throw error;
            });
        }
        const customer = CUSTOMERS[invoice.customer]!;
        await page.getByTestId('compose-customer-search').fill(customer.name.split(' ')[0]!);
        await page
          .getByRole('option', { name: new RegExp(customer.name) })
          .first()
          .click();
        await expect
          .poll(
            () =>
              form
                .getByRole('region', { name: 'Customer', exact: true })
                .getByLabel('Recipient code', { exact: true })
                .inputValue(),
            { timeout: STEP_MS },
          )
          .toBe(customer.code);
        for (const code of invoice.items) {
          await page.getByTestId('compose-line-pick').fill(code);
          await page
            .getByRole('option', { name: new RegExp(code) })
            .first()
            .click();
        }
        await expect
          .poll(() => page.getByTestId('compose-line').count(), { timeout: STEP_MS })
          .toBe(invoice.items.length);
        await page.getByTestId('compose-problems-none').waitFor({ timeout: STEP_MS });
        await page.getByTestId('compose-draft-saved').waitFor({ timeout: STEP_MS });
        if (n === 0) {
          // The monthly fee repeats: on the 11th of each month from February.
          // The fee repeats every month. Proposed: the 11th from February; chosen: the 25th from this month.
          await page.getByTestId('recurring-create').click();
          const dialog = page.getByTestId('recurring-form');
          await dialog.waitFor({ timeout: STEP_MS });
          const first = page.getByTestId('recurring-next-dates');
          expect(await first.getAttribute('data-first')).toBe('2027-02-11');
          await dialog.getByLabel('Day of the month').fill('25');
          await dialog.getByLabel('First date').fill('15/01/2027');
          await dialog.getByLabel('First date').blur();
          await expect.poll(() => first.getAttribute('data-first'), { timeout: STEP_MS }).toBe('2027-01-25');
          await photo(page, 'recurring-form-en');
          await page.getByTestId('recurring-save').click();
          await page.getByTestId('recurring-created').waitFor({ timeout: STEP_MS });
        }
      }

      // The batch: all five, numbered at sending one after the other.
      await page.getByTestId('nav-drafts').click();
      const rows = page.getByTestId('draft-row');
      await expect.poll(() => rows.count(), { timeout: STEP_MS }).toBe(5);
      await photo(page, 'drafts-en');
      await page.getByTestId('drafts-select-all').check();
      expect(await page.getByTestId('drafts-send-selected').getAttribute('data-count')).toBe('5');
      await page.getByTestId('drafts-send-selected').click();
      await page.locator('[data-testid="batch"][data-running="false"]').waitFor({ timeout: 6 * STEP_MS });
      expect(
        await page
          .getByTestId('batch-row')
          .evaluateAll((all) => all.map((r) => r.getAttribute('data-state'))),
      ).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
      await photo(page, 'batch-en');
      await page.getByTestId('drafts-empty').waitFor({ timeout: STEP_MS });

      const sent = await sentInvoices(api);
      expect(sent.map((s) => s.document_number).sort()).toEqual(['1', '2', '3', '4', '5']);
      // Each to its customer: Bianchi twice, Verdi twice, Neri once.
      expect(sent.map((s) => s.committente).sort()).toEqual(
        [0, 0, 1, 1, 2].map((i) => CUSTOMERS[i]!.vat).sort(),
      );
      expect(app.problems).toEqual([]);
    }
  }, 420_000);

  it('on its day the recurring invoice is prepared by itself, said on opening, and sent as number 6', async () => {
    const { page } = app!;
    expect((await api.post('/_sandbox/clock', { json: { set: LATER } })).status).toBe(200);
    // The app reads the clock again on the next screen: the day has changed, the draft is prepared.
    await page.getByTestId('nav-dashboard').click();
    const due = page.getByTestId('recurring-due');
    await due.waitFor({ timeout: STEP_MS });
    expect(await due.getAttribute('data-count')).toBe('1');
    await page.getByTestId('language').click();
    await page.getByRole('option', { name: 'Italiano' }).click();
    await page.locator('html[lang="it"]').waitFor({ timeout: STEP_MS });
    await photo(page, 'recurring-due-it');

    await page.getByTestId('nav-recurring').click();
    const template = page.getByTestId('recurring-row');
    await expect.poll(() => template.getAttribute('data-prepared'), { timeout: STEP_MS }).toBe('2027-01-25');
    expect(await template.getAttribute('data-next')).toBe('2027-02-25');
    await photo(page, 'recurring-it');

    await page.getByTestId('nav-drafts').click();
    const row = page.getByTestId('draft-row');
    await expect.poll(() => row.count(), { timeout: STEP_MS }).toBe(1);
    expect(await row.getAttribute('data-recurring')).not.toBeNull();
    expect(await row.getAttribute('data-errors')).toBe('0');
    expect(await row.innerText()).toContain('Bianchi Costruzioni Srl');
    await photo(page, 'drafts-it');
    await page.getByTestId('drafts-select').check();
    await page.getByTestId('drafts-send-selected').click();
    await page.locator('[data-testid="batch"][data-running="false"]').waitFor({ timeout: 2 * STEP_MS });
    expect(await page.getByTestId('batch-row').getAttribute('data-state')).toBe('sent');
    await photo(page, 'batch-it');

    const all = await sentInvoices(api);
    expect(all.map((s) => [s.document_number, s.document_date?.slice(0, 10)])).toContainEqual([
      '6',
      '2027-01-25',
    ]);
    const sixth = all.find((s) => s.document_number === '6')!;
    expect(sixth.committente).toBe(CUSTOMERS[0]!.vat);
    expect(sixth.document_date?.slice(0, 10)).toBe('2027-01-25');
    // The catalogue's "gennaio 2027" is the invoice's own month: each occurrence names its own (here January again;
    // test/shared/recurring names February).
    const xml = Buffer.from(sixth.payload ?? '', sixth.encoding === 'Base64' ? 'base64' : 'utf8').toString(
      'utf8',
    );
    expect(xml).toContain('Canone assistenza gennaio 2027');
    expect(app!.problems).toEqual([]);
  });
});
