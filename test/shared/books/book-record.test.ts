import { describe, expect, it } from 'vitest';
import { bookRecordsOf } from '../../../src/shared/books/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { invoiceXml, simplifiedInvoiceXml } from '../../support/invoices.ts';
import { COMPANY, CUSTOMER, purchase, sale, selfInvoice, SUPPLIER } from './invoices.ts';

describe('the book record of a document', () => {
  it('keeps a sale at 22, 10 and 4 % with its VAT rows, total and net to pay in integer cents', () => {
    // 1000.00 at 22 % → VAT 220.00; 500.00 at 10 % → 50.00; 250.00 at 4 % → 10.00.
    // Total: 1750.00 + 280.00 = 2030.00 = 203000 cents, due in one instalment.
    const record = sale({
      number: 'FT/1',
      date: '2026-03-10',
      lines: [{ amount: '1000' }, { amount: '500', rate: '10' }, { amount: '250', rate: '4' }],
      payments: [{ due: '2026-04-30', iban: 'IT60X0542811101000000123456' }],
    });
    expect(record).toMatchObject({
      kind: 'sent',
      documentIndex: 1,
      type: 'TD01',
      number: 'FT/1',
      date: '2026-03-10',
      receivedDate: null,
      company: { vat: COMPANY, fiscalCode: null },
      counterparty: { name: 'Cliente Srl', vat: CUSTOMER },
      currency: 'EUR',
      creditNote: false,
      documentTotal: '203000',
      netToPay: '203000',
      references: [],
      imported: false,
    });
    expect(record.vat).toEqual([
      { rate: '22.00', nature: null, chargeability: 'I', taxable: '100000', tax: '22000' },
      { rate: '10.00', nature: null, chargeability: 'I', taxable: '50000', tax: '5000' },
      { rate: '4.00', nature: null, chargeability: 'I', taxable: '25000', tax: '1000' },
    ]);
    expect(record.instalments).toEqual([
      {
        position: 1,
        due: '2026-04-30',
        dueFrom: 'due-date',
        amount: '203000',
        method: 'MP05',
        iban: 'IT60X0542811101000000123456',
      },
    ]);
  });

  it('is plain JSON: it survives JSON.stringify and JSON.parse unchanged', () => {
    const record = sale({ number: '1', date: '2026-03-10', lines: [{ amount: '99.99' }] });
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });

  it('turns a credit note written with positive amounts negative, and names the invoice it corrects', () => {
    // TD04 of 100.00 at 22 %: −100.00 taxable, −22.00 VAT, −122.00 to pay.
    const record = sale({
      type: 'TD04',
      number: 'NC/1',
      date: '2026-03-20',
      lines: [{ amount: '100' }],
      references: [{ number: 'FT/1', date: '2026-03-10' }],
    });
    expect(record.creditNote).toBe(true);
    expect(record.vat).toEqual([
      { rate: '22.00', nature: null, chargeability: 'I', taxable: '-10000', tax: '-2200' },
    ]);
    expect([record.documentTotal, record.netToPay, record.instalments[0]!.amount]).toEqual([
      '-12200',
      '-12200',
      '-12200',
    ]);
    expect(record.references).toEqual([{ number: 'FT/1', date: '2026-03-10' }]);
  });

  it('keeps a credit note some producer wrote with negative amounts negative, not turned positive', () => {
    // TD04 with a line of −100.00 at 22 %: the file already says −122.00.
    const record = sale({ type: 'TD04', number: 'NC/2', date: '2026-03-20', lines: [{ amount: '-100' }] });
    expect(record.vat[0]).toMatchObject({ taxable: '-10000', tax: '-2200' });
    expect(record.netToPay).toBe('-12200');
    expect(record.instalments[0]!.amount).toBe('-12200');
  });

  it('makes the payments of a negative credit note reduce even when the file writes them positive', () => {
    // Summary −122.00, DettaglioPagamento ImportoPagamento 122.00: both reduce.
    const record = sale({
      type: 'TD04',
      number: 'NC/3',
      date: '2026-03-20',
      lines: [{ amount: '-100' }],
      payments: [{ amount: '122.00' }],
    });
    expect(record.netToPay).toBe('-12200');
    expect(record.instalments[0]!.amount).toBe('-12200');
  });

  it('keeps a negative TD01 as written: it reduces without being a credit note', () => {
    const record = sale({ number: 'FT/9', date: '2026-03-20', lines: [{ amount: '-50' }] });
    expect(record.creditNote).toBe(false);
    expect(record.netToPay).toBe('-6100');
  });

  it('takes a purchase from the customer side: the company is the customer, SDI’s delivery date its received date', () => {
    const record = purchase({ number: 'A/7', date: '2026-03-28', lines: [{ amount: '200' }] }, '2026-04-02');
    expect(record).toMatchObject({
      kind: 'received',
      date: '2026-03-28',
      receivedDate: '2026-04-02',
      company: { vat: COMPANY },
      counterparty: { name: 'Fornitore Spa', vat: SUPPLIER },
      netToPay: '24400',
    });
  });

  it('takes the date part of a delivery timestamp', () => {
    const [record] = bookRecordsOf(readInvoice(invoiceXml()), {
      kind: 'received',
      invoiceId: 7,
      receivedDate: '2025-01-17T09:30:00.000Z',
    });
    expect(record!.receivedDate).toBe('2025-01-17');
  });

  it('reads a self-invoice the company sent from the customer side: it is the buyer that issues a TD16', () => {
    const record = selfInvoice({
      type: 'TD16',
      number: 'AF/1',
      date: '2026-03-15',
      lines: [{ amount: '1000' }],
    });
    expect(record.kind).toBe('sent');
    expect(record.company.vat).toBe(COMPANY);
    expect(record.counterparty).toMatchObject({ name: 'Fornitore Spa', vat: SUPPLIER });
  });

  it('gives one record per document of a file, each with its position', () => {
    const xml = invoiceXml({ number: 'L1', moreDocuments: [{ number: 'L2', date: '2025-01-20' }] });
    const records = bookRecordsOf(readInvoice(xml), { kind: 'sent', invoiceId: 42 });
    expect(records.map((r) => [r.invoiceId, r.documentIndex, r.number, r.date])).toEqual([
      [42, 1, 'L1', '2025-01-15'],
      [42, 2, 'L2', '2025-01-20'],
    ]);
  });

  it('works out the VAT of a simplified invoice from its items, and reduces with a simplified credit note', () => {
    // One item of 122.00 VAT included at 22 %: VAT 122 × 22 / 122 = 22.00, taxable 100.00.
    const item = { Descrizione: 'Pasto', Importo: '122.00', DatiIVA: { Aliquota: '22.00' } };
    const [invoice] = bookRecordsOf(readInvoice(simplifiedInvoiceXml({ lines: [item] })), {
      kind: 'sent',
      invoiceId: 1,
    });
    expect(invoice!.vat).toEqual([
      { rate: '22.00', nature: null, chargeability: 'I', taxable: '10000', tax: '2200' },
    ]);
    expect(invoice!.instalments).toMatchObject([{ amount: '12200', dueFrom: 'document-date' }]);
    const [credit] = bookRecordsOf(
      readInvoice(simplifiedInvoiceXml({ tipoDocumento: 'TD08', lines: [item] })),
      {
        kind: 'sent',
        invoiceId: 2,
      },
    );
    expect(credit!.vat[0]).toMatchObject({ taxable: '-10000', tax: '-2200' });
    expect(credit!.netToPay).toBe('-12200');
  });
});
