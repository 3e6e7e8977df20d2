import { describe, expect, it } from 'vitest';
import type { Send } from '../../../src/shared/api/types.ts';
import { invoiceToXml } from '../../../src/shared/fatturapa/index.ts';
import { TURNOVER_SIGNS } from '../../../src/shared/fatturapa/code-labels/index.ts';
import { entryOf } from '../../../src/renderer/invoice-index/entry.ts';
import { plainTotal, totalsOf } from '../../../src/renderer/lists/invoice-list.tsx';
import { invoiceJson, invoiceXml, italianVat, simplifiedInvoiceXml } from '../../support/invoices.ts';

const row = (id: number): Send =>
  ({
    id,
    created: `2026-03-0${id % 10}T10:00:00Z`,
    file_name: `IT01234567890_0000${id}.xml`,
    document_number: String(id),
    document_date: '2026-03-01',
    nome_committente: 'Cliente',
    committente: null,
    encoding: 'Xml',
  }) as unknown as Send;

const supplierVat = italianVat(71);
const SIMPLIFIED = new Set(['TD07', 'TD08', 'TD09']);

/** An invoice of `type` for `net` euros before 22 % VAT (simplified types: VAT included in `gross`). */
function fileOf(type: string, net: string): string {
  if (SIMPLIFIED.has(type))
    return simplifiedInvoiceXml({
      supplierVat,
      tipoDocumento: type,
      lines: [{ Descrizione: 'Cancelleria', Importo: net, DatiIVA: { Aliquota: '22.00' } }],
    });
  return invoiceXml({ supplierVat, tipoDocumento: type, lines: [{ PrezzoUnitario: net }] });
}

const amountOf = (type: string, net: string, id = 1) =>
  entryOf('sent', row(id), fileOf(type, net), 'Xml').amount;

describe('the total of a list', () => {
  it('keeps each currency apart, as the files give it, and leaves out what SDI rejected', () => {
    const euro = entryOf('sent', row(1), invoiceXml({ supplierVat }), 'Xml').amount;
    const dollars = entryOf(
      'sent',
      row(2),
      invoiceXml({ supplierVat }).replace('<Divisa>EUR</Divisa>', '<Divisa>USD</Divisa>'),
      'Xml',
    ).amount;
    expect(euro).toMatchObject({ amount: '122.00', signed: '122.00', currency: 'EUR' });
    expect(dollars).toMatchObject({ amount: '122.00', currency: 'USD' });
    const totals = totalsOf([
      { amount: euro },
      { amount: euro },
      { amount: dollars },
      { amount: euro, discarded: true },
      { amount: undefined },
      { amount: null, discarded: true },
    ]);
    expect(totals).toEqual({
      byCurrency: [
        ['EUR', 24_400n],
        ['USD', 12_200n],
      ],
      unknown: 1,
      rows: 6,
      discarded: { count: 2, byCurrency: [['EUR', 12_200n]] },
    });
    // Several currencies: data-total is the euro one.
    expect(plainTotal(totals)).toBe('244.00');
  });

  it.each(Object.keys(TURNOVER_SIGNS))('counts a %s file with its turnover sign', (type) => {
    const amount = amountOf(type, '100.00');
    // The file says the amount as it is; only the total's figure carries the sign.
    const gross = SIMPLIFIED.has(type) ? '100.00' : '122.00';
    expect(amount).toMatchObject({ amount: gross, type });
    expect(amount!.signed).toBe(type === 'TD04' || type === 'TD08' ? `-${gross}` : gross);
  });

  it('subtracts credit notes in a month of invoices, debit notes and credit notes, to the cent', () => {
    // By hand: 1,220.00 + 3,050.61 − 366.00 + 61.00 − 122.00 + 24.40 = 3,868.01 (added as written: 4,844.01).
    const month = [
      amountOf('TD01', '1000.00', 1), // 1,000.00 + 220.00 VAT
      amountOf('TD01', '2500.50', 2), // 2,500.50 + 550.11 VAT
      amountOf('TD04', '300.00', 3), // credit note: 300.00 + 66.00 VAT
      amountOf('TD05', '50.00', 4), // debit note: 50.00 + 11.00 VAT
      amountOf('TD08', '122.00', 5), // simplified credit note, VAT included
      amountOf('TD09', '24.40', 6), // simplified debit note, VAT included
    ];
    expect(month.map((a) => a!.signed)).toEqual([
      '1220.00',
      '3050.61',
      '-366.00',
      '61.00',
      '-122.00',
      '24.40',
    ]);
    const totals = totalsOf(month.map((amount) => ({ amount })));
    expect(totals.byCurrency).toEqual([['EUR', 386_801n]]);
    expect(plainTotal(totals)).toBe('3868.01');
  });

  it('does not turn a credit note written with negative amounts into an addition', () => {
    const negative = entryOf(
      'sent',
      row(7),
      invoiceXml({ supplierVat, tipoDocumento: 'TD04', lines: [{ PrezzoUnitario: '-100.00' }] }),
      'Xml',
    ).amount;
    expect(negative).toMatchObject({ amount: '-122.00', signed: '-122.00' });
    // An invoice some producer wrote with negative amounts (instead of a TD04) counts as written.
    expect(amountOf('TD01', '-100.00')!.signed).toBe('-122.00');
  });

  it('adds the documents of a file one by one, each with its own sign', () => {
    const json = invoiceJson({ supplierVat, moreDocuments: [{ number: '2', date: '2025-01-16' }] });
    json.FatturaElettronicaBody[1]!.DatiGenerali.DatiGeneraliDocumento.TipoDocumento = 'TD04';
    const amount = entryOf('sent', row(8), invoiceToXml(json), 'Xml').amount;
    expect(amount).toMatchObject({ amount: '244.00', signed: '0.00', type: 'TD01' });
  });
});

