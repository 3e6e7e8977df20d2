import { describe, expect, it } from 'vitest';
import { bookRecordsOf } from '../../../src/shared/books/book-record.ts';
import {
  checkDraft,
  composeInvoice,
  composeInvoiceXml,
  draftFromInvoice,
  seriesFor,
  type InvoiceDraft,
} from '../../../src/shared/fatturapa/compose/index.ts';
import type { SimplifiedInvoiceJson } from '../../../src/shared/fatturapa/model/json-types.ts';
import { parseInvoiceXml, runSdiChecks, validateStructure } from '../../../src/shared/fatturapa/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { referenceAvailable } from '../../support/reference.ts';
import { libxml2Validate } from '../fatturapa/model/libxml2-oracle.ts';
import { baseDraft, IBAN, line, paCustomer } from './fixtures.ts';

/** A shop's receipt-sized invoice: two lines at 22 % and one exempt (N4), no payment details. */
function shopInvoice(): InvoiceDraft {
  const draft = baseDraft({ payments: [] });
  draft.document.type = 'TD07';
  draft.lines = [
    line({ description: 'Cartucce', quantity: '2', unitPrice: '24.59', vatRate: '22' }),
    line({ description: 'Toner', unitPrice: '81.97', vatRate: '22' }),
    line({ description: 'Visita', unitPrice: '40', vatRate: '0', nature: 'N4', legalReference: 'Art. 10' }),
  ];
  return draft;
}

const errorsOf = (xml: string) => runSdiChecks(parseInvoiceXml(xml)).filter((p) => p.severity === 'error');

