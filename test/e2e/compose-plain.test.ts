/**
 * The composer as an Italian accountant uses it for a month (issue 26), each journey in one of it, en and de in turn: a new form says nothing
 * until a field is left, every message is a sentence about its field, the stamp duty says its real reason, the
 * regimes and natures propose their legal wording, the payment conditions keep their instalments, a number used
 * already is flagged with a link, and each document type gets the next number of its own series.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Company, Send } from '../../src/shared/api/types.ts';
import { NATURE_WORDING, REGIME_WORDING } from '../../src/shared/fatturapa/compose/legal-wording.ts';
import { wordStructureProblem } from '../../src/shared/fatturapa/compose/wording.ts';
import { composeDe, composeEn, composeIt } from '../../src/renderer/compose/messages.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { choose, chooseById } from './support/select.ts';
import { takingTurns, UI_LANGUAGES } from './support/language-turns.ts';

const LANGS = { it: composeIt, en: composeEn, de: composeDe } as const;

const CAP_ELEMENT = 'FatturaElettronicaHeader/CessionarioCommittente/Sede/CAP';
const CODE_ELEMENT = 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario';
/** What a message for a form never shows: an element path or a pattern. */
const GRAMMAR = /FatturaElettronica|CessionarioCommittente|DatiTrasmissione|\[0-9\]|\[A-Z0-9\]|\{\d/;

const today = () => new Date().toISOString().slice(0, 10);
const year = () => today().slice(0, 4);

const problemAt = (page: Page, element: string) =>
  page.locator(`[data-testid="compose-field-problem"][data-field="${element}"]`);

let ui: UiFixture;
let api: ApiCaller;

beforeAll(async () => {
  ui = await startUiFixture({ sdiDelayMs: 0 });
  api = ui.sandbox.caller('default');
});

afterAll(() => ui?.close());

describe.each(UI_LANGUAGES)('the composer in plain words (%s), in Chromium', (lang) => {
  const m = LANGS[lang];
  const journey = takingTurns(lang);
  const n = { it: 1, en: 2, de: 3 }[lang];

  async function company(seed: number, name: string): Promise<Company> {
    const vat = italianVat(seed);
    const created = await api.post<Company>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function openComposer(page: Page) {
    await page.getByTestId('nav-compose').click();
    await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
  }

  journey(
    'an untouched form shows no problem; leaving a field shows its own, in words; Send shows all and focuses the first',
    async () => {
      const app = await openApp(ui.browser, ui.sandbox.origin, lang);
      const { page } = app;
      try {
        await openComposer(page);
        // The checks have run (they say some fields are still to fill in), and nothing is shown.
        await page
          .getByTestId('compose-problems-hidden')
          .or(page.getByTestId('compose-field-problem').first())
          .waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('compose-field-problem').count()).toBe(0);
        expect(await page.getByTestId('compose-problems-hidden').getAttribute('data-count')).not.toBe('0');
        expect(await page.locator('[data-testid="compose-form"] [aria-invalid="true"]').count()).toBe(0);

        // A CAP of four digits, left: said at the CAP as the rule, with the element only in data-field.
        const customer = page.getByRole('region', { name: m.customer, exact: true });
        await customer.getByLabel(m.postcode, { exact: true }).fill('2013');
        await page.keyboard.press('Tab');
        const cap = problemAt(page, CAP_ELEMENT);
        await cap.first().waitFor({ timeout: STEP_MS });
        const capText = await cap.innerText();
        expect(capText).toBe(
          wordStructureProblem(
            { code: '00200', kind: 'pattern', path: CAP_ELEMENT, params: { value: '2013' } },
            lang,
          ).description,
        );
        expect(capText).not.toMatch(GRAMMAR);
        // Only the field left says something.
        expect(await page.getByTestId('compose-field-problem').count()).toBe(1);

        // A recipient code of five characters, left.
        await choose(page, customer, m.delivery, m.deliveryCode);
        await customer.getByLabel(m.recipientCode, { exact: true }).fill('ABC12');
        await page.keyboard.press('Tab');
        const code = problemAt(page, CODE_ELEMENT);
        await code.first().waitFor({ timeout: STEP_MS });
        expect(await code.count()).toBe(1);
        const codeText = await code.innerText();
        expect(codeText).toMatch(
          {
            it: /^Il codice destinatario ha 7 caratteri \(6 per la pubblica amministrazione\)/,
            en: /^The recipient code has 7 characters \(6 for a public administration\)/,
            de: /^Der Empfängercode hat 7 Zeichen \(6 für eine öffentliche Verwaltung\)/,
          }[lang],
        );
        expect(codeText).not.toMatch(GRAMMAR);
        expect(await page.getByTestId('compose-field-problem').count()).toBe(2);

        // Send: every problem shows, nothing is sent, and the first field in error has the focus.
        const before = (await api.get<Send[]>('/v1/send', { query: { page_size: 200 } })).body.length;
        await page.getByTestId('compose-send').click();
        await page.getByTestId('compose-send-error').waitFor({ timeout: STEP_MS });
        await expect
          .poll(() => page.getByTestId('compose-field-problem').count(), { timeout: STEP_MS })
          .toBeGreaterThan(8);
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                const active = document.activeElement;
                const first = document.querySelector('[data-testid="compose-form"] [aria-invalid="true"]');
                return active !== null && active === first;
              }),
            { timeout: STEP_MS },
          )
          .toBe(true);
        for (const text of await page.getByTestId('compose-field-problem').allInnerTexts())
          expect(text).not.toMatch(GRAMMAR);
        const sent = await api.get<Send[]>('/v1/send', { query: { page_size: 200 } });
        expect(sent.body.length).toBe(before);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );

  journey(
    'a 4,800.00 reverse-charge line (N6.3) gets its article, and the stamp duty is not due for reverse charge',
    async () => {
      const app = await openApp(ui.browser, ui.sandbox.origin, lang);
      const { page } = app;
      try {
        await openComposer(page);
        const line = page.getByTestId('compose-line').first();
        await line.getByLabel(m.description, { exact: true }).fill('Posa di pavimenti in subappalto');
        await line.getByLabel(m.unitPrice, { exact: true }).fill('4800');
        await choose(page, line, m.vat, m.exempt);
        await choose(page, line, m.nature, /^N6\.3/);
        const totals = page.getByTestId('compose-totals');
        await expect.poll(() => totals.getAttribute('data-total'), { timeout: STEP_MS }).toBe('4800.00');

        // The stamp duty is not due because reverse charge bears VAT, not because of the 77.47 threshold.
        const stamp = page.getByTestId('compose-stamp-proposal');
        await expect.poll(() => stamp.innerText(), { timeout: STEP_MS }).toBe(m.stampWhyReverseCharge);
        expect(await stamp.innerText()).not.toMatch(/77[.,]47/);
        expect(await stamp.getAttribute('data-due')).toBe('false');
        expect(await stamp.getAttribute('data-reason')).toBe('reverse-charge');

        // The Natura proposed its wording, with the article.
        await expect
          .poll(() => line.getByLabel(m.legalReference, { exact: true }).inputValue(), { timeout: STEP_MS })
          .toBe(NATURE_WORDING['N6.3']);
        expect(NATURE_WORDING['N6.3']).toContain('art. 17, comma 6, lett. a)');
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );

  journey(
    'choosing the flat-rate scheme (RF19) moves the lines to N2.2 with the legal wording, and warns at a line given VAT again',
    async () => {
      const app = await openApp(ui.browser, ui.sandbox.origin, lang);
      const { page } = app;
      try {
        await openComposer(page);
        const line = page.getByTestId('compose-line').first();
        await line.getByLabel(m.description, { exact: true }).fill('Consulenza grafica');
        await line.getByLabel(m.unitPrice, { exact: true }).fill('1000');
        const supplier = page.getByRole('region', { name: m.supplier, exact: true });
        await choose(page, supplier, m.regime, /^RF19/);
        await expect
          .poll(() => line.getByLabel(m.legalReference, { exact: true }).inputValue(), { timeout: STEP_MS })
          .toBe(REGIME_WORDING.RF19!.text);
        expect(await line.getByRole('combobox', { name: m.nature, exact: true }).inputValue()).toMatch(
          /^N2\.2/,
        );
        await page.getByText(m.regimeNote).waitFor({ timeout: STEP_MS });
        // Stamp duty: 1,000.00 out of the scope of VAT, over 77.47.
        await expect
          .poll(() => page.getByTestId('compose-stamp-proposal').getAttribute('data-reason'), {
            timeout: STEP_MS,
          })
          .toBe('over-threshold');

        // VAT put back on the line: a warning at the line, in words.
        await choose(page, line, m.vat, '22 %');
        await page.keyboard.press('Tab');
        const warning = line.getByTestId('compose-field-problem');
        await warning.first().waitFor({ timeout: STEP_MS });
        expect(await warning.first().innerText()).toMatch(
          {
            it: /regime forfettario non si addebita IVA/,
            en: /flat-rate scheme charges no VAT/,
            de: /Pauschalregelung wird keine MwSt/,
          }[lang],
        );
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );

  journey('clicking the chosen payment condition again keeps the instalments', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, lang);
    const { page } = app;
    try {
      await openComposer(page);
      await page.getByTestId('compose-add-instalment').click();
      await page.getByTestId('compose-add-instalment').click();
      const instalments = page.getByTestId('compose-instalment');
      await expect.poll(() => instalments.count(), { timeout: STEP_MS }).toBe(2);
      const conditions = page.getByTestId('compose-payment-conditions');
      expect(await conditions.inputValue()).toMatch(/^TP01/);
      // The option already chosen, clicked again.
      await chooseById(page, 'compose-payment-conditions', /^TP01/);
      await page.keyboard.press('Escape');
      expect(await instalments.count()).toBe(2);
      expect(await conditions.inputValue()).toMatch(/^TP01/);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  journey(
    'series FT and NC set in Companies are proposed per document type; a number already used is flagged with a link to its invoice',
    async () => {
      const own = await company(7400 + n, `Officina ${lang.toUpperCase()} Srl`);
      const y = year();
      const used = `FT/${y}/0007`;
      const first = await api.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: own.vat, supplierName: own.name, number: used, date: today() }),
      });
      expect(first.status).toBe(201);
      // The filters the composer asks with find it.
      const found = await api.get<Send[]>('/v1/send', {
        query: { document_number: used, prestatore: own.vat },
      });
      expect(found.body.map((s) => s.id)).toEqual([first.body.id]);

      const app = await openApp(ui.browser, ui.sandbox.origin, lang);
      const { page } = app;
      try {
        // The company's series, set where the company is edited.
        await page.goto(`${ui.sandbox.origin}/app/#/companies/${own.id}`);
        const editor = page.getByTestId('company-editor');
        await editor.waitFor({ timeout: STEP_MS });
        await editor.locator('[data-testid="company-series"][data-type="TD01"]').fill(`FT/${y}/0001`);
        await editor.locator('[data-testid="company-series"][data-type="TD04"]').fill(`NC/${y}/0001`);
        await editor.locator('button[type="submit"]').click();
        await page.getByTestId('companies-outcome').waitFor({ timeout: STEP_MS });

        await openComposer(page);
        const supplier = page.getByRole('region', { name: m.supplier, exact: true });
        await choose(page, supplier, m.supplierCompany, new RegExp(own.name));
        const number = page.getByTestId('compose-number');
        await expect.poll(() => number.inputValue(), { timeout: STEP_MS }).toBe(`FT/${y}/0008`);
        await chooseById(page, 'compose-type', /^TD04/);
        await expect.poll(() => number.inputValue(), { timeout: STEP_MS }).toBe(`NC/${y}/0001`);
        await chooseById(page, 'compose-type', /^TD01/);
        await expect.poll(() => number.inputValue(), { timeout: STEP_MS }).toBe(`FT/${y}/0008`);

        // The number of the invoice sent already, typed: flagged before sending, with the way to that invoice.
        await number.fill(used);
        await page.keyboard.press('Tab');
        const flag = page.getByTestId('compose-number-used');
        await flag.waitFor({ timeout: STEP_MS });
        expect(await flag.getAttribute('data-send-id')).toBe(String(first.body.id));
        expect(await flag.getByRole('link').getAttribute('href')).toBe(`#/sent/${first.body.id}`);
        expect(await flag.innerText()).toContain(used);
        // As a credit note the same number is free (SDI's key has the type).
        await chooseById(page, 'compose-type', /^TD04/);
        await flag.waitFor({ state: 'detached', timeout: STEP_MS });
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );
});
