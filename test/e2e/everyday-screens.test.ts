import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat, type InvoiceOptions } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, sendComposed, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run), at 1280 and 1024 px, in Italian and English. */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'everyday');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

async function waitForState(api: ApiCaller, id: number, state: string): Promise<Send> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const send = (await api.get<Send>(`/v1/send/${id}`)).body;
    if (send.latest_state === state) return send;
    if (Date.now() > deadline) throw new Error(`invoice ${id} never reached ${state}: ${send.latest_state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends an invoice of `options` as XML text (headers: e.g. a forced SDI outcome) and waits for `state`. */
async function sendInvoice(
  api: ApiCaller,
  options: InvoiceOptions,
  state: string,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
): Promise<Send> {
  const sent = await api.post<Send>('/v1/send/xml', { body: invoiceXml(options), headers, query });
  expect(sent.status).toBe(201);
  return waitForState(api, sent.body.id, state);
}

/** Another language, chosen the way a user does. */
async function switchLanguage(page: Page, option: string, code: string) {
  await page.getByTestId('language').click();
  await page.getByRole('option', { name: option }).click();
  await page.locator(`html[lang="${code}"]`).waitFor({ timeout: STEP_MS });
}

/** Both screenshots of what the page shows now. */
async function shots(page: Page, name: string, language: Language) {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, `${name}-${language}-${width}.png`), fullPage: true });
  }
}

/** The axe-core WCAG 2.1 A/AA audit of the page as it is (the page's context must bypass CSP). */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object')) await page.evaluate(AXE);
  const result = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return result.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')}`));
}

