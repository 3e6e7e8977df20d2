import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/**
 * The sandbox console (`#/console`) driven as a developer would, against the real sandbox. The clock is the
 * server's and only goes forward: each journey makes its own data, and the ones that move the clock say so.
 */
describe('the sandbox console (Chromium)', () => {
  let ui: UiFixture;
  let api: ApiCaller;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
  });

  afterAll(() => ui?.close());

  async function company(seed: number, name: string): Promise<string> {
    const vat = italianVat(seed);
    const res = await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name } });
    expect(res.status).toBe(201);
    return vat;
  }

  /** Sends an invoice through the API and waits until SDI has delivered it (or otherwise left Inviato). */
  async function sent(options: Parameters<typeof invoiceXml>[0]): Promise<Send> {
    const res = await api.post<Send>('/v1/send/xml', { body: invoiceXml(options) });
    expect(res.status).toBe(201);
    await expect
      .poll(async () => (await api.get<Send>(`/v1/send/${res.body.id}`)).body.latest_state, {
        timeout: STEP_MS,
      })
      .not.toMatch(/^(Inviato)?$/);
    return (await api.get<Send>(`/v1/send/${res.body.id}`)).body;
  }

  async function openConsole(page: Page): Promise<void> {
    await page.getByTestId('nav-console').click();
    await page.locator('[data-testid="sandbox-console"]:not([data-loading])').waitFor({ timeout: STEP_MS });
  }

  /** Moves the clock with a console button, confirming the retention warning if there is one. */
  async function advance(page: Page, step: string): Promise<void> {
    await page.locator(`[data-testid="clock-advance"][data-step="${step}"]`).click();
    const moved = page.getByTestId('clock-moved');
    const warning = page.getByTestId('retention-warning');
    await moved.or(warning).waitFor({ timeout: STEP_MS });
    if (await warning.isVisible()) await page.getByTestId('retention-confirm').click();
    await moved.waitFor({ timeout: STEP_MS });
  }

  async function historyStates(page: Page, id: number): Promise<string[]> {
    await page.goto(`${ui.sandbox.origin}/app/#/sent/${id}`);
    await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
    return page
      .getByTestId('sdi-update')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-state') ?? ''));
  }

  const clockOffset = async () =>
    (await api.get<{ offset_seconds: number }>('/_sandbox/clock', { unchecked: true })).body.offset_seconds;

  // First: it starts from a clock at real time, and leaves it 15 days ahead.
  it('warns how many invoices retention will remove before the clock moves, and moves only when told', async () => {
    const vat = await company(1701, 'Conservazione Srl');
    const arrived = await api.post('/_sandbox/inbound', {
      json: { generate: { to_vat: vat } },
      unchecked: true,
    });
    expect(arrived.status).toBe(201);
    const b2b = await sent({ supplierVat: vat, number: 'RET-1' });
    expect(b2b.latest_state).toBe('ImpossibilitaDiRecapito');

    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      // A day on, the received invoice is more than 24 hours old: the console says so and waits.
      await page.locator('[data-testid="clock-advance"][data-step="1d"]').click();
      const warning = page.getByTestId('retention-warning');
      await warning.waitFor({ timeout: STEP_MS });
      expect(await warning.getAttribute('data-receive')).toBe('1');
      expect(await warning.getAttribute('data-send')).toBe('0');
      expect(await warning.innerText()).toContain('1 received invoice, more than 24 hours old by then');
      await page.getByTestId('retention-cancel').click();
      await warning.waitFor({ state: 'detached', timeout: STEP_MS });
      expect(Math.abs(await clockOffset())).toBeLessThan(60);
      expect((await api.get<Receive[]>('/v1/receive')).body).toHaveLength(1);

      // Fifteen days on, the invoice SDI finished with goes too; this time the user goes ahead.
      await page.locator('[data-testid="clock-advance"][data-step="15d"]').click();
      await warning.waitFor({ timeout: STEP_MS });
      expect(await warning.getAttribute('data-send')).toBe('1');
      expect(await warning.getAttribute('data-receive')).toBe('1');
      await page.getByTestId('retention-confirm').click();
      await page.getByTestId('clock-moved').waitFor({ timeout: STEP_MS });
      expect(await clockOffset()).toBeGreaterThanOrEqual(15 * 86_400 - 60);
      expect((await api.get<Receive[]>('/v1/receive')).body).toHaveLength(0);
      expect((await api.get(`/v1/send/${b2b.id}`)).status).toBe(404);
      // The header follows the move at once.
      await page.getByTestId('sandbox-clock').waitFor({ timeout: STEP_MS });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('advances the clock 15 days on a PA invoice, which SDI then closes with DecorrenzaTermini', async () => {
    const vat = await company(1711, 'Fornitrice PA Srl');
    const pa = await sent({ supplierVat: vat, number: 'PA-DT-1', format: 'FPA12' });
    expect(pa.latest_state).toBe('Consegnato');

    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      // The invoice waits for the administration, and SDI's queue holds its deadline.
      await page.locator(`[data-testid="pa-invoice"][data-send-id="${pa.id}"]`).waitFor({ timeout: STEP_MS });
      await page
        .locator(`[data-testid="queue-row"][data-kind="sdi.decorrenza"][data-send-id="${pa.id}"]`)
        .waitFor({ timeout: STEP_MS });
      await advance(page, '15d');
      // The console reads again after the move: the invoice no longer waits, and its deadline left the queue.
      await page
        .locator(`[data-testid="pa-invoice"][data-send-id="${pa.id}"]`)
        .waitFor({ state: 'detached', timeout: STEP_MS });
      expect(await page.locator(`[data-testid="queue-row"][data-send-id="${pa.id}"]`).count()).toBe(0);
      expect(await historyStates(page, pa.id)).toEqual(['Inviato', 'Consegnato', 'DecorrenzaTermini']);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses a PA invoice as the administration, with a reason, and the invoice shows RifiutatoDalDestinatario', async () => {
    const vat = await company(1721, 'Rifiutata Srl');
    const pa = await sent({ supplierVat: vat, number: 'PA-RIF-1', format: 'FPA12' });

    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await openConsole(page);
      const row = page.locator(`[data-testid="pa-invoice"][data-send-id="${pa.id}"]`);
      await row.locator('[data-testid="pa-answer"][data-esito="EC02"]').click();
      await page.getByTestId('pa-refuse-reason').fill('Importo errato: manca il CIG');
      await page.getByTestId('pa-refuse-confirm').click();
      const answered = page.getByTestId('pa-answered');
      await answered.waitFor({ timeout: STEP_MS });
      expect(await answered.getAttribute('data-state')).toBe('RifiutatoDalDestinatario');
      expect(await answered.innerText()).toContain('PA-RIF-1: Rifiutata');
      await row.waitFor({ state: 'detached', timeout: STEP_MS });

      expect(await historyStates(page, pa.id)).toEqual(['Inviato', 'Consegnato', 'RifiutatoDalDestinatario']);
      // The administration's reason reaches the supplier as SDI passes it on.
      expect(await page.getByTestId('sdi-history').innerText()).toContain('Importo errato: manca il CIG');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('makes an invoice arrive for an unregistered VAT number: held until the company is registered, then delivered', async () => {
    const vat = italianVat(1731);
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      await page.getByTestId('make-arrive-to-vat').click();
      await page.getByTestId('make-arrive-vat').fill(vat);
      await page.getByTestId('make-arrive-send').click();
      const arrived = page.getByTestId('arrived');
      await arrived.waitFor({ timeout: STEP_MS });
      expect(await arrived.getAttribute('data-outcome')).toBe('held');
      expect(await arrived.innerText()).toContain(vat);

      // The held list names the VAT number that releases it; registering it here delivers it.
      const held = page.locator(`[data-testid="held-row"][data-recipient="${vat}"]`);
      await held.waitFor({ timeout: STEP_MS });
      await held.getByTestId('held-register').click();
      const form = page.getByTestId('held-register-form');
      await form.waitFor({ timeout: STEP_MS });
      expect(await form.getByLabel('VAT number').inputValue()).toBe(vat);
      await form.getByLabel('Name').fill('Appena Registrata Srl');
      await page.getByTestId('held-register-submit').click();
      await page.getByTestId('held-registered').waitFor({ timeout: STEP_MS });
      await held.waitFor({ state: 'detached', timeout: STEP_MS });
      const received = (await api.get<Receive[]>('/v1/receive', { query: { committente: vat } })).body;
      expect(received).toHaveLength(1);

      // A file of one's own goes by its own recipient: now registered, it is delivered at once.
      const file = join(ui.files, 'fattura-fornitore.xml');
      writeFileSync(
        file,
        invoiceXml({ supplierVat: italianVat(1732), customerVat: vat, number: 'UP-1', date: '2026-03-02' }),
      );
      await page.getByTestId('make-arrive-source').getByText('A file').click();
      const chooser = page.waitForEvent('filechooser', { timeout: STEP_MS });
      await page.getByTestId('make-arrive-file').click();
      await (await chooser).setFiles([file]);
      await page.getByText('fattura-fornitore.xml').waitFor({ timeout: STEP_MS });
      await page.getByTestId('make-arrive-send').click();
      await page.locator('[data-testid="arrived"][data-outcome="delivered"]').waitFor({ timeout: STEP_MS });

      await page.goto(`${ui.sandbox.origin}/app/#/inbox`);
      const rows = page.locator('[data-testid="inbox-table"] tbody tr');
      await expect.poll(() => rows.count(), { timeout: STEP_MS }).toBe(2);
      expect(await page.getByTestId('inbox-table').innerText()).toContain('UP-1');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('forces the outcome of the next invoice sent from the app, and of that one only', async () => {
    const vat = await company(1741, 'Scartata Srl');
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      await page.getByTestId('next-outcome-code').click();
      await page.getByRole('option', { name: /^00404/ }).click();
      await page.getByTestId('next-outcome-arm').click();
      const armed = page.getByTestId('next-outcome-armed');
      await armed.waitFor({ timeout: STEP_MS });
      expect(await armed.getAttribute('data-scenario')).toBe('scarto=00404');

      const send = async (number: string) => {
        const file = join(ui.files, `${number}.xml`);
        writeFileSync(file, invoiceXml({ supplierVat: vat, number }));
        await page.goto(`${ui.sandbox.origin}/app/#/send`);
        const chooser = page.waitForEvent('filechooser', { timeout: STEP_MS });
        await page.getByTestId('pick-files').click();
        await (await chooser).setFiles([file]);
        // The Send screen keeps the cards of earlier picks: this file's own card.
        const card = page.locator('[data-testid="submission"]', { hasText: `${number}.xml` });
        await card.and(page.locator('[data-phase="valid"]')).waitFor({ timeout: STEP_MS });
        await page.getByTestId('send-valid').click();
        const result = card.locator('[data-testid="sent-result"][data-final]');
        await result.waitFor({ timeout: STEP_MS });
        return result.getAttribute('data-state');
      };
      expect(await send('NEXT-1')).toBe('Scartato');
      const [rejected] = (await api.get<Send[]>('/v1/send', { query: { document_number: 'NEXT-1' } })).body;
      const updates = (
        await api.get<{ errors: { code: string }[] | null }[]>('/v1/update', {
          query: { send_id: rejected!.id },
        })
      ).body;
      expect(updates.flatMap((u) => (u.errors ?? []).map((e) => e.code))).toContain('00404');
      expect(await send('NEXT-2')).toBe('ImpossibilitaDiRecapito');

      await page.goto(`${ui.sandbox.origin}/app/#/console`);
      await page.getByTestId('next-outcome-none').waitFor({ timeout: STEP_MS });
      expect(await page.getByTestId('next-outcome-applied').getAttribute('data-send-id')).toBe(
        String(rejected!.id),
      );
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('runs the whole SDI queue at once, each step at its own date', async () => {
    const vat = await company(1751, 'Coda Srl');
    const late = await api.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: vat, number: 'LATE-1' }),
      headers: { 'Sandbox-Scenario': 'delay=2h' },
    });
    expect(late.status).toBe(201);
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      const row = page.locator(`[data-testid="queue-row"][data-send-id="${late.body.id}"]`);
      await row.waitFor({ timeout: STEP_MS });
      expect(await row.innerText()).toMatch(/in 1 hour 59 minutes|in 2 hours/);
      await page.getByTestId('run-queue').click();
      const moved = page.getByTestId('clock-moved');
      const warning = page.getByTestId('retention-warning');
      await moved.or(warning).waitFor({ timeout: STEP_MS });
      if (await warning.isVisible()) await page.getByTestId('retention-confirm').click();
      await moved.waitFor({ timeout: STEP_MS });
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      expect((await api.get<Send>(`/v1/send/${late.body.id}`)).body.latest_state).toBe(
        'ImpossibilitaDiRecapito',
      );
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  // Last: it deletes the account's data.
  it('resets the sandbox after a confirmation that says what goes', async () => {
    const companies = Number(
      (await api.get('/v1/company', { query: { page_size: 1 } })).headers.get('service-total-count'),
    );
    expect(companies).toBeGreaterThan(0);
    const app = await openApp(ui.browser, ui.sandbox.origin);
    const { page } = app;
    try {
      await openConsole(page);
      await page.getByTestId('reset-sandbox').click();
      const confirm = page.getByTestId('reset-confirm');
      await confirm.waitFor({ timeout: STEP_MS });
      expect(await confirm.getAttribute('data-company')).toBe(String(companies));
      expect(await confirm.innerText()).toContain(`${companies} companies`);
      expect(await confirm.innerText()).toContain('API keys stay; the sandbox clock goes back to real time.');
      await page.getByTestId('reset-cancel').click();
      await confirm.waitFor({ state: 'detached', timeout: STEP_MS });
      expect(
        (await api.get('/v1/company', { query: { page_size: 1 } })).headers.get('service-total-count'),
      ).toBe(String(companies));

      await page.getByTestId('reset-sandbox').click();
      await page.getByTestId('reset-confirm-yes').click();
      await page.getByTestId('reset-done').waitFor({ timeout: STEP_MS });
      expect(
        (await api.get('/v1/company', { query: { page_size: 1 } })).headers.get('service-total-count'),
      ).toBe('0');
      expect((await api.get<Send[]>('/v1/send')).body).toEqual([]);
      // The clock the earlier tests moved is back on real time.
      const clock = await api.get<{ offset_seconds: number }>('/_sandbox/clock');
      expect(Math.abs(clock.body.offset_seconds)).toBeLessThanOrEqual(1);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
