import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHook } from '../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../src/shared/api/webhook-delivery.ts';
import { SECRET_VARIABLE } from '../../src/renderer/webhooks/verify-snippet.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { TestReceiver } from '../sandbox-server/webhook-tools/safe-receivers.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'webhooks');

describe('webhooks and the built-in receiver, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  const vat = italianVat(7300);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    const created = await api.post('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: 'Ricevente Srl' },
    });
    expect(created.status).toBe(201);
  });

  afterAll(() => ui?.close());

  it('starts the built-in receiver, sends an invoice, and sees send.add and update.add arrive with valid signatures', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-webhooks').click();
      const receiver = page.getByTestId('local-receiver');
      await receiver.getByRole('button', { name: 'Start the receiver' }).click();

      // The secret, once, with a copy button.
      const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
      expect(secret).toMatch(/^wh_sec_/);
      await page.getByRole('dialog').getByRole('button', { name: 'I have kept it' }).click();
      await page.getByTestId('webhook-secret').waitFor({ state: 'detached', timeout: STEP_MS });
      await page.locator('[data-testid="local-receiver"][data-running="true"]').waitFor({ timeout: STEP_MS });

      // Its webhook is in the list, marked as the built-in receiver's.
      const localRow = page.locator('[data-testid="webhooks-table"] tbody tr', {
        has: page.getByTestId('webhook-local'),
      });
      await expect.poll(() => localRow.count(), { timeout: STEP_MS }).toBe(1);
      expect(await localRow.getByTestId('webhook-local').innerText()).toMatch(/built-in receiver/i);

      // An invoice sent by the developer's own code: the receiver shows the deliveries as they arrive.
      const sent = await api.post<{ id: number }>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: vat, number: 'HOOK-1' }),
      });
      expect(sent.status).toBe(201);
      for (const event of ['send.add', 'update.add']) {
        await receiver
          .locator(`[data-testid="received-delivery"][data-event="${event}"][data-signature="valid"]`)
          .first()
          .waitFor({ timeout: STEP_MS });
      }
      expect(
        await receiver.locator('[data-testid="received-delivery"][data-signature="invalid"]').count(),
      ).toBe(0);

      // The code shown beside a delivery checks it with plain Node and the secret.
      const first = receiver.locator('[data-testid="received-delivery"][data-event="send.add"]').first();
      await first.getByRole('button').first().click();
      const code = await first.getByTestId('verify-code').innerText();
      const file = join(ui.files, 'check-signature.mjs');
      writeFileSync(file, code);
      const run = (withSecret: string) =>
        promisify(execFile)(process.execPath, [file], {
          env: { [SECRET_VARIABLE]: withSecret },
          encoding: 'utf8',
          timeout: STEP_MS,
        });
      expect((await run(secret)).stdout.trim()).toBe('valid');
      expect((await run('wh_sec_not-this-one')).stdout.trim()).toBe('invalid');
      await page.screenshot({ path: join(SHOTS, 'receiver.png'), fullPage: true });

      // The webhook's delivery history: what was sent, the answer, how long it took.
      await localRow.getByTestId('webhook-history-open').click();
      const history = page.getByTestId('webhook-history');
      await history
        .locator('[data-testid="webhook-delivery"][data-success="true"]')
        .first()
        .waitFor({ timeout: STEP_MS });
      const delivery = history.getByTestId('webhook-delivery').first();
      await delivery.getByRole('button').first().click();
      await delivery.getByText(/Duration: \d+ ms/).waitFor({ timeout: STEP_MS });
      expect(await delivery.innerText()).toContain('"signature": "valid"');
      // Filtered to failures, there are none.
      await history.getByText('Failed', { exact: true }).click();
      await history.getByText('No deliveries yet.').waitFor({ timeout: STEP_MS });
      await page.keyboard.press('Escape');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('creates a webhook for some events of one company, shows its secret once, switches it off, edits and deletes it', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-webhooks').click();
      await page.getByTestId('webhook-add').click();
      const form = page.getByTestId('webhook-form');
      await form.getByLabel('Indirizzo (URL)').fill('ftp://erp.example.com/hooks');
      await form.getByRole('button', { name: 'Crea' }).click();
      // The server's refusal, at its field, in Italian.
      await form.locator('input[aria-invalid="true"]').first().waitFor({ timeout: STEP_MS });

      await form.getByLabel('Indirizzo (URL)').fill('https://erp.example.com/hooks/scambio');
      await form.getByLabel('Descrizione').fill('ERP di prova');
      await form.getByLabel('Fattura inviata (send.add)').check();
      await form.getByLabel('Nuovo stato SDI di una fattura inviata (update.add)').check();
      expect(await form.getByLabel('Tutti gli eventi (*)').isChecked()).toBe(false);
      await form.getByRole('combobox', { name: 'Azienda' }).click();
      await page.getByRole('option', { name: /Ricevente Srl/ }).click();
      await page.screenshot({ path: join(SHOTS, 'form-it.png') });
      await form.getByRole('button', { name: 'Crea' }).click();
      const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
      expect(secret).toMatch(/^wh_sec_/);
      await page.getByRole('dialog').getByRole('button', { name: 'L’ho conservato' }).click();

      const stored = (await api.get<WebHook[]>('/v1/webhook', { query: { url: 'erp.example.com' } })).body;
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        description: 'ERP di prova',
        events: ['send.add', 'update.add'],
        enabled: true,
      });
      expect(stored[0]!.company_id).not.toBeNull();
      expect(JSON.stringify(stored)).not.toContain(secret);

      const row = page.locator('[data-testid="webhooks-table"] tbody tr', { hasText: 'erp.example.com' });
      await row.getByTestId('webhook-enabled').click();
      await expect
        .poll(async () => (await api.get<WebHook>(`/v1/webhook/${stored[0]!.id}`)).body.enabled, {
          timeout: STEP_MS,
        })
        .toBe(false);

      await row.getByTestId('webhook-edit').click();
      await form.getByLabel('Descrizione').fill('ERP principale');
      await form.getByRole('button', { name: 'Salva' }).click();
      await expect
        .poll(async () => (await api.get<WebHook>(`/v1/webhook/${stored[0]!.id}`)).body.description, {
          timeout: STEP_MS,
        })
        .toBe('ERP principale');
      await page.screenshot({ path: join(SHOTS, 'list-it.png'), fullPage: true });

      await row.getByTestId('webhook-delete').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      expect((await api.get(`/v1/webhook/${stored[0]!.id}`)).status).toBe(404);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('checks a careless receiver case by case and sends a past delivery again from the history', async () => {
    // A receiver that answers 204 to anything: the check must flag the signatures it does not look at.
    const careless = new TestReceiver(false);
    const url = await careless.start();
    // The built-in receiver runs too (started anew: this journey may run alone), for its failure controls.
    expect((await api.post('/_sandbox/receiver', { json: { events: ['send.add'] } })).status).toBe(201);
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      const created = await api.post<WebHook>('/v1/webhook', { json: { url, events: ['company.add'] } });
      expect(created.status).toBe(201);
      careless.secret = created.body.secret!;
      const other = italianVat(7301);
      await api.post('/v1/company', {
        json: { vat: other, fiscal_code: other.slice(2), name: 'Ripetuta Srl' },
      });
      await careless.waitFor(1, STEP_MS);

      await page.getByTestId('nav-webhooks').click();
      const receiverPanel = page.locator('[data-testid="local-receiver"][data-running="true"]');
      await receiverPanel.getByTestId('receiver-behaviour').waitFor({ timeout: STEP_MS });
      await receiverPanel.screenshot({ path: join(SHOTS, 'receiver-controls-en.png') });
      const row = page.locator('[data-testid="webhooks-table"] tbody tr', { hasText: url });
      await row.getByTestId('webhook-check').click();
      // The suite takes a few seconds (one case sends its body slowly on purpose).
      const report = page.getByTestId('receiver-check');
      await report.waitFor({ timeout: 4 * STEP_MS });
      expect(await report.getAttribute('data-ok')).toBe('false');
      const verdict = (name: string) =>
        report.locator(`[data-testid="receiver-check-case"][data-case="${name}"]`).getAttribute('data-ok');
      expect(await verdict('valid')).toBe('true');
      expect(await verdict('wrong_signature')).toBe('false');
      expect(await verdict('stale_timestamp')).toBe('false');
      expect(await verdict('replay')).toBe('true');
      expect(await report.getByTestId('receiver-check-case').count()).toBe(7);
      expect(await report.innerText()).toContain('Wrong signature');
      await page.screenshot({ path: join(SHOTS, 'check-en.png'), fullPage: true });
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'detached', timeout: STEP_MS });

      // The company.add delivery, sent again: a new delivery on top, linked to the first and signed now.
      const before = careless.calls.length;
      await row.getByTestId('webhook-history-open').click();
      const history = page.getByTestId('webhook-history');
      const deliveries = history.getByTestId('webhook-delivery');
      await deliveries.first().waitFor({ timeout: STEP_MS });
      const original = await deliveries.count();
      await deliveries.first().getByRole('button').first().click();
      await deliveries.first().getByTestId('webhook-redeliver').click();
      await expect.poll(() => deliveries.count(), { timeout: STEP_MS }).toBe(original + 1);
      const list = await api.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
        query: { webhook_id: created.body.id, sort: '-id' },
      });
      expect(list.body[0]!.redelivery_of).toBe(list.body[1]!.id);
      await deliveries.first().getByRole('button').first().click();
      await history
        .getByTestId('webhook-redelivery-of')
        .getByText(`Sent again from delivery #${list.body[1]!.id}`)
        .waitFor({ timeout: STEP_MS });
      expect(careless.calls.length).toBe(before + 1);
      expect(careless.calls[before]!.verified).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'redeliver-en.png'), fullPage: true });
      await page.keyboard.press('Escape');

      // The same report in Italian.
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'Italiano' }).click();
      await page.locator('html[lang="it"]').waitFor({ timeout: STEP_MS });
      await row.getByTestId('webhook-check').click();
      await report.waitFor({ timeout: 4 * STEP_MS });
      expect(await report.innerText()).toContain('Firma errata');
      await page.screenshot({ path: join(SHOTS, 'check-it.png'), fullPage: true });
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'detached', timeout: STEP_MS });

      // The built-in receiver told to fail its next two calls, from its panel.
      await receiverPanel.getByLabel('Fallisci le prossime chiamate').fill('2');
      await receiverPanel.getByTestId('receiver-behaviour-apply').click();
      await receiverPanel.getByText('Il ricevitore risponderà come impostato.').waitFor({ timeout: STEP_MS });
      expect((await api.get('/_sandbox/receiver/behaviour')).body).toEqual({
        fail_next: 2,
        delay_ms: 0,
        timeout: false,
      });
      await receiverPanel.screenshot({ path: join(SHOTS, 'receiver-controls-it.png') });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
      await careless.close();
      await api.delete('/_sandbox/receiver');
    }
  });
});
