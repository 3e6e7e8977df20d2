import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  composeInvoice,
  composeInvoiceXml,
  problemsAt,
  selfInvoiceDraft,
  selfInvoiceKind,
} from '../../../src/shared/fatturapa/compose/index.ts';
import type { DraftSupplier, InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import {
  invoiceToXml,
  parseInvoiceXml,
  runSdiChecks,
  validateStructure,
} from '../../../src/shared/fatturapa/index.ts';
import type { OrdinaryInvoiceJson } from '../../../src/shared/fatturapa/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { readSample, referenceAvailable } from '../fatturapa/reference-samples.ts';
import { invoiceJson, italianVat } from '../../support/invoices.ts';
import type { InvoiceOptions } from '../../support/invoices.ts';
import { baseDraft, SUPPLIER_VAT } from './fixtures.ts';

/** The own company: the composer's supplier profile (Studio Esempio Srl, IT12345678903). */
const own: DraftSupplier = baseDraft().supplier;
const OWN_VAT = `IT${SUPPLIER_VAT}`;

/** A received invoice addressed to the own company. */
function received(options: InvoiceOptions, edit?: (json: OrdinaryInvoiceJson) => void) {
  const json = invoiceJson({ customerVat: OWN_VAT, customerName: 'Studio Esempio Srl', ...options });
  edit?.(json);
  return readInvoice(invoiceToXml(json));
}

/** What the composer adds before sending: the number its series proposes, and a progressive for the file name. */
function numbered(draft: InvoiceDraft): InvoiceDraft {
  draft.document.number = 'AF/2026/0001';
  draft.document.date ||= '2026-03-10';
  draft.transmission.progressive = '00001';
  return draft;
}

/** The real validators, as the simulated SDI applies them: the schema, then SDI's checks (errors only). */
function validated(draft: InvoiceDraft) {
  const { json } = composeInvoice(draft);
  return {
    schema: validateStructure(json).map((p) => `${p.code} ${p.path}`),
    sdi: runSdiChecks(parseInvoiceXml(invoiceToXml(json)), { lenientIds: true })
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.code} ${p.path}`),
  };
}

/** The codes SDI discards the composed file with. */
function sdiCodes(draft: InvoiceDraft): string[] {
  return runSdiChecks(parseInvoiceXml(composeInvoiceXml(draft)))
    .filter((p) => p.severity === 'error')
    .map((p) => p.code);
}

const SUBCONTRACTOR = italianVat(4242);

/** Building work subcontracted (N6.3), from an Italian supplier. */
const buildingWork = () =>
  received({
    supplierVat: SUBCONTRACTOR,
    supplierName: 'Edilizia Rossi Srl',
    number: 'FT-12',
    date: '2026-03-02',
    lines: [
      {
        Descrizione: 'Opere murarie in subappalto',
        Quantita: '2.00',
        PrezzoUnitario: '500.00',
        AliquotaIVA: '0.00',
        Natura: 'N6.3',
      },
    ],
  });

/** Consulting services billed from Great Britain over a period. */
const foreignServices = () =>
  received({
    supplierVat: 'GB123456789',
    supplierName: 'Consulting Ltd',
    supplierAddress: { Indirizzo: 'Baker Street 221', CAP: '00000', Comune: 'London', Nazione: 'GB' },
    number: 'INV-7',
    date: '2026-02-27',
    lines: [
      {
        Descrizione: 'Advisory services',
        DataInizioPeriodo: '2026-02-01',
        DataFinePeriodo: '2026-02-28',
        PrezzoUnitario: '1500.00',
        AliquotaIVA: '0.00',
        Natura: 'N2.1',
      },
    ],
  });

/** Machine parts from Germany, shipped with a delivery note. */
const euGoods = () =>
  received(
    {
      supplierVat: 'DE123456789',
      supplierName: 'Maschinenbau GmbH',
      supplierAddress: { Indirizzo: 'Hauptstrasse 1', CAP: '80331', Comune: 'Muenchen', Nazione: 'DE' },
      number: 'R-2026-55',
      date: '2026-03-01',
      lines: [
        {
          Descrizione: 'Ingranaggi',
          Quantita: '10.00',
          PrezzoUnitario: '35.50',
          AliquotaIVA: '0.00',
          Natura: 'N3.2',
        },
      ],
    },
    (json) => {
      json.FatturaElettronicaBody[0]!.DatiGenerali.DatiDDT = [{ NumeroDDT: 'DDT-9', DataDDT: '2026-03-01' }];
    },
  );

describe('which self-invoice a received document needs', () => {
  it('TD16 for an Italian supplier’s reverse-charge lines (N6.x)', () => {
    expect(selfInvoiceKind(buildingWork(), 1, own)).toEqual({
      kind: 'TD16',
      candidates: ['TD16'],
      reason: 'domestic-reverse-charge',
    });
  });

  it('TD17 for services from a supplier abroad, TD18 for goods from the EU, TD19 for goods from outside it', () => {
    expect(selfInvoiceKind(foreignServices(), 1, own)).toMatchObject({
      kind: 'TD17',
      reason: 'foreign-services',
    });
    expect(selfInvoiceKind(euGoods(), 1, own)).toMatchObject({ kind: 'TD18', reason: 'eu-goods' });
    const swissGoods = received({
      supplierVat: 'CHE123456789',
      supplierAddress: { Indirizzo: 'Bahnhofstrasse 1', CAP: '80010', Comune: 'Zuerich', Nazione: 'CH' },
      lines: [
        {
          Descrizione: 'Valvole',
          CodiceArticolo: [{ CodiceTipo: 'TARIC', CodiceValore: '84818019' }],
          PrezzoUnitario: '80.00',
          AliquotaIVA: '0.00',
          Natura: 'N3.1',
        },
      ],
    });
    expect(selfInvoiceKind(swissGoods, 1, own)).toEqual({
      kind: 'TD19',
      candidates: ['TD19'],
      reason: 'non-eu-goods',
    });
  });

  it('offers both candidates when the file does not tell goods from services', () => {
    const plain = (supplierVat: string) =>
      received({
        supplierVat,
        lines: [{ Descrizione: 'Fornitura', PrezzoUnitario: '10.00', AliquotaIVA: '0.00', Natura: 'N2.2' }],
      });
    expect(selfInvoiceKind(plain('FR12345678901'), 1, own)).toEqual({
      kind: null,
      candidates: ['TD17', 'TD18'],
      reason: 'foreign-goods-or-services',
    });
    expect(selfInvoiceKind(plain('US123456789'), 1, own).candidates).toEqual(['TD17', 'TD19']);
  });

  it('needs none for an ordinary Italian purchase, another company’s invoice, a note or an integration', () => {
    expect(selfInvoiceKind(received({}), 1, own)).toMatchObject({ kind: null, reason: 'no-reverse-charge' });
    const other = { ...own, vat: { country: 'IT', code: '01234567897' }, fiscalCode: '' };
    expect(selfInvoiceKind(buildingWork(), 1, other)).toMatchObject({
      kind: null,
      reason: 'not-own-purchase',
    });
    const note = received({
      supplierVat: SUBCONTRACTOR,
      tipoDocumento: 'TD04',
      lines: [{ PrezzoUnitario: '5.00', AliquotaIVA: '0.00', Natura: 'N6.3' }],
    });
    expect(selfInvoiceKind(note, 1, own).reason).toBe('variation-note');
    expect(selfInvoiceKind(buildingWork(), 2, own).reason).toBe('no-document');
  });

  it.runIf(referenceAvailable)(
    'reads the real samples: N6.1 scrap needs a TD16, a TD17 file is itself an integration',
    () => {
      const scrap = readInvoice(
        readSample('real-world/invoices/15_FPR12_reverse-charge_N6.1__IT01234567890_FPR04.xml'),
      );
      // The buyer is identified by its fiscal code only, which for a company is its VAT number's digits.
      const beta = { vat: { country: 'IT', code: '03533590174' }, fiscalCode: '' };
      expect(selfInvoiceKind(scrap, 1, beta)).toMatchObject({ kind: 'TD16' });
      const td17 = readInvoice(
        readSample('real-world/invoices/17_FPR12_TD17_US-supplier__IT10538570960_00004.xml'),
      );
      const yourCompany = { vat: { country: 'IT', code: '10538570960' }, fiscalCode: '' };
      expect(selfInvoiceKind(td17, 1, yourCompany)).toMatchObject({
        kind: null,
        reason: 'issued-by-customer',
      });
    },
  );
});

describe('the self-invoice draft', () => {
  it('TD16 from an N6.3 invoice: the subcontractor as supplier, the own company as customer, linked, valid', () => {
    const draft = selfInvoiceDraft(buildingWork(), 1, 'TD16', own);
    expect(draft.document).toMatchObject({ type: 'TD16', number: '', date: '', currency: 'EUR' });
    expect(draft.document.reasons.join('')).toContain(
      '. Rif. fattura n. FT-12 del 02/03/2026 di Edilizia Rossi Srl',
    );
    expect(draft.supplier).toMatchObject({
      name: 'Edilizia Rossi Srl',
      vat: { country: 'IT', code: SUBCONTRACTOR.slice(2) },
      regime: 'RF01',
    });
    expect(draft.customer).toMatchObject({
      name: own.name,
      vat: own.vat,
      address: own.address,
      delivery: { channel: 'none', code: '', pec: '' },
    });
    expect(draft.transmission.transmitter).toEqual({ country: 'IT', code: SUPPLIER_VAT });
    expect(draft.issuer).toBe('CC');
    expect(draft.references).toEqual([
      expect.objectContaining({ kind: 'linkedInvoice', id: 'FT-12', date: '2026-03-02' }),
    ]);
    expect(draft.lines).toEqual([
      expect.objectContaining({
        description: 'Opere murarie in subappalto',
        quantity: '',
        unitPrice: '1000.00',
        vatRate: '22.00',
        nature: '',
      }),
    ]);

    const composed = numbered(draft);
    expect(validated(composed)).toEqual({ schema: [], sdi: [] });
    expect(composeInvoice(composed).totals.vatSummary).toEqual([
      expect.objectContaining({ rate: '22.00', taxable: '1000.00', tax: '220.00' }),
    ]);
    const xml = composeInvoiceXml(composed, { indent: '' });
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(xml).toContain(
      `<IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${SUPPLIER_VAT}</IdCodice></IdTrasmittente>`,
    );
    expect(xml).toContain('<SoggettoEmittente>CC</SoggettoEmittente>');
    expect(xml).toContain(
      '<DatiFattureCollegate><IdDocumento>FT-12</IdDocumento><Data>2026-03-02</Data></DatiFattureCollegate>',
    );
    expect(checkDraft(composed)).toEqual([]);
  });

  it.runIf(referenceAvailable)(
    'TD16 from the real N6.1 sample integrates only its reverse-charge line',
    () => {
      const scrap = readInvoice(
        readSample('real-world/invoices/15_FPR12_reverse-charge_N6.1__IT01234567890_FPR04.xml'),
      );
      const beta: DraftSupplier = {
        ...own,
        name: 'BETA GAMMA',
        vat: { country: 'IT', code: '03533590174' },
        fiscalCode: '03533590174',
      };
      const draft = numbered(selfInvoiceDraft(scrap, 1, 'TD16', beta, { date: '2019-02-20' }));
      expect(draft.document.date).toBe('2019-02-20');
      expect(draft.lines.map((l) => [l.description, l.unitPrice])).toEqual([['BANCALI', '20.00']]);
      expect(validated(draft)).toEqual({ schema: [], sdi: [] });
    },
  );

  it('TD17 from foreign services: the foreign VAT number as CedentePrestatore, valid', () => {
    const draft = numbered(selfInvoiceDraft(foreignServices(), 1, 'TD17', own));
    expect(draft.supplier).toMatchObject({
      vat: { country: 'GB', code: '123456789' },
      fiscalCode: '',
      address: { street: 'Baker Street 221', postcode: '00000', town: 'London', province: '', country: 'GB' },
    });
    expect(draft.lines).toEqual([
      expect.objectContaining({ unitPrice: '1500.00', vatRate: '22.00', nature: '' }),
    ]);
    expect(validated(draft)).toEqual({ schema: [], sdi: [] });
  });

  it('TD18 from EU goods, with the rate the purchase bears and the own channel', () => {
    const draft = numbered(
      selfInvoiceDraft(euGoods(), 1, 'TD18', own, {
        vatRate: '10.00',
        delivery: { channel: 'code', code: 'ABC1234', pec: '' },
      }),
    );
    expect(draft.lines).toEqual([
      expect.objectContaining({ description: 'Ingranaggi', unitPrice: '355.00', vatRate: '10.00' }),
    ]);
    expect(validated(draft)).toEqual({ schema: [], sdi: [] });
    expect(composeInvoice(draft).totals.vatSummary).toEqual([
      expect.objectContaining({ rate: '10.00', taxable: '355.00', tax: '35.50' }),
    ]);
    expect(composeInvoiceXml(draft)).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
  });

  it('one line per VAT summary row on request', () => {
    const draft = selfInvoiceDraft(euGoods(), 1, 'TD18', own, { detail: 'summary' });
    expect(draft.lines.map((l) => [l.description, l.unitPrice])).toEqual([
      ['Imponibile N3.2 - fattura n. R-2026-55 del 01/03/2026 di Maschinenbau GmbH', '355.00'],
    ]);
  });

  it('converts a document in another currency at the rate given, else keeps its currency', () => {
    const dollars = received(
      {
        supplierVat: 'US123456789',
        lines: [
          {
            Descrizione: 'Licenza software',
            DataInizioPeriodo: '2026-01-01',
            PrezzoUnitario: '1085.00',
            AliquotaIVA: '0.00',
            Natura: 'N2.1',
          },
        ],
      },
      (json) => {
        json.FatturaElettronicaBody[0]!.DatiGenerali.DatiGeneraliDocumento.Divisa = 'USD';
      },
    );
    const converted = selfInvoiceDraft(dollars, 1, 'TD17', own, { exchangeRate: '1.085' });
    expect([converted.document.currency, converted.lines[0]?.unitPrice]).toEqual(['EUR', '1000.00']);
    const kept = selfInvoiceDraft(dollars, 1, 'TD17', own);
    expect([kept.document.currency, kept.lines[0]?.unitPrice]).toEqual(['USD', '1085.00']);
  });
});

describe('SDI’s controls on self-invoices: the sent file and the draft’s field', () => {
  it('00471: a TD16 whose supplier is the own company', () => {
    const draft = numbered(selfInvoiceDraft(buildingWork(), 1, 'TD16', own));
    draft.supplier.vat = { ...own.vat };
    expect(sdiCodes(draft)).toEqual(['00471']);
    expect(problemsAt(checkDraft(draft, { lang: 'en' }), 'document.type')).toEqual([
      expect.objectContaining({
        code: '00471',
        source: 'sdi',
        element: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
        description: `With document type TD16 the supplier and the customer must be different subjects: both have VAT number ${OWN_VAT}.`,
      }),
    ]);
  });

  it('00473: a TD17 with an Italian supplier, and a TD29 report with a foreign one', () => {
    const td17 = numbered(selfInvoiceDraft(foreignServices(), 1, 'TD17', own));
    td17.supplier.vat = { country: 'IT', code: SUBCONTRACTOR.slice(2) };
    td17.supplier.address.country = 'IT';
    expect(sdiCodes(td17)).toEqual(['00473']);
    expect(problemsAt(checkDraft(td17), 'supplier.vat')).toEqual([
      expect.objectContaining({
        code: '00473',
        description:
          'Con il tipo documento TD17 la partita IVA del fornitore non può essere del paese IT: TD17, TD18 e TD19 sono per fornitori esteri, TD28 per quelli di San Marino, TD29 per quelli italiani.',
      }),
    ]);

    const td29 = numbered(selfInvoiceDraft(foreignServices(), 1, 'TD17', own));
    td29.document.type = 'TD29';
    expect(sdiCodes(td29)).toEqual(['00473']);
    expect(problemsAt(checkDraft(td29), 'supplier.vat').map((p) => p.code)).toEqual(['00473']);
  });

  it('00475: a TD18 whose customer has no VAT number, and a TD29 likewise', () => {
    const draft = numbered(selfInvoiceDraft(euGoods(), 1, 'TD18', own));
    draft.customer.vat = { country: '', code: '' };
    draft.customer.fiscalCode = SUPPLIER_VAT;
    expect(sdiCodes(draft)).toEqual(['00475']);
    expect(problemsAt(checkDraft(draft, { lang: 'en' }), 'customer.vat')).toEqual([
      expect.objectContaining({
        code: '00475',
        description: 'Document type TD18 needs the customer’s VAT number.',
      }),
    ]);

    const td29 = numbered(selfInvoiceDraft(buildingWork(), 1, 'TD16', own));
    td29.document.type = 'TD29';
    expect(sdiCodes(td29)).toEqual([]);
    td29.customer.vat = { country: '', code: '' };
    td29.customer.fiscalCode = SUPPLIER_VAT;
    expect(sdiCodes(td29)).toEqual(['00475']);
  });
});
