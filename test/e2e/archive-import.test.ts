/**
 * Last year's archive, brought in (issue 28 §4), as an accountant does it in Chromium, in Italian and in English:
 * a ZIP another program exported (folders, a ZIP inside it, a signed Base64 .p7m, SdI's metadata and receipts
 * beside the invoices, a copy of one invoice, a PDF) chosen in the file input; the report says what each file is
 * before anything is kept; "Import 3 invoices" keeps them; the import and its invoices are listed, one opens in
 * the document view; choosing the same ZIP again finds only duplicates; the import is removed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { ContentInfo, EncapsulatedContentInfo, SignedData } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'archive-import');
const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VAT = italianVat(7700);
const COMPANY = 'Studio Rinaldi Srl';
const SUPPLIER = italianVat(7701);
const CUSTOMER = italianVat(7702);

/** A CAdES envelope's CMS SignedData around the XML, as Base64 text the way the tax portal hands .p7m files out. */
function base64P7m(xml: string): string {
  const encapContentInfo = new EncapsulatedContentInfo({
    eContentType: '1.2.840.113549.1.7.1',
    eContent: new asn1js.OctetString({ valueHex: new TextEncoder().encode(xml) }),
  });
  const signedData = new SignedData({ version: 1, encapContentInfo, signerInfos: [] });
  const info = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema() });
  return (
    Buffer.from(info.toSchema().toBER())
      .toString('base64')
      .match(/.{1,64}/g)!
      .join('\r\n') + '\r\n'
  );
}

/** What another program exported for the year, as one ZIP. */
async function yearArchive(): Promise<Buffer> {
  const sale1 = invoiceXml({
    supplierVat: VAT,
    supplierName: COMPANY,
    customerVat: CUSTOMER,
    customerName: 'Trattoria Da Mario',
    number: 'FT-2025-001',
    date: '2025-03-04',
  });
  const sale2 = invoiceXml({
    supplierVat: VAT,
    supplierName: COMPANY,
    customerVat: CUSTOMER,
    customerName: 'Trattoria Da Mario',
    number: 'FT-2025-002',
    date: '2025-06-12',
    lines: [{ PrezzoUnitario: '450.00', Descrizione: 'Tenuta contabilità secondo trimestre' }],
  });
  const purchase = invoiceXml({
    supplierVat: SUPPLIER,
    supplierName: 'Cartoleria Bianchi Snc',
    customerVat: VAT,
    customerName: COMPANY,
    number: 'A/77',
    date: '2025-05-20',
    lines: [{ PrezzoUnitario: '80.00' }],
  });
  const month = new JSZip();
  month.file(`IT${SUPPLIER.slice(2)}_0A7Z1.xml`, purchase);
  const zip = new JSZip();
  const sent = 'Fatture 2025/emesse';
  zip.file(`${sent}/${VAT}_00001.xml`, sale1);
  zip.file(`${sent}/${VAT}_00002.xml.p7m`, base64P7m(sale2));
  zip.file(
    `${sent}/${VAT}_00001_MT_001.xml`,
    '<?xml version="1.0"?><MetadatiInvioFile><IdentificativoSdI>111</IdentificativoSdI></MetadatiInvioFile>',
  );
  zip.file(
    `${sent}/${VAT}_00001_RC_001.xml`,
    '<?xml version="1.0"?><RicevutaConsegna><IdentificativoSdI>111</IdentificativoSdI></RicevutaConsegna>',
  );
  zip.file(`Fatture 2025/copie di sicurezza/${VAT}_00001.xml`, sale1);
  zip.file('Fatture 2025/ricevute/2025-05.zip', await month.generateAsync({ type: 'uint8array' }));
  zip.file('Fatture 2025/ricevute/A-77 stampa.pdf', '%PDF-1.4\n%%EOF\n');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const WORDS = {
  it: {
    confirm: 'Importa 3 fatture',
    metadata: 'File di metadati SdI',
    receipt: 'Ricevuta di consegna (RC) dello SdI',
    pdf: 'Non è una fattura elettronica',
    copy: 'Lo stesso file di',
    known: 'Già importata (lo stesso file)',
    importedSource: 'Importate',
  },
  en: {
    confirm: 'Import 3 invoices',
    metadata: 'SDI metadata file',
    receipt: 'delivery receipt (RC)',
    pdf: 'Not an electronic invoice',
    copy: 'The same file as',
    known: 'Imported already (the same file)',
    importedSource: 'Imported',
  },
} as const;

/** The axe-core WCAG 2.1 A/AA audit of the page as it is (its context must bypass CSP). */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object')) await page.evaluate(AXE);
  const result = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return result.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')}`));
}

