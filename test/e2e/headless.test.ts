import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { TestSandbox } from '../support/sandbox.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';
import { localSandboxJourney } from './support/journey.ts';
import { JOURNEY_MS } from '../support/journey-files.ts';

describe('the UI in headless mode, in Chromium', () => {
  let ui: UiFixture;
  let sandbox: TestSandbox;
  let browser: Browser;

  beforeAll(async () => {
    ui = await startUiFixture();
    ({ sandbox, browser } = ui);
    // The page's session belongs to the `default` account, as on a first `npm run sandbox`.
    const caller = sandbox.caller('default');
    const sent = await caller.post('/v1/send/xml', { body: invoiceXml({ supplierVat: italianVat(77) }) });
    expect(sent.status).toBeLessThan(300);
  });

  afterAll(() => ui?.close());

  it('serves the UI as the app ships it: React’s production build, though the test runner sets NODE_ENV=test', async ({
    task,
  }) => {
    // A journey's own time limit (test/support/journey-time-limits.ts), not the unit files' 60 s.
    expect(task.timeout).toBe(JOURNEY_MS);
    expect(process.env.NODE_ENV).toBe('test');
    const html = await (await fetch(`${sandbox.origin}/app/`)).text();
    const entry = /<script type="module"[^>]* src="\.\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await (await fetch(`${sandbox.origin}/app/${entry}`)).text();
    // Only React's production build replaces its messages with this short form.
    expect(script).toContain('Minified React error');
  });

  it('shows the local sandbox dashboard, switches language and lists sent invoices', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    try {
      await page.goto(`${sandbox.origin}/app/`, { timeout: 15_000 });
      await localSandboxJourney(page, { sent: 1 });
      // A browser has no live profiles, so no keychain warning either.
      expect(await page.getByTestId('keychain-unavailable').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('pages the sent invoices by the server total', async () => {
    const caller = sandbox.caller('default');
    for (let i = 2; i <= 25; i++) {
      await caller.post('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(77), number: `P-${i}` }),
      });
    }
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    const rows = page.locator('[data-testid="sent-table"] tbody tr');
    try {
      await page.goto(`${sandbox.origin}/app/`, { timeout: 15_000 });
      await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: 15_000 });
      await page.getByText('Fatture inviate', { exact: true }).first().click();
      await page.getByText('1–20 di 25').waitFor({ timeout: 15_000 });
      expect(await rows.count()).toBe(20);
      await page.getByRole('button', { name: '2', exact: true }).click();
      await page.getByText('21–25 di 25').waitFor({ timeout: 15_000 });
      expect(await rows.count()).toBe(5);
    } finally {
      await context.close();
    }
  });
});
