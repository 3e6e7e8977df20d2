import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { seedAccount, type Seeded } from './support/seed.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** The part of the address the app owns: `#/sent/42?state=…`. */
const hashOf = (page: Page) => page.evaluate(() => location.hash);

describe('the frame an accountant lives in: addresses, keys, search, forms, clock (Chromium)', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  let seeded: Seeded;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    seeded = await seedAccount(api, 810);
  });

  afterAll(() => ui?.close());

  it('gives every screen and open invoice an address: Back, Forward and reload keep the place', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      // A deep link opens the drawer on that invoice, and a reload keeps it open.
      await page.goto(`${ui.sandbox.origin}/app/#/sent/${seeded.sent.id}`);
      await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
      await page.reload();
      await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
      expect(await page.getByRole('dialog').innerText()).toContain(seeded.sent.document_number!);

      // Closing the drawer is a step back to the list; Back reopens it, Forward closes it again.
      await page.keyboard.press('Escape');
      await page.getByTestId('sent-details').waitFor({ state: 'detached', timeout: STEP_MS });
      expect(await hashOf(page)).toBe('#/sent');
      await page.goBack();
      await page.getByTestId('sent-details').waitFor({ timeout: STEP_MS });
      expect(await hashOf(page)).toBe(`#/sent/${seeded.sent.id}`);
      await page.goForward();
      await page.getByTestId('sent-details').waitFor({ state: 'detached', timeout: STEP_MS });

      // A row opens its invoice at its own address.
      await page
        .locator('[data-testid="sent-table"] tbody tr', { hasText: seeded.rejected.document_number! })
        .click();
      await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
      expect(await hashOf(page)).toBe(`#/sent/${seeded.rejected.id}`);

      // Filters live in the address: a dashboard card is a link to the filtered list.
      await page.goto(`${ui.sandbox.origin}/app/#/dashboard`);
      const card = page.locator('[data-testid="attention-state"][data-state="Scartato"]');
      expect(await card.getAttribute('href')).toBe('#/sent?state=Scartato');
      await card.click();
      await expect
        .poll(() => page.locator('[data-testid="sent-table"] tbody tr').count(), { timeout: STEP_MS })
        .toBe(1);
      expect(await page.getByTestId('state-filter').inputValue()).toBe('Rejected by SDI');
      await page.reload();
      await page.locator('[data-testid="sent-table"] tbody tr').first().waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('state-filter').inputValue()).toBe('Rejected by SDI');
      await page.goBack();
      await page.getByTestId('sent-count').waitFor({ timeout: STEP_MS });

      // A received invoice too; an unknown address lands on the dashboard.
      await page.goto(`${ui.sandbox.origin}/app/#/inbox/${seeded.received.id}`);
      await page.getByTestId('received-details').waitFor({ timeout: STEP_MS });
      await page.goto(`${ui.sandbox.origin}/app/#/nowhere`);
      await page.getByTestId('sent-count').waitFor({ timeout: STEP_MS });
      expect(await hashOf(page)).toBe('#/dashboard');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('lets the keyboard reach and follow the navigation, and the desktop shortcuts work outside fields', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      // Every entry is a link; the Developer group's toggle (`nav-developer`) is the one button.
      for (const link of await page
        .locator('[data-testid^="nav-"]:not([data-testid="nav-developer"])')
        .all()) {
        expect(await link.evaluate((a) => a.tagName)).toBe('A');
        expect(await link.getAttribute('href')).toMatch(/^#\/[a-z]+$/);
      }
      expect(await page.getByTestId('nav-developer').evaluate((b) => b.tagName)).toBe('BUTTON');
      // Tab from the top of the page until the Sent invoices entry has the focus; Enter follows it.
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      let focused = '';
      for (let i = 0; i < 30 && focused !== 'nav-sent'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      }
      expect(focused).toBe('nav-sent');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Sent invoices' }).waitFor({ timeout: STEP_MS });
      expect(await hashOf(page)).toBe('#/sent');
      // The entry is marked current on the render after the address changes: wait for it, do not sample it.
      await page.locator('[data-testid="nav-sent"][aria-current="page"]').waitFor();

      await page.locator('body').click({ position: { x: 5, y: 600 } });
      await page.keyboard.press('Control+i');
      await page.getByRole('heading', { name: 'Received invoices' }).waitFor({ timeout: STEP_MS });
      await page.keyboard.press('Control+e');
      await page.getByRole('heading', { name: 'Export' }).waitFor({ timeout: STEP_MS });
      await page.keyboard.press('Control+n');
      await page.getByRole('heading', { name: 'Send invoices' }).waitFor({ timeout: STEP_MS });
      // Typing in a field, the same keys are the field's.
      await page.goto(`${ui.sandbox.origin}/app/#/sent`);
      await page.getByTestId('search').focus();
      await page.keyboard.press('Control+e');
      await page.waitForTimeout(300);
      expect(await hashOf(page)).toBe('#/sent');

      // `/` goes to the one search; a result is a link to its place.
      await page.locator('body').click({ position: { x: 5, y: 600 } });
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'global-search',
      );
      await page.keyboard.type('Contabile 810');
      const option = page.getByRole('option', { name: new RegExp(seeded.company.vat) });
      await option.waitFor({ timeout: STEP_MS });
      expect(await page.getByRole('listbox').innerText()).toContain('Companies');
      await option.click();
      expect(await hashOf(page)).toBe(`#/companies/${seeded.company.id}`);
      await page.getByTestId('company-editor').waitFor({ timeout: STEP_MS });

      // The server searches names, VAT numbers, document numbers, file names and SDI ids.
      await page.getByTestId('global-search').fill('Fornitore Carta');
      await page.getByRole('option', { name: new RegExp(seeded.received.document_number!) }).click();
      await page.getByTestId('received-details').waitFor({ timeout: STEP_MS });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['en', 'SDI rejected the file', 'Duplicate invoice: number X-810 of 2026-03-20 was already transmitted'],
    [
      'de',
      'SDI hat die Datei abgelehnt',
      'Doppelte Rechnung: Nummer X-810 vom 2026-03-20 wurde bereits übermittelt',
    ],
    [
      'it',
      'File scartato dal Sistema di Interscambio',
      'Fattura duplicata: numero X-810 del 2026-03-20 già trasmessa',
    ],
  ] as const)(
    'tells what SDI said in %s, keeping its Italian words as a second line',
    async (language, meaning, reason) => {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.goto(`${ui.sandbox.origin}/app/#/sent/${seeded.rejected.id}`);
        const update = page.locator('[data-testid="sdi-update"][data-state="Scartato"]');
        await update.waitFor({ timeout: STEP_MS });
        expect(await update.getByTestId('sdi-meaning').innerText()).toContain(meaning);
        const error = update.locator('[data-testid="sdi-error"][data-code="00404"]');
        expect(await error.innerText()).toContain(`00404: ${reason}`);
        const original = error.getByTestId('sdi-original');
        if (language === 'it') {
          // Already SDI's own words: nothing to repeat.
          expect(await original.count()).toBe(0);
        } else {
          expect(await original.getAttribute('lang')).toBe('it');
          expect(await original.innerText()).toContain('Fattura duplicata: numero X-810 del 2026-03-20');
        }
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it('edits a company, and offers to reload it when someone else changed it meanwhile (409)', async () => {
    const vat = italianVat(820);
    const created = await api.post<Company>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: 'Ferramenta Bianchi Snc' },
    });
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await page.goto(`${ui.sandbox.origin}/app/#/companies`);
      const row = page.locator('[data-testid="companies-table"] tbody tr', { hasText: 'Ferramenta Bianchi' });
      await row.getByTestId('company-edit').click();
      const editor = page.getByTestId('company-editor');
      await editor.getByLabel('Name').waitFor({ timeout: STEP_MS });
      await expect
        .poll(() => editor.getByLabel('Name').inputValue(), { timeout: STEP_MS })
        .toBe('Ferramenta Bianchi Snc');
      await editor.getByLabel('Name').fill('Ferramenta Bianchi & Figli Snc');

      // Someone else saves the company first.
      const other = await api.put<Company>('/v1/company', {
        json: { ...created.body, name: 'Ferramenta Bianchi Srl' },
      });
      expect(other.status).toBe(200);
      await editor.getByRole('button', { name: 'Save changes' }).click();
      const conflict = page.getByTestId('company-conflict');
      await conflict.waitFor({ timeout: STEP_MS });
      await conflict.getByRole('button', { name: 'Reload the company' }).click();
      await conflict.waitFor({ state: 'detached', timeout: STEP_MS });
      await expect
        .poll(() => editor.getByLabel('Name').inputValue(), { timeout: STEP_MS })
        .toBe('Ferramenta Bianchi Srl');

      // A field the server refuses is marked where it is.
      await editor.getByLabel('Name').fill('');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await page.getByTestId('company-edit-problem').waitFor({ timeout: STEP_MS });
      expect(await editor.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

      await editor.getByLabel('Name').fill('Ferramenta Bianchi & Figli Srl');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.waitFor({ state: 'detached', timeout: STEP_MS });
      expect(await page.getByTestId('companies-outcome').innerText()).toContain(
        'Ferramenta Bianchi & Figli Srl',
      );
      await row.and(page.locator(':has-text("Figli")')).waitFor({ timeout: STEP_MS });
      expect((await api.get<Company>(`/v1/company/${created.body.id}`)).body.name).toBe(
        'Ferramenta Bianchi & Figli Srl',
      );
      expect(await hashOf(page)).toBe('#/companies');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['it', 'Compila questo campo.', /cifra di controllo/],
    ['en', 'Fill in this field.', /check digit/],
    ['de', 'Bitte ausfüllen.', /Prüfziffer/],
  ] as const)(
    'maps a refused form onto its fields in %s, with no API words left',
    async (language, required, vat) => {
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.goto(`${ui.sandbox.origin}/app/#/companies`);
        const form = page.getByTestId('company-form');
        const inputs = form.locator('input');
        await inputs.nth(1).fill('IT01234567891');
        await inputs.nth(2).fill('01234567897');
        await form.getByRole('button').click();
        const alert = page.getByTestId('company-problem');
        await alert.waitFor({ timeout: STEP_MS });
        expect(await inputs.nth(0).getAttribute('aria-invalid')).toBe('true');
        expect(await inputs.nth(1).getAttribute('aria-invalid')).toBe('true');
        const text = await form.innerText();
        expect(text).toContain(required);
        expect(text).toMatch(vat);
        // The problem's own summary ("…; see errors", "Unprocessable content") is never shown.
        expect(text).not.toMatch(/errors|Unprocessable|elaborabile|'name'|'vat'/);
        // No success banner beside the error.
        expect(await page.getByTestId('companies-outcome').count()).toBe(0);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it('redraws lists in a new language at once, and says which companies sending registered', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    const dateCell = page
      .locator('[data-testid="sent-table"] tbody tr', { hasText: seeded.sent.document_number! })
      .locator('td')
      // Type, Number, Date…
      .nth(2);
    try {
      await page.goto(`${ui.sandbox.origin}/app/#/sent`);
      await expect.poll(() => dateCell.innerText(), { timeout: STEP_MS }).toBe('15/03/2026');
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'English' }).click();
      await expect.poll(() => dateCell.innerText(), { timeout: STEP_MS }).toBe('15 Mar 2026');
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'Deutsch' }).click();
      await expect.poll(() => dateCell.innerText(), { timeout: STEP_MS }).toBe('15.03.2026');

      // Sending an invoice of a supplier the account does not have yet registers it, and the app says so.
      const supplier = italianVat(830);
      const file = join(ui.files, 'nuovo-fornitore.xml');
      writeFileSync(
        file,
        invoiceXml({ supplierVat: supplier, supplierName: 'Nuovo Fornitore Spa', number: 'NF-1' }),
      );
      await page.goto(`${ui.sandbox.origin}/app/#/send`);
      const chooser = page.waitForEvent('filechooser', { timeout: STEP_MS });
      await page.getByTestId('pick-files').click();
      await (await chooser).setFiles([file]);
      await page.locator('[data-testid="submission"][data-phase="valid"]').waitFor({ timeout: STEP_MS });
      await page.getByTestId('send-valid').click();
      const registered = page.getByTestId('registered-companies');
      await registered.waitFor({ timeout: STEP_MS });
      expect(await registered.innerText()).toContain(supplier);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  // Last: it moves the sandbox clock forward for the whole account.
  it('shows the sandbox clock when it differs from real time, and exports its month by default', async () => {
    const moved = await api.post<{ now: string }>('/_sandbox/clock', { json: { advance: '75d' } });
    expect(moved.status).toBe(200);
    const now = new Date(moved.body.now);
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      const clock = page.getByTestId('sandbox-clock');
      await clock.waitFor({ timeout: STEP_MS });
      expect(await clock.innerText()).toContain(String(now.getFullYear()));
      await page.goto(`${ui.sandbox.origin}/app/#/export`);
      const monthName = new Intl.DateTimeFormat('en', { month: 'long' }).format(now);
      await expect
        .poll(() => page.getByTestId('export-month').inputValue(), { timeout: STEP_MS })
        .toBe(monthName);
      expect(await page.getByTestId('export-year').inputValue()).toBe(String(now.getFullYear()));
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