async function shot(page: Page, name: string, language: Language) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, `${name}-${language}.png`), fullPage: true });
}

describe('importing last year’s archive (Chromium)', () => {
  let ui: UiFixture;
  let archive: Buffer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The fixture builds the renderer from the source first: minutes on a busy machine.
    ui = await startUiFixture({ sdiDelayMs: 0 });
    const api = ui.sandbox.caller('default');
    const created = await api.post('/v1/company', {
      json: { vat: VAT, fiscal_code: VAT.slice(2), name: COMPANY },
    });
    expect(created.status).toBe(201);
    archive = await yearArchive();
  });

  afterAll(() => ui?.close());

  for (const language of LANGUAGES) {
    it(`reports, imports, shows, recognises again and removes a year's ZIP (${language})`, async () => {
      const words = WORDS[language];
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByTestId('nav-import').click();
        await expect
          .poll(() => page.getByTestId('import-pick-files').isEnabled(), { timeout: STEP_MS })
          .toBe(true);
        await page.getByTestId('import-batches-empty').waitFor({ timeout: STEP_MS });

        const choose = () =>
          page
            .getByTestId('import-pick')
            .setInputFiles({ name: 'archivio-2025.zip', mimeType: 'application/zip', buffer: archive });
        await choose();
        const report = page.getByTestId('import-report');
        await report.waitFor({ timeout: STEP_MS });
        const row = (path: string) =>
          report.locator(`[data-testid="import-row"][data-path="archivio-2025.zip/Fatture 2025/${path}"]`);

        // Each file, what becomes of it, and why in words.
        expect(await report.getAttribute('data-imported')).toBe('3');
        expect(await report.getAttribute('data-skipped')).toBe('3');
        expect(await report.getAttribute('data-duplicates')).toBe('1');
        const imported = report.locator('[data-testid="import-row"][data-state="imported"]');
        expect(
          await imported.evaluateAll((rows) =>
            rows.map((r) => `${r.getAttribute('data-kind')} ${r.getAttribute('data-number')}`),
          ),
        ).toEqual(['sent FT-2025-001', 'sent FT-2025-002', 'received A/77']);
        expect(await row(`emesse/${VAT}_00001.xml`).innerText()).toContain('Trattoria Da Mario');
        expect(await row('ricevute/2025-05.zip/' + `IT${SUPPLIER.slice(2)}_0A7Z1.xml`).innerText()).toContain(
          'Cartoleria Bianchi Snc',
        );
        const metadata = row(`emesse/${VAT}_00001_MT_001.xml`);
        expect(await metadata.getAttribute('data-state')).toBe('skipped');
        expect(await metadata.getAttribute('data-reason')).toBe('metadata');
        expect(await metadata.innerText()).toContain(words.metadata);
        const receipt = row(`emesse/${VAT}_00001_RC_001.xml`);
        expect(await receipt.getAttribute('data-reason')).toBe('receipt');
        expect(await receipt.innerText()).toContain(words.receipt);
        const pdf = row('ricevute/A-77 stampa.pdf');
        expect(await pdf.getAttribute('data-reason')).toBe('not-an-invoice');
        expect(await pdf.innerText()).toContain(words.pdf);
        const copy = row(`copie di sicurezza/${VAT}_00001.xml`);
        expect(await copy.getAttribute('data-state')).toBe('duplicate');
        expect(await copy.getAttribute('data-reason')).toBe('same-file');
        expect(await copy.innerText()).toContain(
          `${words.copy} archivio-2025.zip/Fatture 2025/emesse/${VAT}_00001.xml`,
        );
        await shot(page, 'report', language);

        // Kept as one import.
        const confirm = page.getByTestId('import-confirm');
        expect(await confirm.innerText()).toBe(words.confirm);
        await confirm.click();
        await page.getByTestId('import-done').waitFor({ timeout: STEP_MS });
        const batch = page.getByTestId('import-batch');
        await expect.poll(() => batch.getAttribute('data-count'), { timeout: STEP_MS }).toBe('3');
        expect(await batch.getAttribute('data-sent')).toBe('2');
        expect(await batch.innerText()).toContain('archivio-2025.zip');
        const invoices = page.getByTestId('imported-row');
        await expect.poll(() => invoices.count(), { timeout: STEP_MS }).toBe(3);
        expect(await invoices.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-number')))).toEqual([
          'FT-2025-002',
          'A/77',
          'FT-2025-001',
        ]);
        expect(await page.getByTestId('imported-badge').count()).toBe(3);
        await shot(page, 'imported', language);

        // The signed one opens in the document view.
        await page.locator('[data-testid="imported-row"][data-number="FT-2025-002"]').click();
        const view = page.getByTestId('imported-view');
        await view.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
        expect(await view.innerText()).toContain('Tenuta contabilità secondo trimestre');
        expect(page.url()).toMatch(/#\/import\?invoice=-\d+$/);
        await shot(page, 'document', language);
        await page.keyboard.press('Escape');
        await view.waitFor({ state: 'detached', timeout: STEP_MS });

        // In the lists too, apart from what went through SDI: the two sent under Sent, the received one in the inbox.
        await page.getByTestId('nav-sent').click();
        const source = page.getByTestId('list-source');
        await source.waitFor({ timeout: STEP_MS });
        expect(await source.getAttribute('data-source')).toBe('sdi');
        expect(await source.innerText()).toContain(`${words.importedSource} (2)`);
        await source.getByText(`${words.importedSource} (2)`).click();
        await expect.poll(() => invoices.count(), { timeout: STEP_MS }).toBe(2);
        expect(await invoices.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))).toEqual([
          'sent',
          'sent',
        ]);
        await page.locator('[data-testid="imported-row"][data-number="FT-2025-001"]').click();
        await view.getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
        expect(page.url()).toMatch(/#\/sent\?source=imported&invoice=-\d+$/);
        await shot(page, 'sent-imported', language);
        await page.keyboard.press('Escape');
        await view.waitFor({ state: 'detached', timeout: STEP_MS });
        await page.getByTestId('nav-inbox').click();
        await source.getByText(`${words.importedSource} (1)`).click();
        await expect.poll(() => invoices.count(), { timeout: STEP_MS }).toBe(1);
        expect(await invoices.first().getAttribute('data-number')).toBe('A/77');
        await page.getByTestId('nav-import').click();
        await page.getByTestId('import-batch').waitFor({ timeout: STEP_MS });

        // The same ZIP again: everything is imported already.
        await choose();
        await report.waitFor({ timeout: STEP_MS });
        expect(await report.getAttribute('data-imported')).toBe('0');
        expect(await report.getAttribute('data-duplicates')).toBe('4');
        expect(await row(`emesse/${VAT}_00001.xml`).innerText()).toContain(words.known);
        expect(await confirm.isDisabled()).toBe(true);
        await page.getByTestId('import-discard').click();
        await report.waitFor({ state: 'detached', timeout: STEP_MS });

        // Removed, after asking.
        await page.getByTestId('import-remove').click();
        await page.getByTestId('import-remove-confirm').click();
        await page.getByTestId('import-removed').waitFor({ timeout: STEP_MS });
        await page.getByTestId('import-batches-empty').waitFor({ timeout: STEP_MS });
        expect(await invoices.count()).toBe(0);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  it('passes the WCAG 2.1 AA audit with a report, the imports and an imported invoice on screen', async () => {
    const context = await ui.browser.newContext({
      bypassCSP: true,
      reducedMotion: 'reduce',
      locale: 'it-IT',
    });
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${ui.sandbox.origin}/app/#/import`);
      await expect
        .poll(() => page.getByTestId('import-pick-files').isEnabled(), { timeout: STEP_MS })
        .toBe(true);
      const found = await axeViolations(page, 'empty');
      await page
        .getByTestId('import-pick')
        .setInputFiles({ name: 'archivio-2025.zip', mimeType: 'application/zip', buffer: archive });
      await page.getByTestId('import-report').waitFor({ timeout: STEP_MS });
      found.push(...(await axeViolations(page, 'report')));
      await page.getByTestId('import-confirm').click();
      await page.getByTestId('import-done').waitFor({ timeout: STEP_MS });
      await expect.poll(() => page.getByTestId('imported-row').count(), { timeout: STEP_MS }).toBe(3);
      found.push(...(await axeViolations(page, 'imported')));
      await page.getByTestId('imported-row').first().click();
      await page.getByTestId('imported-view').getByTestId('invoice-content').waitFor({ timeout: STEP_MS });
      found.push(...(await axeViolations(page, 'document')));
      await page.keyboard.press('Escape');
      await page.getByTestId('import-remove').click();
      await page.getByTestId('import-remove-confirm').waitFor({ timeout: STEP_MS });
      found.push(...(await axeViolations(page, 'remove')));
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