describe('what an accountant sees every day: first steps, the frame, states, corrections and files (Chromium)', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const vat = italianVat(2610);
  const name = 'Studio Bianchi Srl';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    // The fixture builds the renderer from the source first: minutes on a busy machine.
  });

  afterAll(() => ui?.close());

  // First: the account is still empty.
  it('invites an empty account to register its company and write its first invoice, in Italian and English', async () => {
    const expected = {
      it: ['Registra la tua azienda', 'Scrivi la tua prima fattura'],
      en: ['Register your company', 'Write your first invoice'],
    };
    for (const language of LANGUAGES) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        const welcome = page.getByTestId('welcome');
        await welcome.waitFor({ timeout: STEP_MS });
        const company = page.getByTestId('welcome-company');
        const compose = page.getByTestId('welcome-compose');
        expect(await company.innerText()).toContain(expected[language][0]);
        expect(await compose.innerText()).toContain(expected[language][1]);
        expect(await company.getAttribute('href')).toBe('#/companies');
        expect(await compose.getAttribute('href')).toBe('#/compose');
        await shots(page, 'empty-dashboard', language);
        await company.click();
        await page.getByTestId('company-form').waitFor({ timeout: STEP_MS });
        await page.goBack();
        await compose.click();
        await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
    // The empty dashboard passes the same audit as every other screen.
    const context = await ui.browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto(`${ui.sandbox.origin}/app/`);
      await page.getByTestId('welcome').waitFor({ timeout: STEP_MS });
      expect(await axeViolations(page, 'empty dashboard')).toEqual([]);
    } finally {
      await context.close();
    }

    // With a company registered, what is left is the first invoice.
    const created = await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name } });
    expect(created.status).toBe(201);
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    try {
      await app.page.getByTestId('welcome-compose').waitFor({ timeout: STEP_MS });
      expect(await app.page.getByTestId('welcome-company').count()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('offers a skip link as the keyboard’s first stop: shown on focus, it moves the focus to the screen', async () => {
    for (const [language, label] of [
      ['it', 'Vai al contenuto principale'],
      ['en', 'Skip to main content'],
    ] as const) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.goto(`${ui.sandbox.origin}/app/#/sent`);
        await page.getByTestId('sent-table').waitFor({ timeout: STEP_MS });
        const skip = page.getByTestId('skip-link');
        // Out of sight until it has the focus.
        expect(await skip.evaluate((a) => a.getBoundingClientRect().bottom <= 0)).toBe(true);
        // The first Tab after the page loads.
        await page.reload();
        await page.getByTestId('sent-table').waitFor({ timeout: STEP_MS });
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
          'skip-link',
        );
        expect(await skip.innerText()).toBe(label);
        const box = (await skip.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        await shots(page, 'skip-link', language);
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
        // The address stays the screen's: the link moved the focus, not the place.
        expect(await page.evaluate(() => location.hash)).toBe('#/sent');
        // The next Tab goes on from the screen, past the header and the navigation.
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => document.activeElement?.closest('main, nav, header')?.tagName ?? ''),
        ).toBe('MAIN');
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('gathers the developer’s screens in a Developer group that folds away and stays folded after a reload', async () => {
    for (const [language, label] of [
      ['it', 'Per sviluppatori'],
      ['en', 'Developer'],
    ] as const) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        const toggle = page.getByTestId('nav-developer');
        // Open at first: every entry a script knows is where it was, and is a link.
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        expect(await toggle.innerText()).toContain(label);
        const group = page.getByRole('group', { name: label });
        for (const id of ['nav-log', 'nav-webhooks', 'nav-console', 'nav-reference']) {
          expect(await group.getByTestId(id).isVisible()).toBe(true);
          expect(await group.getByTestId(id).evaluate((a) => a.tagName)).toBe('A');
        }
        // The accountant's screens are outside it.
        for (const id of ['nav-dashboard', 'nav-compose', 'nav-sent', 'nav-inbox', 'nav-profiles'])
          expect(await group.getByTestId(id).count()).toBe(0);
        await page.getByTestId('nav-log').click();
        await page.getByTestId('log-table').waitFor({ timeout: STEP_MS });
        await shots(page, 'nav-developer-open', language);

        // Folded with the keyboard: a button, Enter toggles it.
        await toggle.focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('nav-log').waitFor({ state: 'hidden', timeout: STEP_MS });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByTestId('nav-sent').isVisible()).toBe(true);
        await page.reload();
        await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('nav-developer').getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByTestId('nav-webhooks').isVisible()).toBe(false);
        // Kept for this profile (the headless UI's one profile is `local`).
        expect(await page.evaluate(() => localStorage.getItem('scambio.nav.developer.local'))).toBe('closed');
        await shots(page, 'nav-developer-closed', language);

        // Space opens it again, and that is kept too.
        await page.getByTestId('nav-developer').focus();
        await page.keyboard.press('Space');
        await page.getByTestId('nav-reference').waitFor({ timeout: STEP_MS });
        await page.reload();
        await page.getByTestId('nav-reference').waitFor({ timeout: STEP_MS });
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('shows every SDI state as an icon and a whole word at 1024 px, with the full state and its meaning in a tooltip', async () => {
    const base = { supplierVat: vat, supplierName: name, date: '2026-03-02' };
    await sendInvoice(api, { ...base, number: 'ST-1', codiceDestinatario: 'ABC1234' }, 'Consegnato');
    await sendInvoice(
      api,
      { ...base, number: 'ST-2', format: 'FPA12', codiceDestinatario: 'SBXRIF' },
      'RifiutatoDalDestinatario',
    );
    await sendInvoice(
      api,
      { ...base, number: 'ST-3', format: 'FPA12', codiceDestinatario: 'SBXACC' },
      'AccettatoDalDestinatario',
    );
    await sendInvoice(api, { ...base, number: 'ST-4' }, 'ImpossibilitaDiRecapito');
    await sendInvoice(
      api,
      { ...base, number: 'ST-5', format: 'FPA12', codiceDestinatario: 'SBXNCO' },
      'NonConsegnato',
    );
    await sendInvoice(api, { ...base, number: 'ST-6' }, 'Scartato', { 'Sandbox-Scenario': 'scarto=00305' });
    const words = {
      it: { Consegnato: 'Consegnata', RifiutatoDalDestinatario: 'Rifiutata', Scartato: 'Scartata' },
      en: { Consegnato: 'Delivered', RifiutatoDalDestinatario: 'Refused', Scartato: 'Rejected' },
    };
    const meaning = { it: 'Rifiutata dal destinatario', en: 'The customer refused the invoice.' };
    for (const language of LANGUAGES) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.goto(`${ui.sandbox.origin}/app/#/sent`);
        const states = page.locator('[data-testid="sent-table"] tbody [data-state]');
        await expect.poll(() => states.count(), { timeout: STEP_MS }).toBe(6);
        // Every state reads whole: no word cut ("CO…", "RIF…"), and the list fits the window.
        const cut = await states.evaluateAll((badges) =>
          badges.flatMap((badge) =>
            [badge, ...badge.querySelectorAll('*')]
              // A visually hidden text (1 px wide, for screen readers) is not a cut word.
              .filter((e) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)
              .map((e) => `${badge.getAttribute('data-state')}: ${(e as HTMLElement).innerText}`),
          ),
        );
        expect(cut).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        for (const [state, word] of Object.entries(words[language])) {
          const badge = states.and(page.locator(`[data-state="${state}"]`)).first();
          // The word shown, with its icon; a screen reader hears the full state.
          expect(await badge.locator('[aria-hidden="true"]:not(svg)').innerText()).toBe(word);
          expect(await badge.locator('svg').count()).toBe(1);
        }
        await shots(page, 'states-sent-list', language);
        await page.setViewportSize({ width: 1024, height: 800 });
        const refused = states.and(page.locator('[data-state="RifiutatoDalDestinatario"]')).first();
        await refused.hover();
        const tooltip = page.getByRole('tooltip');
        await tooltip.waitFor({ timeout: STEP_MS });
        expect(await tooltip.innerText()).toContain(meaning[language]);

        // The dashboard's cards and the drawer's history, at 1024 px too.
        await page.goto(`${ui.sandbox.origin}/app/#/dashboard`);
        const card = page.locator('[data-testid="attention-state"][data-state="RifiutatoDalDestinatario"]');
        await card.waitFor({ timeout: STEP_MS });
        expect(await card.innerText()).toContain(words[language].RifiutatoDalDestinatario);
        await shots(page, 'states-dashboard', language);
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.goto(`${ui.sandbox.origin}/app/#/sent`);
        await refused.click();
        const history = page.getByTestId('sdi-history');
        await history
          .locator('[data-testid="sdi-update"][data-state="RifiutatoDalDestinatario"]')
          .waitFor({ timeout: STEP_MS });
        for (const badge of await history.locator('[data-testid="sdi-update"] span[data-state]').all())
          expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
        await shots(page, 'states-drawer', language);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('calls a plain XML "XML" and a signed file "P7M" in both drawers and in the saved name, whatever the encoding', async () => {
    const xml = invoiceXml({ supplierVat: vat, supplierName: name, number: 'XF-1', date: '2026-03-03' });
    // A plain XML named as SDI names files goes as Base64 in JSON: `encoding` says Base64, the file is XML.
    const plain = await api.post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64'), file_name: `${vat}_XF001.xml` },
    });
    expect(plain.status).toBe(201);
    expect(plain.body.encoding).toBe('Base64');
    // A file the service signs: a real P7M.
    const signed = await sendInvoice(
      api,
      { supplierVat: vat, supplierName: name, number: 'XF-2', date: '2026-03-03' },
      'ImpossibilitaDiRecapito',
      {},
      { signature: 'Apply' },
    );
    expect(signed.file_name).toMatch(/\.xml\.p7m$/);
    // A received plain XML that travelled as Base64 too.
    const arrived = await api.post('/_sandbox/inbound', {
      json: {
        payload: Buffer.from(
          invoiceXml({
            supplierVat: italianVat(2611),
            customerVat: vat,
            number: 'XF-R1',
            date: '2026-03-04',
          }),
        ).toString('base64'),
      },
    });
    expect(arrived.status).toBe(201);
    const received = (await api.get<Receive[]>('/v1/receive', { query: { sort: '-id' } })).body[0]!;
    expect(received.encoding).toBe('Base64');

    const labels = {
      it: { xml: 'Scarica XML', p7m: 'Scarica file firmato (P7M)' },
      en: { xml: 'Download XML', p7m: 'Download signed file (P7M)' },
    };
    for (const language of LANGUAGES) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        const check = async (address: string, kind: 'xml' | 'p7m', saved: RegExp) => {
          await page.goto(`${ui.sandbox.origin}/app/${address}`);
          const button = page.locator(`[data-testid="invoice-download"]:not([disabled])`);
          await button.waitFor({ timeout: STEP_MS });
          // Polled: the drawer of the address before may still be showing for a moment.
          await expect.poll(() => button.getAttribute('data-kind'), { timeout: STEP_MS }).toBe(kind);
          expect(await button.innerText()).toBe(labels[language][kind]);
          const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
          expect(download.suggestedFilename()).toMatch(saved);
          const bytes = readFileSync((await download.path())!);
          // The bytes are the file's own: an XML starts with `<`, a P7M with a DER SEQUENCE (0x30).
          expect(bytes[0]).toBe(kind === 'xml' ? 0x3c : 0x30);
        };
        await check(`#/sent/${plain.body.id}`, 'xml', new RegExp(`^${vat}_XF001\\.xml$`));
        await shots(page, 'file-plain-xml', language);
        await check(`#/sent/${signed.id}`, 'p7m', /\.xml\.p7m$/);
        await check(`#/inbox/${received.id}`, 'xml', /\.xml$/);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('no longer counts a rejected invoice corrected and resent as one to handle, and links it to its correction', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const base = { supplierVat: vat, supplierName: name, date: today, customerName: 'Ottica Moderna Snc' };
    const reject = { 'Sandbox-Scenario': 'scarto=00404' };
    // Three rejections: one corrected in the composer under a new number, one resent with its own number (from
    // another program, through the API), one left alone.
    const byComposer = await sendInvoice(api, { ...base, number: 'CR-1' }, 'Scartato', reject);
    const byResend = await sendInvoice(api, { ...base, number: 'CR-2' }, 'Scartato', reject);
    const leftAlone = await sendInvoice(api, { ...base, number: 'CR-3' }, 'Scartato', reject);
    const rejectedBefore = (
      await api.get<Send[]>('/v1/send', { query: { latest_state: 'Scartato', page_size: 100 } })
    ).body.length;

    // The composer's link is kept on this machine (this browser's storage): one page throughout.
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.goto(`${ui.sandbox.origin}/app/#/sent/${byComposer.id}`);
      await page.getByTestId('correct-and-resend').click();
      await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
      const documentSection = page.getByRole('region', { name: 'Document', exact: true });
      await documentSection.getByLabel('Number', { exact: true }).fill('CR-1B');
      await page
        .locator('[data-testid="compose-field-problem"][data-field$="DatiGeneraliDocumento/Numero"]')
        .first()
        .waitFor({ state: 'detached', timeout: STEP_MS });
      const correction = await sendComposed(page);
      expect(correction).not.toBe(byComposer.id);
      const resent = await sendInvoice(api, { ...base, number: 'CR-2' }, 'ImpossibilitaDiRecapito');

      for (const language of ['en', 'it'] as const) {
        await page.goto(`${ui.sandbox.origin}/app/#/dashboard`);
        if (language === 'it') await switchLanguage(page, 'Italiano', 'it');
        // "To handle": the one left alone (and those of earlier tests), not the two corrected.
        const card = page.locator('[data-testid="attention-state"][data-state="Scartato"]');
        await card.waitFor({ timeout: STEP_MS });
        await expect
          .poll(() => card.innerText(), { timeout: STEP_MS })
          .toMatch(new RegExp(`^${rejectedBefore - 2}\\b`));
        await shots(page, 'corrected-dashboard', language);

        // The sent list says which were corrected, each with a link to its correction.
        await page.goto(`${ui.sandbox.origin}/app/#/sent?state=Scartato`);
        const rowOf = (number: string) =>
          page.locator('[data-testid="sent-table"] tbody tr').filter({ hasText: number });
        await rowOf('CR-3').waitFor({ timeout: STEP_MS });
        const composerLink = rowOf('CR-1').getByTestId('corrected-by');
        await composerLink.waitFor({ timeout: STEP_MS });
        expect(await composerLink.getAttribute('href')).toBe(`#/sent/${correction}`);
        expect(await composerLink.innerText()).toContain('CR-1B');
        expect(await rowOf('CR-1').locator('[data-state="Scartato"]').getAttribute('data-corrected')).toBe(
          'true',
        );
        const resendLink = rowOf('CR-2').getByTestId('corrected-by');
        await resendLink.waitFor({ timeout: STEP_MS });
        expect(await resendLink.getAttribute('href')).toBe(`#/sent/${resent.id}`);
        expect(await rowOf('CR-3').getByTestId('corrected-by').count()).toBe(0);
        expect(
          await rowOf('CR-3').locator('[data-state="Scartato"]').getAttribute('data-corrected'),
        ).toBeNull();
        await shots(page, 'corrected-sent-list', language);

        // The link opens the correction, not the rejected row's drawer.
        await page.setViewportSize({ width: 1280, height: 800 });
        await resendLink.click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/sent/${resent.id}`);
        await page.getByTestId('sent-corrects').waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('sent-corrects').getAttribute('data-rejected-id')).toBe(
          String(byResend.id),
        );

        // The rejected invoice's drawer says it was corrected, and where.
        await page.goto(`${ui.sandbox.origin}/app/#/sent/${byComposer.id}`);
        const notice = page.getByTestId('sent-corrected');
        await notice.waitFor({ timeout: STEP_MS });
        expect(await notice.getAttribute('data-correction-id')).toBe(String(correction));
        expect(await notice.innerText()).toContain('CR-1B');
        await shots(page, 'corrected-drawer', language);
        // Another rejected invoice in the same drawer: nothing of the one before stays.
        await page.goto(`${ui.sandbox.origin}/app/#/sent/${leftAlone.id}`);
        await page.getByRole('dialog').getByText('CR-3').first().waitFor({ timeout: STEP_MS });
        await page.getByTestId('correct-and-resend').waitFor({ timeout: STEP_MS });
        expect(await page.getByTestId('sent-corrected').count()).toBe(0);
      }
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('duplicates a sent invoice from its drawer: the composer opens with its parties and lines as a new invoice', async () => {
    const original = await sendInvoice(
      api,
      {
        supplierVat: vat,
        supplierName: name,
        customerName: 'Libreria Il Segnalibro Srl',
        number: 'DU-1',
        date: '2026-03-05',
        lines: [
          { Descrizione: 'Revisione contabile trimestrale', Quantita: '2.00', PrezzoUnitario: '150.00' },
        ],
        codiceDestinatario: 'ABC1234',
      },
      'Consegnato',
    );
    const labels = {
      it: {
        button: 'Duplica',
        customer: 'Cessionario/committente',
        name: 'Denominazione',
        description: 'Descrizione',
        document: 'Documento',
        number: 'Numero',
      },
      en: {
        button: 'Duplicate',
        customer: 'Customer',
        name: 'Company name',
        description: 'Description',
        document: 'Document',
        number: 'Number',
      },
    };
    for (const language of LANGUAGES) {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.goto(`${ui.sandbox.origin}/app/#/sent/${original.id}`);
        const duplicate = page.getByTestId('duplicate-invoice');
        await duplicate.waitFor({ timeout: STEP_MS });
        expect(await duplicate.innerText()).toBe(labels[language].button);
        await shots(page, 'duplicate-drawer', language);
        await duplicate.click();
        await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
        expect(await page.evaluate(() => location.hash)).toBe(
          `#/compose?from=sent%2F${original.id}&mode=duplicate`,
        );
        const customer = page.getByRole('region', { name: labels[language].customer, exact: true });
        await expect
          .poll(() => customer.getByLabel(labels[language].name, { exact: true }).inputValue(), {
            timeout: STEP_MS,
          })
          .toBe('Libreria Il Segnalibro Srl');
        const line = page.getByTestId('compose-line').first();
        expect(await line.getByLabel(labels[language].description, { exact: true }).inputValue()).toBe(
          'Revisione contabile trimestrale',
        );
        await expect
          .poll(() => page.getByTestId('compose-totals').getAttribute('data-total'), { timeout: STEP_MS })
          .toBe('366.00');
        // A new invoice: not the original's number.
        const documentSection = page.getByRole('region', { name: labels[language].document, exact: true });
        const number = documentSection.getByLabel(labels[language].number, { exact: true });
        expect(await number.inputValue()).not.toBe('DU-1');
        await shots(page, 'duplicate-composer', language);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});
