import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../support/sandbox.ts';
import { readZip } from '../support/zip.ts';
import { readSample, referenceAvailable } from '../shared/fatturapa/reference-samples.ts';
import { goTo, openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Picks files through the browser's own file chooser, as a user would. */
async function pickFiles(page: Page, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser', { timeout: STEP_MS });
  await page.getByTestId('pick-files').click();
  await (await chooser).setFiles(paths);
}

/** The bytes of the file the page hands to the browser as a download. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download', { timeout: STEP_MS });
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

describe("the accountant's screens in headless mode, in Chromium", () => {
  let ui: UiFixture;
  let sandbox: TestSandbox;
  let browser: Browser;
  let files: string;
  // The page's session belongs to the `default` account: the API calls of these tests act in the same one.
  let api: ApiCaller;

  /** A company of the page's account, so invoices to its VAT arrive in its inbox. */
  async function company(seed: number): Promise<{ id: number; vat: string }> {
    const vat = italianVat(seed);
    const created = await api.post<{ id: number }>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: `Studio ${seed} Srl` },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, vat };
  }

  /** An outside supplier sends `xml`; answers the new Receive. */
  async function deliver(xml: string): Promise<Receive> {
    const inbound = await api.post<{ delivered: { receive_id: number } }>('/_sandbox/inbound', {
      json: { payload: xml },
    });
    expect(inbound.status).toBe(201);
    const list = await api.get<Receive[]>('/v1/receive', { query: { sort: '-id', page_size: 1 } });
    return list.body[0]!;
  }

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    ({ sandbox, browser, files } = ui);
    api = sandbox.caller('default');
  });

  afterAll(() => ui?.close());

  it('checks a picked XML file, sends it and shows it in the sent list; lists every problem of a bad one', async () => {
    const good = join(files, 'fattura-buona.xml');
    writeFileSync(good, invoiceXml({ supplierVat: italianVat(401), number: 'UI-401' }));
    // Check digits wrong for the supplier, no document number: SDI codes for both.
    const bad = join(files, 'fattura-errata.xml');
    writeFileSync(bad, invoiceXml({ supplierVat: 'IT01234567890', number: '' }));
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'send');
      await pickFiles(page, [good, bad]);
      const goodCard = page.getByTestId('submission').filter({ hasText: 'fattura-buona.xml' });
      const badCard = page.getByTestId('submission').filter({ hasText: 'fattura-errata.xml' });
      await goodCard.and(page.locator('[data-phase="valid"]')).waitFor({ timeout: STEP_MS });
      await badCard.and(page.locator('[data-phase="invalid"]')).waitFor({ timeout: STEP_MS });
      const codes = await badCard
        .getByTestId('problem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));
      expect(codes).toContain('00300');
      expect(codes.length).toBeGreaterThanOrEqual(2);
      expect(await badCard.getByTestId('problem').first().innerText()).toMatch(/\S+\s+\S+/);
      // Said in the UI's language, not the browser's (Italian here), and not in the API's own words.
      const problems = await badCard.getByTestId('submission-problems').innerText();
      expect(problems).toMatch(/\d+ problems found/);
      expect(problems).not.toMatch(/Unprocessable|see errors/);

      await page.getByTestId('send-valid').click();
      await goodCard.and(page.locator('[data-phase="sent"]')).waitFor({ timeout: STEP_MS });
      const result = await goodCard.getByTestId('sent-result').innerText();
      const id = Number(/#(\d+)/.exec(result)?.[1]);
      const stored = await api.get<Send>(`/v1/send/${id}`);
      expect(stored.body.document_number).toBe('UI-401');
      // The bad file was never sent.
      expect(await badCard.getAttribute('data-phase')).toBe('invalid');

      await goTo(page, 'sent');
      await page
        .locator('[data-testid="sent-table"] tbody tr', { hasText: 'UI-401' })
        .waitFor({ timeout: STEP_MS });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('takes invoice files dropped on the Send screen, ignoring other files', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(440), number: 'DROP-1' });
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'send');
      const dataTransfer = await page.evaluateHandle((invoice: string) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([invoice], 'dropped.xml', { type: 'application/xml' }));
        transfer.items.add(new File(['not an invoice'], 'notes.txt', { type: 'text/plain' }));
        return transfer;
      }, xml);
      await page.dispatchEvent('[data-testid="send-drop"]', 'drop', { dataTransfer });
      await page.locator('[data-testid="submission"][data-phase="valid"]').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('submission').count()).toBe(1);
      await page.getByTestId('send-valid').click();
      await page.getByTestId('sent-result').waitFor({ timeout: STEP_MS });
      const sent = await api.get<Send[]>('/v1/send', { query: { document_number: 'DROP-1' } });
      expect(sent.body).toHaveLength(1);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the SDI history of a sent invoice, downloads its notification file, and lists the errors of a discarded one', async () => {
    const sentXml = invoiceXml({ supplierVat: italianVat(402), number: 'UI-402' });
    const sent = await api.post<Send>('/v1/send/xml', {
      body: sentXml,
    });
    const discarded = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(407), number: 'UI-407' }),
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    });
    await expect
      .poll(async () => (await api.get<Send>(`/v1/send/${discarded.body.id}`)).body.latest_state, {
        timeout: STEP_MS,
      })
      .toBe('Scartato');
    // No recipient code, no PEC: SDI says Inviato, then ImpossibilitaDiRecapito.
    await expect
      .poll(async () => (await api.get<Send>(`/v1/send/${sent.body.id}`)).body.latest_state, {
        timeout: STEP_MS,
      })
      .toBe('ImpossibilitaDiRecapito');
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'sent');
      await page.locator('[data-testid="sent-table"] tbody tr', { hasText: 'UI-402' }).click();
      const history = page.getByTestId('sdi-update');
      await history.nth(1).waitFor({ timeout: STEP_MS });
      expect(await history.evaluateAll((items) => items.map((i) => i.getAttribute('data-state')))).toEqual([
        'Inviato',
        'ImpossibilitaDiRecapito',
      ]);
      const { name, bytes } = await downloadOf(page, () =>
        history.nth(1).getByRole('button', { name: 'Download notification' }).click(),
      );
      const updates = await api.get<{ id: number }[]>('/v1/update', { query: { send_id: sent.body.id } });
      const notification = await api.get(`/v1/update/${updates.body[1]!.id}/notification`);
      expect(name).toMatch(/\.xml$/);
      expect(bytes.toString('utf8')).toBe(notification.text);

      // The invoice as it was sent: its own file, byte for byte, and its content.
      const sentFile = await downloadOf(page, () =>
        page.getByRole('button', { name: 'Download XML' }).click(),
      );
      expect(sentFile.name).toBe(sent.body.file_name);
      expect(sentFile.bytes.toString('utf8')).toBe(sentXml);
      expect(await page.getByTestId('invoice-content').getByTestId('invoice-total').innerText()).toMatch(
        /122\.00/,
      );

      // A discarded invoice: its update lists SDI's error codes.
      await page.keyboard.press('Escape');
      await page.getByTestId('sent-details').waitFor({ state: 'detached', timeout: STEP_MS });
      await page.locator('[data-testid="sent-table"] tbody tr', { hasText: 'UI-407' }).click();
      const errors = page.locator(
        '[data-testid="sdi-update"][data-state="Scartato"] [data-testid="sdi-errors"]',
      );
      await errors.waitFor({ timeout: STEP_MS });
      expect(await errors.innerText()).toContain('00404');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('finds sent invoices by free text and by SDI state', async () => {
    const delivered = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({
        supplierVat: italianVat(410),
        number: 'FIND-1',
        customerName: 'Trattoria Girasole',
      }),
    });
    const rejected = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(411), number: 'FIND-2', customerName: 'Osteria Girasole' }),
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    });
    for (const id of [delivered.body.id, rejected.body.id]) {
      await expect
        .poll(async () => (await api.get<Send>(`/v1/send/${id}`)).body.latest_state, { timeout: STEP_MS })
        .not.toBe('Inviato');
    }
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    const numbers = () =>
      page
        .locator('[data-testid="sent-table"] tbody tr td:nth-child(2)')
        .evaluateAll((cells) => cells.map((c) => c.textContent));
    try {
      await goTo(page, 'sent');
      await page.getByTestId('search').fill('girasole');
      await expect.poll(numbers, { timeout: STEP_MS }).toEqual(['FIND-2', 'FIND-1']);
      await page.getByTestId('state-filter').click();
      await page.getByRole('option', { name: 'Rejected by SDI' }).click();
      await expect.poll(numbers, { timeout: STEP_MS }).toEqual(['FIND-2']);
      await page.getByTestId('search').fill('trattoria');
      await page.getByText('No sent invoice matches these filters.').waitFor({ timeout: STEP_MS });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('puts what SDI rejected on the dashboard, and opens the list of exactly those', async () => {
    const rejected = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(420), number: 'ATT-1' }),
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    });
    await expect
      .poll(async () => (await api.get<Send>(`/v1/send/${rejected.body.id}`)).body.latest_state, {
        timeout: STEP_MS,
      })
      .toBe('Scartato');
    const expected = (
      await api.get<Send[]>('/v1/send', { query: { latest_state: 'Scartato', page_size: 200 } })
    ).body;
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      const card = page.locator('[data-testid="attention-state"][data-state="Scartato"]');
      await card.waitFor({ timeout: STEP_MS });
      expect(await card.innerText()).toContain(String(expected.length));
      await card.click();
      const rows = page.locator('[data-testid="sent-table"] tbody tr');
      await expect.poll(() => rows.count(), { timeout: STEP_MS }).toBe(expected.length);
      expect(await page.getByTestId('state-filter').inputValue()).toBe('Rejected by SDI');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('opens a received invoice, which marks it read, and downloads its XML', async () => {
    const { vat } = await company(403);
    const xml = invoiceXml({
      supplierVat: italianVat(404),
      supplierName: 'Fornitore Uno Srl',
      customerVat: vat,
      number: 'IN-403',
    });
    const received = await deliver(xml);
    expect(received.is_read).toBe(false);
    const unreadTotal = async () =>
      Number(
        (await api.get('/v1/receive', { query: { unread: true, page_size: 1 } })).headers.get(
          'service-total-count',
        ),
      );
    const before = await unreadTotal();
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      // The navigation counts unread invoices.
      await expect
        .poll(() => page.getByTestId('unread-badge').innerText(), { timeout: STEP_MS })
        .toBe(String(before));
      await goTo(page, 'inbox');
      const row = page.locator('[data-testid="inbox-table"] tbody tr', { hasText: 'IN-403' });
      await row.waitFor({ timeout: STEP_MS });
      expect(await row.getAttribute('data-unread')).toBe('true');

      await row.click();
      const details = page.getByTestId('received-details');
      await details.waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('received-supplier').innerText()).toContain('Fornitore Uno Srl');
      expect(await page.getByTestId('received-number').innerText()).toBe('IN-403');
      expect(await page.getByTestId('received-amount').innerText()).toMatch(/122\.00/);
      expect((await api.get<Receive>(`/v1/receive/${received.id}`)).body.is_read).toBe(true);
      // The invoice itself, read from its file: lines, VAT summary and total.
      const content = page.getByTestId('invoice-content');
      await content.waitFor({ timeout: STEP_MS });
      expect(await content.getByTestId('invoice-lines').locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await content.getByTestId('invoice-vat').innerText()).toMatch(/22%/);
      expect(await content.getByTestId('invoice-total').innerText()).toMatch(/122\.00/);
      // Printed (Print to PDF), the open invoice is the page: no app around it, no buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('#root').isVisible()).toBe(false);
      expect(await content.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Download XML' }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });

      const { bytes } = await downloadOf(page, () =>
        page.getByRole('button', { name: 'Download XML' }).click(),
      );
      expect(bytes.equals(Buffer.from(xml))).toBe(true);

      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached', timeout: STEP_MS });
      await row.and(page.locator(':not([data-unread])')).waitFor({ timeout: STEP_MS });
      await page.getByTestId('unread-only').click();
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      await goTo(page, 'dashboard');
      const badge = page.getByTestId('unread-badge');
      if (before > 1)
        await expect.poll(() => badge.innerText(), { timeout: STEP_MS }).toBe(String(before - 1));
      else await badge.waitFor({ state: 'detached', timeout: STEP_MS });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it.runIf(referenceAvailable)(
    "shows a real invoice's attachments and saves one byte for byte",
    async () => {
      const sample = readSample('real-world/invoices/07_FPA12_Allegati-x2__IT06363391001_00003.xml');
      const xml = Buffer.from(sample).toString('utf8');
      const customer = /<CessionarioCommittente>[\s\S]*?<IdCodice>(\d+)<\/IdCodice>/.exec(xml)![1]!;
      await api.post('/v1/company', {
        json: { vat: `IT${customer}`, fiscal_code: customer, name: 'Public Administration' },
      });
      const received = await deliver(xml);
      const app = await openApp(browser, sandbox.origin);
      const { page } = app;
      try {
        await goTo(page, 'inbox');
        await page
          .locator('[data-testid="inbox-table"] tbody tr', { hasText: received.document_number! })
          .click();
        const attachments = page.getByTestId('invoice-attachment');
        await attachments.first().waitFor({ timeout: STEP_MS });
        expect(await attachments.allInnerTexts()).toEqual(['test1.pdf', 'test2.pdf']);
        const { name, bytes } = await downloadOf(page, () => attachments.first().click());
        expect(name).toBe('test1.pdf');
        const inXml = /<Attachment>([^<]+)<\/Attachment>/.exec(xml)![1]!.replace(/\s+/g, '');
        expect(bytes.equals(Buffer.from(inXml, 'base64'))).toBe(true);
        expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it('exports the received invoices of a month as a ZIP, and says when a period has nothing', async () => {
    const { vat } = await company(405);
    const xml = invoiceXml({
      supplierVat: italianVat(406),
      customerVat: vat,
      number: 'EX-405',
      date: '2024-05-10',
    });
    const received = await deliver(xml);
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'export');
      await page.getByTestId('export-type').getByText('Received', { exact: true }).click();
      await page.getByTestId('export-year').fill('2024');
      await page.getByTestId('export-month').click();
      await page.getByRole('option', { name: 'May', exact: true }).click();
      // The invoice was never opened: the export first says it will mark it read, and goes on once confirmed.
      await page.getByTestId('export-start').click();
      const warning = page.getByTestId('export-unread-warning');
      await warning.waitFor({ timeout: STEP_MS });
      expect(await warning.getAttribute('data-unread')).toBe('1');
      const { name, bytes } = await downloadOf(page, () => page.getByTestId('export-unread-confirm').click());
      expect(name).toBe('scambio-export-receive-2024-05.zip');
      const zip = await readZip(bytes);
      expect([...zip.keys()]).toEqual([`${vat}/receive/${received.file_name}`]);
      expect(zip.get(`${vat}/receive/${received.file_name}`)!.equals(Buffer.from(xml))).toBe(true);
      expect(await page.getByTestId('export-saved').innerText()).toContain(String(bytes.length));

      await page.getByTestId('export-month').click();
      await page.getByRole('option', { name: 'June', exact: true }).click();
      await page.getByTestId('export-start').click();
      expect(await page.getByTestId('export-nothing').innerText()).toBe('Nothing to export for this period.');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('registers a company, makes an invoice arrive for it, and removes it with its invoices', async () => {
    const vat = italianVat(430);
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'companies');
      const form = page.getByTestId('company-form');
      await form.getByLabel('Name').fill('Studio Trenta Srl');
      await form.getByLabel('VAT number').fill('IT01234567891');
      await form.getByLabel('Tax code').fill('01234567891');
      await form.getByRole('button', { name: 'Add company' }).click();
      // A wrong check digit: the server's problem, shown in the app's language.
      await page.getByTestId('company-problem').waitFor({ timeout: STEP_MS });

      await form.getByLabel('VAT number').fill(vat);
      await form.getByLabel('Tax code').fill(vat.slice(2));
      await form.getByRole('button', { name: 'Add company' }).click();
      const row = page.locator('[data-testid="companies-table"] tbody tr', { hasText: 'Studio Trenta Srl' });
      await row.waitFor({ timeout: STEP_MS });

      await row.getByTestId('simulate-invoice').click();
      expect(await page.getByTestId('companies-outcome').innerText()).toContain('Studio Trenta Srl');
      const received = await api.get<Receive[]>('/v1/receive', { query: { committente: vat } });
      expect(received.body).toHaveLength(1);

      await row.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      // It has an invoice: the app says so and offers to remove both.
      await page.getByRole('dialog').getByText('1 received').waitFor({ timeout: STEP_MS });
      await page.getByRole('dialog').getByRole('button', { name: 'Remove with its invoices' }).click();
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      expect((await api.get<Receive[]>('/v1/receive', { query: { committente: vat } })).body).toEqual([]);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the API log, finds a failed call and opens its answer', async () => {
    const missing = await api.get('/v1/send/987654321');
    expect(missing.status).toBe(404);
    const app = await openApp(browser, sandbox.origin);
    const { page } = app;
    try {
      await goTo(page, 'log');
      await page.getByTestId('log-outcome').getByText('Failed', { exact: true }).click();
      await page.getByTestId('log-endpoint').fill('987654321');
      const row = page.locator('[data-testid="log-table"] tbody tr', { hasText: '987654321' });
      await expect.poll(() => row.count(), { timeout: STEP_MS }).toBe(1);
      expect(await row.innerText()).toContain('404');
      await row.click();
      const answer = page.getByTestId('log-response');
      await answer.waitFor({ timeout: STEP_MS });
      expect(JSON.parse(await answer.innerText())).toMatchObject({ status: 404 });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('lists the local sandbox as the active profile and says remote and live profiles need the desktop app', async () => {
    const app = await openApp(browser, sandbox.origin, 'it');
    const { page } = app;
    try {
      await goTo(page, 'profiles');
      const rows = page.locator('[data-testid="profiles-table"] tbody tr');
      await rows.first().waitFor({ timeout: STEP_MS });
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-active')).toBe('true');
      expect(await rows.first().innerText()).toContain('Sandbox locale');
      expect(await page.getByTestId('profiles-unavailable').innerText()).toContain("solo nell'app desktop");
      expect(await page.getByRole('button', { name: 'Salva profilo' }).isDisabled()).toBe(true);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
