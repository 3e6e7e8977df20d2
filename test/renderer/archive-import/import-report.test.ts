import { MantineProvider } from '@mantine/core';
import JSZip from 'jszip';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../../src/shared/api/types.ts';
import type { ArchiveReport } from '../../../src/shared/archive/index.ts';
import { ImportReport } from '../../../src/renderer/archive-import/import-report.tsx';
import { readChosenFiles } from '../../../src/renderer/archive-import/read-chosen.ts';
import { initI18n } from '../../../src/renderer/locales/i18n.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

const OWN = italianVat(8300);
const OTHER = italianVat(8301);
const company = { id: 1, vat: OWN, fiscal_code: OWN.slice(2), name: 'Studio Verdi Srl' } as Company;

let i18n: Awaited<ReturnType<typeof initI18n>>;
let report: ArchiveReport;

beforeAll(async () => {
  i18n = await initI18n('it');
  const zip = new JSZip();
  zip.file(
    '2025/emesse/V-1.xml',
    invoiceXml({ supplierVat: OWN, customerVat: OTHER, number: 'V-1', customerName: 'Bar Centrale Srl' }),
  );
  zip.file(
    '2025/emesse/copia/V-1.xml',
    invoiceXml({ supplierVat: OWN, customerVat: OTHER, number: 'V-1', customerName: 'Bar Centrale Srl' }),
  );
  zip.file('2025/emesse/V-1_MT_001.xml', '<FileMetadati/>');
  zip.file('2025/emesse/V-1_NS_001.xml', '<NotificaScarto/>');
  zip.file(
    '2025/ricevute/A-1.xml',
    invoiceXml({ supplierVat: OTHER, customerVat: OWN, number: 'A-1', supplierName: 'Carta Srl' }),
  );
  zip.file(
    '2025/altri/X-1.xml',
    invoiceXml({ supplierVat: italianVat(8302), customerVat: OTHER, number: 'X-1' }),
  );
  zip.file('2025/ricevute/A-1.pdf', '%PDF-1.4');
  const bytes = await zip.generateAsync({ type: 'uint8array' });
  report = await readChosenFiles(
    [{ path: 'archivio.zip', size: bytes.length, read: async () => bytes }],
    [{ vat: OWN, fiscalCode: OWN.slice(2) }],
  );
});

async function render(language: 'it' | 'en'): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ImportReport, {
        source: 'archivio.zip',
        report,
        companies: [company],
        keeping: false,
        onConfirm: () => {},
        onDiscard: () => {},
      }),
    ),
  );
}

/** Each report row's state, kind and reason, and its text. */
function rows(html: string): string[] {
  return [...html.matchAll(/<tr([^>]*data-testid="import-row"[^>]*)>([\s\S]*?)<\/tr>/g)].map(
    ([, attributes, cells]) => {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes!)?.[1] ?? '-';
      const text = cells!
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim();
      return `${attribute('data-state')} ${attribute('data-kind')} ${attribute('data-reason')} | ${text}`;
    },
  );
}

describe('the report before an import is kept', () => {
  it('lists every file by path with what becomes of it, the reasons in words (English)', async () => {
    const html = await render('en');
    expect(html).toContain('Import 2 invoices');
    expect(rows(html)).toEqual([
      'skipped - not-own-company | X-1.xml archivio.zip/2025/altri Left out Neither the supplier nor the customer is one of your companies',
      'skipped - metadata | V-1_MT_001.xml archivio.zip/2025/emesse Left out SDI metadata file: it describes an invoice, it is not one',
      'skipped - receipt | V-1_NS_001.xml archivio.zip/2025/emesse Left out SDI rejection notice (NS): a notice about an invoice, not an invoice',
      'imported sent - | V-1.xml archivio.zip/2025/emesse To import Sent V-1 15 Jan 2025 Bar Centrale Srl',
      'duplicate - same-file | V-1.xml archivio.zip/2025/emesse/copia Duplicate The same file as archivio.zip/2025/emesse/V-1.xml',
      'skipped - not-an-invoice | A-1.pdf archivio.zip/2025/ricevute Left out Not an electronic invoice (a PDF, a stylesheet, another document)',
      'imported received - | A-1.xml archivio.zip/2025/ricevute To import Received A-1 15 Jan 2025 Carta Srl',
    ]);
    expect(html).not.toContain('archiveImport.');
  });

  it('says the same in Italian', async () => {
    const html = await render('it');
    expect(html).toContain('Importa 2 fatture');
    expect(rows(html)).toContain(
      'skipped - receipt | V-1_NS_001.xml archivio.zip/2025/emesse Lasciato fuori Notifica di scarto (NS) dello SdI: riguarda una fattura, non è una fattura',
    );
    expect(rows(html)).toContain(
      'imported received - | A-1.xml archivio.zip/2025/ricevute Da importare Ricevuta A-1 15/01/2025 Carta Srl',
    );
    expect(html).not.toContain('archiveImport.');
  });
});
