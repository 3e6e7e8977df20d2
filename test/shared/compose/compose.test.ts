import { describe, expect, it } from 'vitest';
import { parseInvoiceXml, runSdiChecks, validateStructure } from '../../../src/shared/fatturapa/index.ts';
import {
  addDeliveryNote,
  addFund,
  addInstalment,
  addWithholding,
  composeInvoice,
  composeInvoiceXml,
  draftFromInvoice,
} from '../../../src/shared/fatturapa/compose/index.ts';
import { invoiceToJson } from '../../../src/shared/fatturapa/index.ts';
import type { OrdinaryInvoiceJson } from '../../../src/shared/fatturapa/index.ts';
import type { InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { referenceAvailable } from '../../support/reference.ts';
import { libxml2Validate } from '../fatturapa/model/libxml2-oracle.ts';
import {
  baseDraft,
  consumerCustomer,
  foreignCustomer,
  IBAN,
  line,
  paCustomer,
  PDF_BASE64,
} from './fixtures.ts';

function withCustomer(draft: InvoiceDraft, customer: Partial<InvoiceDraft['customer']>): InvoiceDraft {
  draft.customer = { ...draft.customer, ...customer };
  return draft;
}

const fund = {
  base: '',
  legalReference: '',
  administrationReference: '',
  nature: '',
  withholding: false,
};

/** A lawyer invoicing a Comune through the edits the UI offers: what the Chromium journey types, as data. */
function professionalToPa(): InvoiceDraft {
  const draft = withCustomer(
    baseDraft({
      supplier: {
        ...baseDraft().supplier,
        name: '',
        firstName: 'Anna',
        lastName: 'Bianchi',
        fiscalCode: 'RSSMRA80A01H501U',
      },
      document: { ...baseDraft().document, type: 'TD06', number: 'P-4' },
      lines: [line({ unitPrice: '1500', description: 'Parere legale' })],
      references: [
        {
          kind: 'contract',
          id: 'Det. 12/2026',
          date: '',
          lines: [],
          itemNumber: '',
          jobCode: '',
          cup: 'J11B22000000001',
          cig: 'Z1234567890',
        },
      ],
      payments: [],
      attachments: [
        {
          name: 'parere.pdf',
          compression: '',
          format: 'PDF',
          description: 'Parere',
          contentBase64: PDF_BASE64,
        },
      ],
    }),
    paCustomer(),
  );
  addFund(draft); // TC22 4%, 22%
  draft.funds[0]!.type = 'TC01'; // Cassa forense
  addFund(draft);
  Object.assign(draft.funds[1]!, { rate: '2', vatRate: '0', nature: 'N2.2', withholding: true });
  addWithholding(draft); // RT01 20% A: a person
  addWithholding(draft);
  Object.assign(draft.withholdings[1]!, { type: 'RT03', rate: '4', reason: 'A' });
  addInstalment(draft);
  draft.payments[0]!.details[0]!.iban = IBAN;
  // The next two follow the first one's method and IBAN, each 30 days later.
  addInstalment(draft);
  addInstalment(draft);
  return draft;
}

const cases: [string, () => InvoiceDraft][] = [
  ['TD01 B2B, one line', () => baseDraft()],
  [
    'TD01 B2B, several rates, discounts, exempt line with stamp duty',
    () =>
      baseDraft({
        lines: [
          line({ quantity: '3', unitPrice: '12,345', unit: 'ore' }),
          line({
            quantity: '2',
            unitPrice: '10.10',
            vatRate: '10',
            adjustments: [{ type: 'SC', percentage: '5', amount: '' }],
          }),
          line({ unitPrice: '150', vatRate: '0', nature: 'N4', legalReference: 'Art. 10 DPR 633/72' }),
        ],
        references: [
          {
            kind: 'order',
            id: 'PO-77',
            date: '2026-02-01',
            lines: ['1'],
            itemNumber: '',
            jobCode: '',
            cup: '',
            cig: '',
          },
        ],
        document: { ...baseDraft().document, reasons: ['Fornitura marzo'] },
      }),
  ],
  [
    'TD01 PA (FPA12), split payment, CIG and CUP',
    () =>
      withCustomer(
        baseDraft({
          chargeability: 'S',
          references: [
            {
              kind: 'contract',
              id: 'C-2026-1',
              date: '',
              lines: [],
              itemNumber: '',
              jobCode: '',
              cup: 'J11B22000000001',
              cig: 'Z1234567890',
            },
          ],
        }),
        paCustomer(),
      ),
  ],
  [
    'TD01 PA, exempt N4 with stamp duty',
    () =>
      withCustomer(
        baseDraft({
          lines: [line({ unitPrice: '300', vatRate: '0', nature: 'N4', legalReference: 'Art. 10 n. 20' })],
        }),
        paCustomer(),
      ),
  ],
  [
    'TD01 foreign EU customer, reverse charge N2.1',
    () =>
      withCustomer(
        baseDraft({
          lines: [
            line({
              unitPrice: '1000',
              vatRate: '0',
              nature: 'N2.1',
              legalReference: 'Art. 7-ter DPR 633/72',
            }),
          ],
        }),
        foreignCustomer(),
      ),
  ],
  [
    'TD01 foreign customer, USD, intra-EU N3.2',
    () =>
      withCustomer(
        baseDraft({
          document: { ...baseDraft().document, currency: 'USD' },
          lines: [
            line({ unitPrice: '80', vatRate: '0', nature: 'N3.2', legalReference: 'Art. 41 DL 331/93' }),
          ],
        }),
        foreignCustomer(),
      ),
  ],
  ['TD01 consumer with PEC, person name', () => withCustomer(baseDraft(), consumerCustomer())],
  [
    'TD01 reverse charge N6.3 subcontracting',
    () =>
      baseDraft({
        lines: [
          line({ unitPrice: '5000', vatRate: '0', nature: 'N6.3', legalReference: 'Art. 17 c. 6 lett. a' }),
        ],
      }),
  ],
  [
    'TD04 credit note linked to the invoice',
    () =>
      baseDraft({
        document: { ...baseDraft().document, type: 'TD04', number: 'NC/2026/0001', date: '2026-03-20' },
        references: [
          {
            kind: 'linkedInvoice',
            id: 'FT/2026/0001',
            date: '2026-03-10',
            lines: [],
            itemNumber: '',
            jobCode: '',
            cup: '',
            cig: '',
          },
        ],
      }),
  ],
  [
    'TD05 debit note',
    () => baseDraft({ document: { ...baseDraft().document, type: 'TD05', number: 'ND-1' } }),
  ],
  [
    'TD06 fee note: INPS fund, Cassa forense, RT01 withholding',
    () =>
      baseDraft({
        supplier: {
          ...baseDraft().supplier,
          name: '',
          firstName: 'Anna',
          lastName: 'Bianchi',
          fiscalCode: 'RSSMRA80A01H501U',
          regime: 'RF01',
        },
        document: { ...baseDraft().document, type: 'TD06', number: '12' },
        lines: [line({ unitPrice: '1800', withholding: true, description: 'Parcella' })],
        funds: [
          { ...fund, type: 'TC01', rate: '4', vatRate: '22', withholding: false },
          { ...fund, type: 'TC22', rate: '4', vatRate: '22', withholding: true },
        ],
        withholdings: [{ type: 'RT01', rate: '20', reason: 'A', basePercent: '', amount: '' }],
      }),
  ],
  [
    'TD01 agent: ENASARCO fund N2.2, RT02 and RT04 withholdings, flat-rate lines',
    () =>
      baseDraft({
        lines: [line({ unitPrice: '2000', withholding: true, description: 'Provvigioni' })],
        funds: [
          {
            ...fund,
            type: 'TC07',
            rate: '8.50',
            vatRate: '0',
            nature: 'N2.2',
            legalReference: 'Art. 13 c.1 DPR 633/72',
          },
        ],
        withholdings: [
          { type: 'RT02', rate: '23', reason: 'R', basePercent: '50', amount: '' },
          { type: 'RT04', rate: '8.50', reason: 'R', basePercent: '50', amount: '' },
        ],
      }),
  ],
  [
    'TD24 deferred invoice with two delivery notes',
    () =>
      baseDraft({
        document: { ...baseDraft().document, type: 'TD24', number: 'FD-3' },
        lines: [
          line({ quantity: '10', unitPrice: '4.5', unit: 'pz' }),
          line({ quantity: '5', unitPrice: '7.2', unit: 'pz' }),
        ],
        deliveryNotes: [
          { number: 'DDT 1', date: '2026-03-01', lines: ['1'] },
          { number: 'DDT 2', date: '2026-03-05', lines: ['2'] },
        ],
      }),
  ],
  [
    'TD01 with instalments, attachment and forfettario RF19 N2.2 with stamp',
    () =>
      baseDraft({
        supplier: { ...baseDraft().supplier, regime: 'RF19' },
        lines: [
          line({
            unitPrice: '900',
            vatRate: '0',
            nature: 'N2.2',
            legalReference: 'Art. 1 c. 54-89 L. 190/2014',
          }),
        ],
        payments: [
          {
            conditions: 'TP01',
            details: [
              { ...baseDraft().payments[0]!.details[0]!, due: '2026-04-10', iban: IBAN },
              { ...baseDraft().payments[0]!.details[0]!, due: '2026-05-10', iban: IBAN },
            ],
          },
        ],
        attachments: [
          {
            name: 'dettaglio.txt',
            compression: '',
            format: 'TXT',
            description: 'Dettaglio',
            contentBase64: 'SGVsbG8=',
          },
        ],
      }),
  ],
  [
    'TD06 to a PA (FPA12): two funds, two withholdings, three instalments, a PDF attachment (the edits)',
    () => professionalToPa(),
  ],
  [
    'TD24 deferred invoice to a PA with split payment, two delivery notes made with the edits',
    () => {
      const draft = withCustomer(
        baseDraft({
          document: { ...baseDraft().document, type: 'TD24', number: 'FD-9' },
          chargeability: 'S',
          lines: [
            line({ quantity: '12', unitPrice: '3.5', unit: 'pz', description: 'Toner' }),
            line({ quantity: '4', unitPrice: '19.9', unit: 'pz', description: 'Carta A4' }),
            line({ quantity: '1', unitPrice: '45', description: 'Trasporto', vatRate: '10' }),
          ],
        }),
        paCustomer(),
      );
      Object.assign(addDeliveryNote(draft), { number: 'DDT 101', date: '2026-03-02', lines: ['1', '3'] });
      Object.assign(addDeliveryNote(draft), { number: 'DDT 117', date: '2026-03-06', lines: ['2'] });
      return draft;
    },
  ],
];

describe('composed invoices pass the validator and the official XSD', () => {
  it.each(cases)('%s', (_name, make) => {
    const draft = make();
    const { json } = composeInvoice(draft);
    expect(validateStructure(json)).toEqual([]);
    const xml = composeInvoiceXml(draft);
    const errors = runSdiChecks(parseInvoiceXml(xml)).filter((p) => p.severity === 'error');
    expect(errors).toEqual([]);
    // The reading of the composed file agrees with itself: payments = net to pay, declared total accepted.
    const reading = readInvoice(xml).documents[0]!;
    expect(reading.reconciliation?.mismatch).toBe(false);
    if (referenceAvailable) {
      const verdict = libxml2Validate(xml);
      expect(verdict.errors).toEqual([]);
      expect(verdict.valid).toBe(true);
    }
  });

  it('the professional invoice to a PA: hand-worked figures, instalments and the PDF in Allegati', () => {
    const draft = professionalToPa();
    const { json, totals } = composeInvoice(draft);
    expect(json['@versione']).toBe('FPA12');
    // Funds: TC01 4% × 1,500.00 = 60.00 (22%); TC22 2% × 1,500.00 = 30.00 (N2.2, subject to withholding).
    expect(totals.funds.map((f) => f.amount)).toEqual(['60.00', '30.00']);
    // Withholding base: the fee 1,500.00 + the fund subject to it 30.00 = 1,530.00;
    // RT01 20% = 306.00, RT03 4% = 61.20.
    expect(totals.withholdings.map((w) => w.amount)).toEqual(['306.00', '61.20']);
    // 22%: 1,500.00 + 60.00 = 1,560.00, VAT 343.20; N2.2: 30.00 (no stamp: 30.00 ≤ 77.47).
    expect(totals.vatSummary.map((r) => [r.rate, r.nature, r.taxable, r.tax])).toEqual([
      ['22.00', '', '1560.00', '343.20'],
      ['0.00', 'N2.2', '30.00', '0.00'],
    ]);
    expect(totals.stamp.applied).toBe(false);
    // 1,590.00 + 343.20 = 1,933.20; net 1,933.20 - 306.00 - 61.20 = 1,566.00, in three: 522.00 each.
    expect(totals.documentTotal).toBe('1933.20');
    expect(totals.netToPay).toBe('1566.00');
    expect(totals.payments).toEqual([['522.00', '522.00', '522.00']]);
    const xml = composeInvoiceXml(draft);
    const read = invoiceToJson(parseInvoiceXml(xml)) as OrdinaryInvoiceJson;
    const body = read.FatturaElettronicaBody[0]!;
    const allegati = Array.isArray(body.Allegati) ? body.Allegati : [body.Allegati];
    expect(allegati.map((a) => [a?.NomeAttachment, a?.FormatoAttachment, a?.Attachment])).toEqual([
      ['parere.pdf', 'PDF', PDF_BASE64],
    ]);
    const details = readInvoice(xml).documents[0]!.payments[0]!.details;
    expect(details.map((d) => [d.due, d.amount, d.iban])).toEqual([
      ['2026-04-09', '522.00', IBAN],
      ['2026-05-09', '522.00', IBAN],
      ['2026-06-08', '522.00', IBAN],
    ]);
  });

  it('derives the format from the customer: FPA12 for a PA office code, FPR12 otherwise', () => {
    expect(composeInvoice(withCustomer(baseDraft(), paCustomer())).json['@versione']).toBe('FPA12');
    expect(composeInvoice(baseDraft()).json['@versione']).toBe('FPR12');
    const foreign = composeInvoice(withCustomer(baseDraft(), foreignCustomer())).json as OrdinaryInvoiceJson;
    const header = foreign.FatturaElettronicaHeader;
    expect(header.DatiTrasmissione.CodiceDestinatario).toBe('XXXXXXX');
    expect(header.CessionarioCommittente.Sede.CAP).toBe('00000');
  });

  it('a credit note from an invoice: TD04 linked through DatiFattureCollegate, same lines, valid', () => {
    const original = composeInvoiceXml(baseDraft({ lines: [line({ quantity: '2', unitPrice: '75' })] }));
    const note = draftFromInvoice(original, { mode: 'creditNote', today: '2026-03-25' });
    note.document.number = 'NC-1';
    note.transmission.progressive = '00002';
    expect(note.document.type).toBe('TD04');
    expect(note.references).toContainEqual(
      expect.objectContaining({ kind: 'linkedInvoice', id: 'FT/2026/0001', date: '2026-03-10' }),
    );
    const xml = composeInvoiceXml(note);
    expect(runSdiChecks(parseInvoiceXml(xml)).filter((p) => p.severity === 'error')).toEqual([]);
    const reading = readInvoice(xml).documents[0]!;
    expect(reading.lines.map((l) => l.total)).toEqual(['150.00']);
    expect(reading.payments[0]?.details[0]?.amount).toBe('183.00');
    if (referenceAvailable) expect(libxml2Validate(xml).valid).toBe(true);
  });
});
