import type { NewInvoice } from '../../src/sandbox-server/store/invoices.ts';

/**
 * What every stored invoice has, for tests that write through the repositories (store tests): the n-th invoice
 * of a company, with a file name and document number of its own. Spread it and add what a send
 * (nomeCommittente, metaData) or a receive (nomePrestatore, messageId) has.
 */
export function storedInvoice(n: number, companyId: number, overrides: Partial<NewInvoice> = {}): NewInvoice {
  return {
    companyId,
    identifier: null,
    fileName: `IT01234567897_${String(n).padStart(5, '0')}.xml`,
    format: 'FPR12',
    encoding: 'Xml',
    payload: new TextEncoder().encode('<x/>'),
    committente: 'IT09876543210',
    prestatore: 'IT01234567897',
    documentNumber: `F-${n}`,
    documentDate: '2026-01-02',
    documents: [{ number: `F-${n}`, date: '2026-01-02' }],
    dateSent: null,
    lastUpdate: null,
    created: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