describe('simplified invoices (TD07–TD09, FSM10) from the composer', () => {
  it('writes a TD07 as FSM10: each line VAT included, with its VAT and rate; schema-valid, no SdI error', () => {
    const draft = shopInvoice();
    const { json, totals } = composeInvoice(draft);
    expect(json['@versione']).toBe('FSM10');
    const simplified = json as SimplifiedInvoiceJson;
    // By hand: 2 × 24.59 = 49.18, VAT 22 % = 10.8196 → 10.82, Importo 60.00; 81.97 → VAT 18.0334 → 18.03,
    // Importo 100.00; 40.00 exempt → 40.00. Total 200.00, of which VAT 28.85.
    const items = simplified.FatturaElettronicaBody[0]!.DatiBeniServizi;
    expect(
      items.map((i) => [i.Descrizione, i.Importo, i.DatiIVA.Imposta, i.DatiIVA.Aliquota, i.Natura]),
    ).toEqual([
      ['Cartucce', '60.00', '10.82', '22.00', undefined],
      ['Toner', '100.00', '18.03', '22.00', undefined],
      ['Visita', '40.00', '0.00', '0.00', 'N4'],
    ]);
    expect([totals.documentTotal, totals.netToPay, totals.reconciliation.vat]).toEqual([
      '200.00',
      '200.00',
      '28.85',
    ]);
    expect(totals.vatSummary.map((r) => [r.rate, r.nature, r.taxable, r.tax])).toEqual([
      ['22.00', '', '131.15', '28.85'],
      ['0.00', 'N4', '40.00', '0.00'],
    ]);
    const header = simplified.FatturaElettronicaHeader;
    expect(header.DatiTrasmissione.FormatoTrasmissione).toBe('FSM10');
    expect(header.CessionarioCommittente.IdentificativiFiscali.IdFiscaleIVA?.IdCodice).toBe(
      draft.customer.vat.code,
    );
    expect(header.CessionarioCommittente.AltriDatiIdentificativi?.Denominazione).toBe('Cliente Srl');

    expect(validateStructure(json)).toEqual([]);
    const xml = composeInvoiceXml(draft);
    expect(errorsOf(xml)).toEqual([]);
    expect(checkDraft(draft, { lang: 'en' })).toEqual([]);
    if (referenceAvailable) expect(libxml2Validate(xml).errors).toEqual([]);
  });

  it('reads back as written: the books get the same taxable amount, VAT and total', () => {
    const xml = composeInvoiceXml(shopInvoice());
    const reading = readInvoice(xml);
    expect(reading.documents[0]!.simplifiedTotal).toBe('200.00');
    const [record] = bookRecordsOf(reading, { kind: 'sent', invoiceId: 1 });
    expect(record!.documentTotal).toBe('20000');
    expect(record!.vat.map((r) => [r.rate, r.nature, r.taxable, r.tax])).toEqual([
      ['22.00', null, '13115', '2885'],
      ['0.00', 'N4', '4000', '0'],
    ]);
  });

  it('over €400 VAT included SdI discards a TD07 (00460); the composer says so before sending', () => {
    const draft = shopInvoice();
    draft.lines.push(line({ description: 'Stampante', unitPrice: '200', vatRate: '22' }));
    const problems = checkDraft(draft, { lang: 'en' });
    expect(problems.map((p) => [p.code, p.severity])).toContainEqual(['00460', 'error']);
  });

  it('a simplified credit note (TD08) names the invoice it corrects and what it corrects', () => {
    const draft = shopInvoice();
    draft.document.type = 'TD08';
    draft.document.number = 'NC/2026/0001';
    expect(checkDraft(draft, { lang: 'en' }).map((p) => [p.field, p.code, p.severity])).toEqual([
      ['references[0].id', 'simplified', 'warning'],
    ]);
    draft.references = [
      {
        kind: 'linkedInvoice',
        id: 'FT/2026/0001',
        date: '2026-03-01',
        lines: [],
        itemNumber: '',
        jobCode: '',
        cup: '',
        cig: '',
      },
    ];
    draft.document.reasons = ['Reso di una cartuccia'];
    const json = composeInvoice(draft).json as SimplifiedInvoiceJson;
    expect(json.FatturaElettronicaBody[0]!.DatiGenerali.DatiFatturaRettificata).toEqual({
      NumeroFR: 'FT/2026/0001',
      DataFR: '2026-03-01',
      ElementiRettificati: 'Reso di una cartuccia',
    });
    expect(checkDraft(draft, { lang: 'en' })).toEqual([]);
    const reading = readInvoice(composeInvoiceXml(draft));
    const [record] = bookRecordsOf(reading, { kind: 'sent', invoiceId: 2 });
    expect(record!.creditNote).toBe(true);
    expect(record!.documentTotal).toBe('-20000');
    if (referenceAvailable) expect(libxml2Validate(composeInvoiceXml(draft)).errors).toEqual([]);
  });

  it('says at each field what FSM10 cannot carry, and refuses a public administration', () => {
    const draft = shopInvoice();
    draft.payments = baseDraft().payments;
    draft.withholdings = [{ type: 'RT01', rate: '20', reason: 'A', basePercent: '', amount: '' }];
    draft.document.reasons = ['Vendita al banco'];
    const warned = checkDraft(draft, { lang: 'it' }).filter((p) => p.code === 'simplified');
    expect(warned.map((p) => [p.field, p.severity])).toEqual([
      ['payments[0].conditions', 'warning'],
      ['withholdings[0]', 'warning'],
      ['document.reasons', 'warning'],
    ]);
    expect(warned[0]!.description).toBe(
      'La fattura semplificata non riporta questo dato: resta fuori dal file.',
    );
    // Left out of the file, which stays valid: nothing of the payment (its IBAN) is in it.
    expect(composeInvoiceXml(draft)).not.toContain(IBAN);
    expect(errorsOf(composeInvoiceXml(draft))).toEqual([]);

    const toPa = shopInvoice();
    toPa.customer = { ...toPa.customer, ...paCustomer() };
    const refused = checkDraft(toPa, { lang: 'en' }).find((p) => p.code === 'simplified');
    expect([refused?.field, refused?.severity]).toEqual(['customer.delivery.channel', 'error']);
  });

  it('opens a simplified file as a draft that composes the same file, and credits it with a TD08', () => {
    const xml = composeInvoiceXml(shopInvoice());
    const opened = draftFromInvoice(xml);
    expect(opened.document.type).toBe('TD07');
    expect(opened.lines.map((l) => [l.unitPrice, l.vatRate, l.nature])).toEqual([
      ['49.18', '22.00', ''],
      ['81.97', '22.00', ''],
      ['40.00', '0.00', 'N4'],
    ]);
    expect(composeInvoiceXml(opened)).toBe(xml);

    const note = draftFromInvoice(xml, { mode: 'creditNote', today: '2026-03-20' });
    expect([note.document.type, note.document.number, note.document.date]).toEqual([
      'TD08',
      '',
      '2026-03-20',
    ]);
    expect(note.references.map((r) => [r.kind, r.id, r.date])).toEqual([
      ['linkedInvoice', 'FT/2026/0001', '2026-03-10'],
    ]);
    // What it corrects is the user's to say: asked at the field, by the schema (ElementiRettificati).
    note.document.number = 'NC/1';
    note.transmission.progressive = '00002';
    expect(checkDraft(note, { lang: 'en' }).map((p) => p.field)).toEqual(['document.reasons']);
    note.document.reasons = ['Storno totale'];
    expect(checkDraft(note, { lang: 'en' })).toEqual([]);
    expect(composeInvoice(note).totals.documentTotal).toBe('200.00');

    // The official sample (Importo with a rate only): the VAT is worked out of the amount.
    const sample = draftFromInvoice(
      composeInvoiceXml({ ...shopInvoice(), lines: [line({ unitPrice: '98.36', vatRate: '22' })] }).replace(
        /<Imposta>[^<]*<\/Imposta>/,
        '',
      ),
    );
    expect(sample.lines[0]!.unitPrice).toBe('98.36');
  });

  it('numbers a simplified document with its ordinary counterpart’s series', () => {
    const series = { TD01: 'FT/{yyyy}/{n}', TD04: 'NC/{yyyy}/{n}' };
    expect(seriesFor(series, 'TD07')).toBe('FT/{yyyy}/{n}');
    expect(seriesFor(series, 'TD08')).toBe('NC/{yyyy}/{n}');
    expect(seriesFor(series, 'TD09')).toBe('FT/{yyyy}/{n}');
  });
});