describe('what filing needs from a read invoice', () => {
  it('gives taxable amount, VAT, withholding, net to pay and the first due date, signed like the total', () => {
    const json = invoiceJson({
      supplierVat,
      tipoDocumento: 'TD06',
      lines: [{ PrezzoUnitario: '1000.00' }],
      payment: {
        ModalitaPagamento: 'MP05',
        DataScadenzaPagamento: '2026-04-30',
        ImportoPagamento: '1020.00',
      },
    });
    const general = json.FatturaElettronicaBody[0]!.DatiGenerali.DatiGeneraliDocumento;
    general.DatiRitenuta = [
      { TipoRitenuta: 'RT01', ImportoRitenuta: '200.00', AliquotaRitenuta: '20.00', CausalePagamento: 'A' },
    ];
    json.FatturaElettronicaBody[0]!.DatiBeniServizi.DettaglioLinee[0]!.Ritenuta = 'SI';
    const fee = entryOf('sent', row(9), invoiceToXml(json), 'Xml');
    expect(fee.figures).toEqual({
      taxable: '1000.00',
      vat: '220.00',
      withholding: '200.00',
      netToPay: '1020.00',
      firstDue: '2026-04-30',
    });
    expect(fee.partyVat).toMatch(/^IT\d{11}$/);

    const credit = entryOf('sent', row(3), fileOf('TD04', '300.00'), 'Xml');
    expect(credit.figures).toEqual({
      taxable: '-300.00',
      vat: '-66.00',
      withholding: '0.00',
      netToPay: '-366.00',
      firstDue: null,
    });
    // A simplified credit note: its VAT worked out of the rate (122.00 at 22 % holds 22.00).
    expect(entryOf('sent', row(5), fileOf('TD08', '122.00'), 'Xml').figures).toMatchObject({
      taxable: '-100.00',
      vat: '-22.00',
      netToPay: '-122.00',
    });
  });
});
