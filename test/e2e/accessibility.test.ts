import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { goTo, STEP_MS } from './support/app-page.ts';
import { chooseById } from './support/select.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const LANGUAGES = { it: 'Italiano', en: 'English', de: 'Deutsch' } as const;
const THEME_DARK = { it: 'Scuro', en: 'Dark', de: 'Dunkel' } as const;
type Language = keyof typeof LANGUAGES;

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
  });

  afterAll(() => ui?.close());

  /** A fresh audit context: axe is injected as a script, which the page's CSP rightly forbids, so the context bypasses
   * it; reduced motion opens drawers at once, so nothing is audited half-faded mid-transition. */
  async function auditedApp(language: Language, theme: 'light' | 'dark' = 'light') {
    const context = await ui.browser.newContext({
      bypassCSP: true,
      locale: 'it-IT',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const found: string[] = [];
    const audit = async (where: string): Promise<void> => {
      if (!String(await page.evaluate('typeof window.axe')).includes('object')) await page.evaluate(AXE);
      const result = (await page.evaluate(
        "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
      )) as { violations: AxeViolation[] };
      found.push(
        ...result.violations.flatMap((v) =>
          v.nodes.map((n) => `${language} ${theme} ${where}: ${v.impact} ${v.id} at ${n.target.join(' ')}`),
        ),
      );
    };
    await page.goto(`${ui.sandbox.origin}/app/`, { timeout: STEP_MS });
    await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
    await chooseById(page, 'language', LANGUAGES[language]);
    await page.locator(`html[lang="${language}"]`).waitFor({ timeout: STEP_MS });
    if (theme === 'dark') {
      await chooseById(page, 'theme', THEME_DARK[language]);
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
    }
    return { page, found, audit, close: () => context.close() };
  }

  type App = Awaited<ReturnType<typeof auditedApp>>;

  async function everyScreen({ page, audit }: App): Promise<void> {
    await audit('dashboard');
    for (const screen of [
      'drafts',
      'recurring',
      'send',
      'sent',
      'inbox',
      'export',
      'contacts',
      'companies',
      'log',
      'profiles',
    ] as const) {
      await goTo(page, screen);
      // The live-update stream stays open, so the network is never idle: wait for the screen's loads instead.
      await page.waitForFunction(() => !document.querySelector('[data-loading]'));
      await page.waitForTimeout(400);
      await audit(screen);
    }
    await page.getByTestId('nav-compose').click();
    await page.getByTestId('compose-form').waitFor({ timeout: STEP_MS });
    await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
    await audit('compose');
    await page.getByTestId('nav-console').click();
    await page.locator('[data-testid="sandbox-console"]:not([data-loading])').waitFor({ timeout: STEP_MS });
    await audit('console');
  }

  /** The sandbox console's two confirmations (a day on, the received invoice would go; a reset). */
  async function consoleConfirmations({ page, audit }: App): Promise<void> {
    await page.locator('[data-testid="clock-advance"][data-step="1d"]').click();
    await page.getByTestId('retention-warning').waitFor({ timeout: STEP_MS });
    await audit('console retention warning');
    await page.getByTestId('retention-cancel').click();
    await page.getByTestId('retention-warning').waitFor({ state: 'detached', timeout: STEP_MS });
    await page.getByTestId('reset-sandbox').click();
    await page.getByTestId('reset-confirm').waitFor({ timeout: STEP_MS });
    // The button behind the dialog showed a spinner while the preview was counted: audited once its label is
    // back, not while it fades in.
    await page.locator('[data-testid="reset-sandbox"]:not([data-loading])').waitFor({ timeout: STEP_MS });
    await page.waitForTimeout(400);
    await audit('console reset confirmation');
    await page.getByTestId('reset-cancel').click();
    await page.getByTestId('reset-confirm').waitFor({ state: 'detached', timeout: STEP_MS });
  }

  async function invoiceDrawers({ page, audit }: App): Promise<void> {
    await goTo(page, 'sent');
    await page.locator('[data-testid="sent-table"] tbody tr').first().click();
    await page.getByTestId('sdi-update').first().waitFor({ timeout: STEP_MS });
    await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
    await audit('sent invoice drawer');
    await page.keyboard.press('Escape');
    await goTo(page, 'inbox');
    await page.locator('[data-testid="inbox-table"] tbody tr').first().click();
    await page.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
    await audit('received invoice drawer');
    await page.keyboard.press('Escape');
  }

  async function webhookScreens({ page, audit }: App): Promise<void> {
    await page.getByTestId('nav-webhooks').click();
    const delivery = page.getByTestId('received-delivery').first();
    await delivery.waitFor({ timeout: STEP_MS });
    await delivery.getByRole('button').first().click();
    await delivery.getByTestId('verify-code').waitFor({ timeout: STEP_MS });
    await page.waitForFunction(() => !document.querySelector('[data-loading]'));
    await audit('webhooks');
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-form').waitFor({ timeout: STEP_MS });
    await audit('webhook form');
    await page.keyboard.press('Escape');
    await page.getByTestId('webhook-form').waitFor({ state: 'detached', timeout: STEP_MS });
    await page.getByTestId('webhook-history-open').first().click();
    await page.getByTestId('webhook-delivery').first().getByRole('button').first().click();
    await page
      .getByTestId('webhook-history')
      .getByText(/\d+ ms/)
      .first()
      .waitFor({ timeout: STEP_MS });
    await audit('webhook deliveries');
    await page.keyboard.press('Escape');
    await goTo(page, 'log');
    await page.locator('[data-testid="log-table"] tbody tr').first().click();
    await page.getByTestId('log-entry').waitFor({ timeout: STEP_MS });
    await page.waitForFunction(() => !document.querySelector('[data-loading]'));
    await audit('API log entry');
    await page.keyboard.press('Escape');
  }

  // Each audit in its own context. Every screen is audited twice, in Italian (light) and in German (dark, below);
  // the console's confirmations, the webhooks screens and the drawers once more in English. The rules axe checks
  // do not change with the words (names, roles, contrast, structure), and the words themselves are
  // language-audit.test.ts's: auditing every screen in all three languages and both themes was a tenth of the
  // suite's length (issue 30).
  it("finds no violations on any screen, the console's confirmations, the webhooks screens and an API log entry (it)", async () => {
    const app = await auditedApp('it');
    try {
      await everyScreen(app);
      await consoleConfirmations(app);
      await webhookScreens(app);
      expect(app.found).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("finds no violations in the console's confirmations, the webhooks screens and the invoice drawers (en)", async () => {
    const app = await auditedApp('en');
    try {
      await app.page.getByTestId('nav-console').click();
      await app.page
        .locator('[data-testid="sandbox-console"]:not([data-loading])')
        .waitFor({ timeout: STEP_MS });
      await consoleConfirmations(app);
      await webhookScreens(app);
      await invoiceDrawers(app);
      expect(app.found).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('finds no violations on any screen, drawer or webhooks screen in the dark theme, which a reload keeps', async () => {
    const app = await auditedApp('de', 'dark');
    try {
      await everyScreen(app);
      await invoiceDrawers(app);
      await webhookScreens(app);
      await app.page.reload();
      await app.page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ timeout: STEP_MS });
      expect(app.found).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
