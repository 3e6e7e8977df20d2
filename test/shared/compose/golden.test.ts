import { describe, expect, it } from 'vitest';
import { invoiceToXml } from '../../../src/shared/fatturapa/index.ts';
import {
  composeInvoice,
  emptyDraft,
  emptyPaymentDetail,
  newFund,
} from '../../../src/shared/fatturapa/compose/index.ts';
import type { InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import { baseDraft, consumerCustomer, foreignCustomer, line, paCustomer, PDF_BASE64 } from './fixtures.ts';

/*
 * The composed file and its field map, byte for byte, for drafts that fill every section the composer writes.
 * The expected files in golden/ were written by the composer as it stood before it was split by section: any
 * change in them is a change of the invoices users send, to be made on purpose (`npx vitest run -u` rewrites
 * them; read the diff).
 */

const address = (street: string, town: string, province: string, country = 'IT') => ({
  street,
  number: '7',
  postcode: country === 'IT' ? '20121' : '',
  town,
  province,
  country,
});

const party = (name: string, vat: string) => ({
  name,
  firstName: '',
  lastName: '',
  title: '',
  eori: '',
  vat: { country: 'IT', code: vat },
  fiscalCode: '',
});

const reference = (kind: InvoiceDraft['references'][number]['kind'], id: string, lines: string[] = []) => ({
  kind,
  id,
  date: '2026-01-15',
  lines,
  itemNumber: '4',
  jobCode: 'JOB-1',
  cup: 'J11B22000000001',
  cig: 'Z1234567890',
});

/** Every optional part of the header and the body given at least once (two where the element repeats). */
function everything(): InvoiceDraft {
  const draft = baseDraft();
  draft.transmission = {
    transmitter: { country: 'it', code: ' 01234567897 ' },
    progressive: ' 0000A ',
    contacts: { phone: '06 1234567', email: 'invii@esempio.it' },
  };
  draft.supplier = {
    ...draft.supplier,
    title: 'Dott.',
    eori: 'IT12345678903',
    fiscalCode: 'rssmra80a01h501u',
    permanentEstablishment: address('Via Torino', 'Milano', 'mi'),
    rea: { office: 'rm', number: '123456', shareCapital: '10000', soleShareholder: 'SU', liquidation: 'LN' },
    professionalRegister: {
      name: 'Ordine degli Avvocati',
      province: 'RM',
      number: '4521',
      date: '2010-05-04',
    },
    contacts: { phone: '06 7654321', fax: '', email: 'studio@esempio.it' },
    administrationReference: 'AMM-1',
  };
  draft.supplierRepresentative = party('Rappresentanza Srl', '11111111115');
  draft.customer = {
    ...draft.customer,
    permanentEstablishment: address('Via Napoli', 'Napoli', 'NA'),
    representative: { ...party('', '22222222226'), firstName: 'Luca', lastName: 'Verdi' },
    delivery: { channel: 'code', code: 'abc1234', pec: 'cliente@pec.it' },
  };
  draft.intermediary = party('Intermediario Spa', '33333333337');
  draft.issuer = 'TZ';
  draft.document = {
    ...draft.document,
    currency: 'eur',
    reasons: ['Fornitura marzo', '  ', 'Contratto quadro'],
    art73: true,
  };
  draft.references = [
    reference('order', 'PO-77', ['1', ' ', '2']),
    reference('contract', 'C-1'),
    reference('order', 'PO-78'),
    reference('agreement', 'CONV-3'),
    reference('receipt', 'RIC-9'),
    reference('linkedInvoice', 'FT/2025/0099'),
  ];
  draft.deliveryNotes = [
    { number: 'DDT 1', date: '2026-03-01', lines: ['1'] },
    { number: 'DDT 2', date: '2026-03-05', lines: [] },
  ];
  draft.transport = { MezzoTrasporto: 'Furgone', CausaleTrasporto: 'Vendita', NumeroColli: '3' };
  draft.lines = [
    line({
      kind: 'AC',
      codes: [
        { type: 'EAN', value: ' 8001234567890 ' },
        { type: 'INTERNO', value: 'A-1' },
      ],
      quantity: '3',
      unit: 'ore',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      unitPrice: '12,345',
      adjustments: [
        { type: 'SC', percentage: '5', amount: '' },
        { type: 'MG', percentage: '', amount: '1.5' },
      ],
      withholding: true,
      administrationReference: 'LINEA-1',
      otherData: [
        { type: 'INTENTO', text: 'Dichiarazione 1', number: '12', date: '2026-01-02' },
        { type: 'NOTA', text: '', number: '', date: '' },
      ],
    }),
    line({ unitPrice: '150', vatRate: '0', nature: 'N4', legalReference: 'Art. 10 DPR 633/72' }),
    line({ quantity: '2', unitPrice: '10.10', vatRate: '10' }),
  ];
  draft.documentAdjustments = [{ type: 'SC', percentage: '', amount: '5' }];
  draft.withholdings = [
    { type: 'RT01', rate: '20', reason: 'A', basePercent: '', amount: '' },
    { type: 'RT03', rate: '4', reason: 'A', basePercent: '', amount: '' },
  ];
  draft.funds = [
    { ...newFund(), type: 'TC01', vatRate: '22', administrationReference: 'CASSA-1' },
    {
      ...newFund(),
      rate: '2',
      base: '100',
      vatRate: '',
      nature: 'N2.2',
      legalReference: 'Art. 13',
      withholding: true,
    },
  ];
  draft.stamp = { mode: 'yes', amount: '' };
  draft.chargeability = 'D';
  const full = {
    ...emptyPaymentDetail(),
    beneficiary: 'Studio Esempio Srl',
    termsStart: '2026-03-10',
    termsDays: '30',
    due: '2026-04-09',
    institution: 'Banca Esempio',
    iban: 'it60 x054 2811 1010 0000 0123 456',
    abi: '05428',
    cab: '11101',
    bic: 'bpmoit22xxx',
    earlyPaymentDiscount: '2',
    earlyPaymentLimit: '2026-03-20',
    latePaymentPenalty: '10',
    penaltyFrom: '2026-04-10',
    paymentCode: 'PAG-1',
  };
  draft.payments = [
    { conditions: 'TP01', details: [full, { ...emptyPaymentDetail(), method: 'MP08', due: '2026-05-09' }] },
    { conditions: 'TP03', details: [{ ...emptyPaymentDetail(), method: 'MP01', amount: '10' }] },
  ];
  draft.attachments = [
    { name: 'parere.pdf', compression: '', format: 'PDF', description: 'Parere', contentBase64: PDF_BASE64 },
    { name: 'dati.zip', compression: 'ZIP', format: '', description: '', contentBase64: 'UEsF\nBgAA AAA=' },
  ];
  return draft;
}

/** A fee note of a person to a public administration: FPA12, Nome and Cognome, split payment, funds. */
function personToPa(): InvoiceDraft {
  const draft = baseDraft({
    supplier: { ...baseDraft().supplier, name: '', firstName: 'Anna', lastName: 'Bianchi' },
    document: { ...baseDraft().document, type: 'TD06', number: 'P-4', declaredTotal: '1900' },
    chargeability: 'S',
    lines: [line({ unitPrice: '1500', description: 'Parere legale', withholding: true })],
    withholdings: [{ type: 'RT01', rate: '20', reason: 'A', basePercent: '', amount: '' }],
  });
  draft.customer = { ...draft.customer, ...paCustomer() };
  return draft;
}

/** A consumer abroad with an exempt line over the stamp duty's threshold and no transmitter given. */
function consumerAbroad(): InvoiceDraft {
  const draft = baseDraft({
    lines: [line({ unitPrice: '300', vatRate: '0', nature: 'N4', legalReference: 'Art. 10 n. 20' })],
  });
  draft.customer = { ...draft.customer, ...consumerCustomer(), ...foreignCustomer() };
  draft.customer.name = '';
  draft.supplier.fiscalCode = '';
  return draft;
}

/** A new draft with nothing typed: composing never fails, the gaps stay gaps. */
function blank(): InvoiceDraft {
  return emptyDraft('2026-03-10');
}

const drafts: [string, () => InvoiceDraft][] = [
  ['everything', everything],
  ['person-to-pa', personToPa],
  ['consumer-abroad', consumerAbroad],
  ['blank', blank],
];

describe('the composed file stays the same, byte for byte', () => {
  it.each(drafts)('%s', async (name, make) => {
    const { json, fieldMap } = composeInvoice(make());
    await expect(invoiceToXml(json)).toMatchFileSnapshot(`golden/${name}.xml`);
    const fields = [...fieldMap].map(([element, field]) => `${element} → ${field}\n`).join('');
    await expect(fields).toMatchFileSnapshot(`golden/${name}.fields.txt`);
  });
});
