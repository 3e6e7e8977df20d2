import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainGateway } from '../../src/main/gateway.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import type { SecretStore } from '../../src/main/secret-store.ts';
import type { Settings } from '../../src/shared/gateway/channels.ts';
import { fakeSecretStore } from '../main/fakes.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { TestSandbox } from '../support/sandbox.ts';
import { readZip } from '../support/zip.ts';
import { goTo, STEP_MS } from './support/app-page.ts';
import { bridgeDesktopGateway } from './support/desktop-bridge.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

describe('the desktop-only screens, on the real main gateway', () => {
  let ui: UiFixture;
  let files: string;
  let sandbox: TestSandbox;
  let browser: Browser;
  let localKey: string;

  beforeAll(async () => {
    ui = await startUiFixture();
    ({ sandbox, browser, files } = ui);
    localKey = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
  });

  afterAll(() => ui?.close());

  /** The app page with the main-process handlers behind it; `confirm` answers the live-send dialog. */
  async function openDesktop(
    secrets: SecretStore,
    picked: string[],
    confirm: () => boolean,
    savePath: string | null = null,
  ) {
    const confirmations: string[] = [];
    const handlers = createMainGateway({
      profiles: new Profiles(memoryJsonFile<ProfilesDocument>(), secrets, () => ({
        baseUrl: sandbox.server.baseUrl,
        key: localKey,
      })),
      secrets,
      settings: memoryJsonFile<Settings>(),
      defaultLanguage: 'en',
      host: {
        shell: { openExternal: async () => {} },
        pickFiles: async () => picked,
        chooseSavePath: async () => savePath,
        printToPdf: async () => new Uint8Array(),
        readFile: (path) => readFile(path),
        writeFile: async () => {},
        confirmLiveSend: async (request, profile) => {
          confirmations.push(`${profile}: ${request.method} ${request.path}`);
          return confirm();
        },
      },
    });
    const context = await browser.newContext({ locale: 'en-US' });
    await bridgeDesktopGateway(context, handlers);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${sandbox.origin}/app/`, { timeout: STEP_MS });
    await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
    return { page, context, confirmations, problems };
  }

  it('adds a live profile into the keychain, asks before each live submission, and removes it', async () => {
    const live = sandbox.caller('live-desk', 'live');
    const liveSends = async () => (await live.get<unknown[]>('/v1/send')).body.length;
    const invoice = join(files, 'fattura.xml');
    writeFileSync(invoice, invoiceXml({ supplierVat: italianVat(707), number: 'LIVE-1' }));
    const secrets = fakeSecretStore(true);
    let accept = false;
    const { page, context, confirmations, problems } = await openDesktop(secrets, [invoice], () => accept);
    try {
      await goTo(page, 'profiles');
      const form = page.getByTestId('profile-form');
      await form.getByLabel('Name').fill('Production');
      await form.getByLabel('API address').fill(sandbox.server.baseUrl);
      await form.getByText('Live', { exact: true }).click();
      await form.getByLabel('API key').fill(live.key!);
      await form.getByRole('button', { name: 'Save profile' }).click();
      const row = page.locator('[data-testid="profiles-table"] tbody tr', { hasText: 'Production' });
      await row.waitFor({ timeout: STEP_MS });
      // The key went to the keychain and nowhere near the page.
      expect([...secrets.entries.values()]).toEqual([live.key]);
      expect(await page.content()).not.toContain(live.key!);

      // The key answers before the profile is even used.
      await row.getByTestId('profile-check').click();
      const checked = page.getByTestId('profile-check-result');
      await checked.waitFor({ timeout: STEP_MS });
      expect(await checked.getAttribute('data-ok')).toBe('true');
      expect(await checked.innerText()).toMatch(/Production answers: \d+ operations/);

      await row.getByRole('button', { name: 'Use' }).click();
      const badge = page.getByTestId('active-profile').locator('[data-environment]');
      await page.getByTestId('active-profile').getByText('Production').waitFor({ timeout: STEP_MS });
      expect(await badge.getAttribute('data-environment')).toBe('live');

      await goTo(page, 'send');
      await page.getByTestId('pick-files').click();
      await page.locator('[data-testid="submission"][data-phase="valid"]').waitFor({ timeout: STEP_MS });
      await page.getByTestId('send-valid').click();
      await page.getByTestId('not-sent').waitFor({ timeout: STEP_MS });
      expect(confirmations).toEqual(['Production: POST /send/xml']);
      expect(await liveSends()).toBe(0);

      accept = true;
      await page.getByTestId('send-valid').click();
      await page.getByTestId('sent-result').waitFor({ timeout: STEP_MS });
      expect(confirmations).toHaveLength(2);
      expect(await liveSends()).toBe(1);

      await goTo(page, 'profiles');
      await row.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByTestId('active-profile').getByText('Local sandbox').waitFor({ timeout: STEP_MS });
      expect(secrets.entries.size).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says the keychain is unavailable, and why, and offers no way to save a remote profile', async () => {
    const { page, context } = await openDesktop(fakeSecretStore(false), [], () => false);
    try {
      await page.getByTestId('keychain-unavailable').waitFor({ timeout: STEP_MS });
      await goTo(page, 'profiles');
      expect(await page.getByTestId('profiles-unavailable').innerText()).toContain('no Secret Service');
      expect(await page.getByRole('button', { name: 'Save profile' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('exports a ZIP straight into the file the user picked, showing what was saved', async () => {
    const caller = sandbox.caller('default');
    const vat = italianVat(808);
    await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Desk Export Srl' } });
    const xml = invoiceXml({
      supplierVat: italianVat(809),
      customerVat: vat,
      number: 'DX-1',
      date: '2023-03-03',
    });
    await caller.post('/_sandbox/inbound', { json: { payload: xml }, unchecked: true });
    const target = join(files, 'march.zip');
    const { page, context, problems } = await openDesktop(fakeSecretStore(true), [], () => false, target);
    try {
      await goTo(page, 'export');
      await page.getByTestId('export-type').getByText('Received', { exact: true }).click();
      await page.getByTestId('export-year').fill('2023');
      await page.getByTestId('export-month').click();
      await page.getByRole('option', { name: 'March', exact: true }).click();
      await page.getByTestId('export-start').click();
      // Never opened: the export asks before marking it read.
      await page.getByTestId('export-unread-confirm').click({ timeout: STEP_MS });
      await page.getByTestId('export-saved').waitFor({ timeout: STEP_MS });
      const zip = await readFile(target);
      expect(await page.getByTestId('export-saved').innerText()).toContain(zip.length.toLocaleString('en'));
      const entries = await readZip(zip);
      expect([...entries.values()].map((b) => b.toString('utf8'))).toEqual([xml]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
