import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { goTo, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

describe('accessibility of every screen (axe-core, WCAG 2 A/AA rules)', () => {
  let ui: UiFixture;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    const api = ui.sandbox.caller('default');
    // The built-in webhook receiver, started first: what follows arrives there, for the webhooks screen.
    await api.post('/_sandbox/receiver', { json: {}, unchecked: true });
    const vat = italianVat(510);
    await api.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Accessibile Srl' } });
    await api.post('/_sandbox/inbound', { json: { generate: { to_vat: vat } }, unchecked: true });
    for (const n of [1, 2]) {
      await api.post('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(500 + n), number: `A11Y-${n}` }),
      });
    }
  }, 120_000);

  afterAll(() => ui?.close());

  it('finds no violations on any screen, in every language and both themes, nor in the invoice drawers', async () => {
    // axe is injected as a script, which the page's CSP rightly forbids: the audit context bypasses it.
    // Reduced motion: drawers open at once, so nothing is audited half-faded mid-transition.
    const context = await ui.browser.newContext({
      bypassCSP: true,
      locale: 'it-IT',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const audit = async (where: string): Promise<string[]> => {
      if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object'))
        await page.evaluate(AXE);
      const result = (await page.evaluate(
        "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
      )) as { violations: AxeViolation[] };
      return result.violations.flatMap((v) =>
        v.nodes.map((n) => `${where}: ${v.impact} ${v.id} at ${n.target.join(' ')}`),
      );
    };
    try {
      await page.goto(`${ui.sandbox.origin}/app/`, { timeout: STEP_MS });
      await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
      const found: string[] = [];
      for (const language of ['Italiano', 'English', 'Deutsch']) {
        await page.getByTestId('language').click();
        await page.getByRole('option', { name: language }).click();
        found.push(...(await audit(`${language} dashboard`)));
        for (const screen of ['send', 'sent', 'inbox', 'export', 'companies', 'log', 'profiles'] as const) {
          await goTo(page, screen);
          // The live-update stream stays open, so the network is never idle: wait for the screen's loads instead.
          await page.waitForFunction(() => !document.querySelector('[data-loading]'));
          await page.waitForTimeout(400);
          found.push(...(await audit(`${language} ${screen}`)));
        }
        await page.getByTestId('nav-compose').click();
        await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
        await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
        found.push(...(await audit(`${language} compose`)));
        // The sandbox console, and its two confirmations (a day on, the received invoice would go).
        await page.getByTestId('nav-console').click();
        await page
          .locator('[data-testid="sandbox-console"]:not([data-loading])')
          .waitFor({ timeout: STEP_MS });
        found.push(...(await audit(`${language} console`)));
        await page.locator('[data-testid="clock-advance"][data-step="1d"]').click();
        await page.getByTestId('retention-warning').waitFor({ timeout: STEP_MS });
        found.push(...(await audit(`${language} console retention warning`)));
        await page.getByTestId('retention-cancel').click();
        await page.getByTestId('retention-warning').waitFor({ state: 'detached', timeout: STEP_MS });
        await page.getByTestId('reset-sandbox').click();
        await page.getByTestId('reset-confirm').waitFor({ timeout: STEP_MS });
        // The button behind the dialog showed a spinner while the preview was counted: audited once its label is
        // back, not while it fades in.
        await page.locator('[data-testid="reset-sandbox"]:not([data-loading])').waitFor({ timeout: STEP_MS });
        await page.waitForTimeout(400);
        found.push(...(await audit(`${language} console reset confirmation`)));
        await page.getByTestId('reset-cancel').click();
        await page.getByTestId('reset-confirm').waitFor({ state: 'detached', timeout: STEP_MS });
      }
      const drawers = async (where: string) => {
        await goTo(page, 'sent');
        await page.locator('[data-testid="sent-table"] tbody tr').first().click();
        await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
        await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
        found.push(...(await audit(`${where} sent invoice drawer`)));
        await page.keyboard.press('Escape');
        await goTo(page, 'inbox');
        await page.locator('[data-testid="inbox-table"] tbody tr').first().click();
        await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
        found.push(...(await audit(`${where} received invoice drawer`)));
        await page.keyboard.press('Escape');
      };
      await drawers('light');

      // The dark theme, chosen by hand in the header (the UI is in German now): every screen and drawer again.
      await page.getByTestId('theme').click();
      await page.getByRole('option', { name: 'Dunkel' }).click();
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
      found.push(...(await audit('dark dashboard')));
      for (const screen of ['send', 'sent', 'inbox', 'export', 'companies', 'log', 'profiles'] as const) {
        await goTo(page, screen);
        // The live-update stream stays open, so the network is never idle: wait for the screen's loads instead.
        await page.waitForFunction(() => !document.querySelector('[data-loading]'));
        await page.waitForTimeout(400);
        found.push(...(await audit(`dark ${screen}`)));
      }
      await drawers('dark');
      await page.getByTestId('nav-console').click();
      await page.locator('[data-testid="sandbox-console"]:not([data-loading])').waitFor({ timeout: STEP_MS });
      found.push(...(await audit('dark console')));
      // The choice is kept: a reload stays dark.
      await page.reload();
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('finds no violations on the webhooks screen, its form and delivery history, nor in an API log entry', async () => {
    const context = await ui.browser.newContext({
      bypassCSP: true,
      locale: 'it-IT',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const found: string[] = [];
    const audit = async (where: string) => {
      if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object'))
        await page.evaluate(AXE);
      await page.waitForFunction(() => !document.querySelector('[data-loading]'));
      const result = (await page.evaluate(
        "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
      )) as { violations: AxeViolation[] };
      found.push(
        ...result.violations.flatMap((v) =>
          v.nodes.map((n) => `${where}: ${v.impact} ${v.id} at ${n.target.join(' ')}`),
        ),
      );
    };
    const screens = async (where: string) => {
      await page.getByTestId('nav-webhooks').click();
      const delivery = page.getByTestId('received-delivery').first();
      await delivery.waitFor({ timeout: STEP_MS });
      await delivery.getByRole('button').first().click();
      await delivery.getByTestId('verify-code').waitFor({ timeout: STEP_MS });
      await audit(`${where} webhooks`);
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-form').waitFor({ timeout: STEP_MS });
      await audit(`${where} webhook form`);
      await page.keyboard.press('Escape');
      await page.getByTestId('webhook-form').waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByTestId('webhook-history-open').first().click();
      await page.getByTestId('webhook-delivery').first().getByRole('button').first().click();
      await page
        .getByTestId('webhook-history')
        .getByText(/\d+ ms/)
        .first()
        .waitFor({ timeout: STEP_MS });
      await audit(`${where} webhook deliveries`);
      await page.keyboard.press('Escape');
      await goTo(page, 'log');
      await page.locator('[data-testid="log-table"] tbody tr').first().click();
      await page.getByTestId('log-entry').waitFor({ timeout: STEP_MS });
      await audit(`${where} API log entry`);
      await page.keyboard.press('Escape');
    };
    try {
      await page.goto(`${ui.sandbox.origin}/app/`, { timeout: STEP_MS });
      await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
      for (const language of ['Italiano', 'English', 'Deutsch']) {
        await page.getByTestId('language').click();
        await page.getByRole('option', { name: language }).click();
        await screens(language);
      }
      await page.getByTestId('theme').click();
      await page.getByRole('option', { name: 'Dunkel' }).click();
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
      await screens('dark');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
