/**
 * The reading of a whole file: from bytes (or text) through the shared engine's parse and the model's JSON
 * (invoiceToJson) to an InvoiceReading. Ordinary invoices (FPA12/FPR12) in full; the simplified format (FSM10)
 * in the shape it has: no VAT summary, withholdings or payments, items whose amount includes the VAT.
 */
import type {
  AllegatiJson,
  BodyJson,
  DatiGeneraliDocumentoJson,
  DettaglioLineeJson,
  FatturaPAJson,
  OrdinaryInvoiceJson,
  SimplifiedBodyJson,
  SimplifiedInvoiceJson,
} from '../model/json-types.ts';
import { invoiceToJson } from '../model/to-json.ts';
import { add, divide, format, parseDecimal, ZERO } from '../sdi-checks/decimal.ts';
import { parseInvoiceXml } from '../xml-document.ts';
import type { ParseInvoiceXmlOptions } from '../xml-document.ts';
import {
  readCustomer,
  readRepresentative,
  readSimplifiedCustomer,
  readSimplifiedSupplier,
  readSupplier,
  readTransmission,
} from './parties.ts';
import { reconcile } from './reconciliation.ts';
import type {
  Adjustment,
  Attachment,
  DocumentIdentity,
  DocumentReading,
  Exchange,
  InvoiceIdentity,
  InvoiceReading,
  Line,
  PaymentTerms,
  Reference,
  ReferenceKind,
  Stamp,
  VatSummaryRow,
} from './types.ts';
import { list, one, required, text, texts } from './values.ts';

/** Reads an invoice file (XML bytes or text; unwrap a P7M first). Throws InvoiceDocumentError on a bad file. */
export function readInvoice(input: string | Uint8Array, options?: ParseInvoiceXmlOptions): InvoiceReading {
  return readInvoiceJson(invoiceToJson(parseInvoiceXml(input, options)));
}

/** Reads the model's JSON form of an invoice. */
export function readInvoiceJson(json: FatturaPAJson): InvoiceReading {
  if (isSimplified(json)) {
    return {
      ...simplifiedHeader(json),
      documents: list(json.FatturaElettronicaBody).map((body, index) => readSimplifiedBody(body, index + 1)),
    };
  }
  return {
    ...ordinaryHeader(json),
    documents: list(json.FatturaElettronicaBody).map((body, index) => readOrdinaryBody(body, index + 1)),
  };
}

/**
 * The parties, the transmission and each document's type, number and date, by the same rules as readInvoiceJson
 * but without reading lines, amounts or attachments: the server's summary of every upload (summary.ts).
 */
export function identifyInvoice(json: FatturaPAJson): InvoiceIdentity {
  const simplified = isSimplified(json);
  const bodies: readonly (BodyJson | SimplifiedBodyJson)[] = list(json.FatturaElettronicaBody);
  return {
    ...(simplified ? simplifiedHeader(json) : ordinaryHeader(json as OrdinaryInvoiceJson)),
    documents: bodies.map((body, index) =>
      identityOf(one(one(body.DatiGenerali)?.DatiGeneraliDocumento), index + 1, simplified),
    ),
  };
}

function isSimplified(json: FatturaPAJson): json is SimplifiedInvoiceJson {
  return json['@versione'] === 'FSM10';
}

type Header = Omit<InvoiceIdentity, 'documents'>;

function ordinaryHeader(json: OrdinaryInvoiceJson): Header {
  const header = one(json.FatturaElettronicaHeader);
  const customer = one(header?.CessionarioCommittente);
  return {
    format: json['@versione'],
    transmission: readTransmission(one(header?.DatiTrasmissione)),
    supplier: readSupplier(one(header?.CedentePrestatore)),
    supplierRepresentative: readRepresentative(one(header?.RappresentanteFiscale)),
    customer: readCustomer(customer),
    customerRepresentative: readRepresentative(one(customer?.RappresentanteFiscale)),
    intermediary: readRepresentative(one(header?.TerzoIntermediarioOSoggettoEmittente)),
    issuer: text(header?.SoggettoEmittente),
  };
}

function simplifiedHeader(json: SimplifiedInvoiceJson): Header {
  const header = one(json.FatturaElettronicaHeader);
  const supplier = one(header?.CedentePrestatore);
  const customer = one(header?.CessionarioCommittente);
  return {
    format: json['@versione'],
    transmission: readTransmission(one(header?.DatiTrasmissione) as Parameters<typeof readTransmission>[0]),
    supplier: readSimplifiedSupplier(supplier),
    supplierRepresentative: readRepresentative(one(supplier?.RappresentanteFiscale)),
    customer: readSimplifiedCustomer(customer),
    customerRepresentative: readRepresentative(
      one(one(customer?.AltriDatiIdentificativi)?.RappresentanteFiscale),
    ),
    intermediary: null,
    issuer: text(header?.SoggettoEmittente),
  };
}

/** DatiGeneraliDocumento's identifying part, the same in both formats. */
function identityOf(
  document: Pick<DatiGeneraliDocumentoJson, 'TipoDocumento' | 'Divisa' | 'Data' | 'Numero'> | undefined,
  index: number,
  simplified: boolean,
): DocumentIdentity {
  const currency = required(document?.Divisa);
  return {
    index,
    simplified,
    type: required(document?.TipoDocumento),
    number: required(document?.Numero),
    date: required(document?.Data),
    currency,
    foreignCurrency: currency !== '' && currency !== 'EUR',
  };
}

function adjustmentsOf(value: unknown): Adjustment[] {
  return list(value as Record<string, unknown>[] | undefined).map((adjustment) => ({
    type: required(adjustment.Tipo),
    percentage: text(adjustment.Percentuale),
    amount: text(adjustment.Importo),
  }));
}

const REFERENCE_ELEMENTS: readonly [string, ReferenceKind][] = [
  ['DatiOrdineAcquisto', 'order'],
  ['DatiContratto', 'contract'],
  ['DatiConvenzione', 'agreement'],
  ['DatiRicezione', 'receipt'],
  ['DatiFattureCollegate', 'linkedInvoice'],
];

function referencesOf(general: Record<string, unknown> | undefined): Reference[] {
  return REFERENCE_ELEMENTS.flatMap(([element, kind]) =>
    list(general?.[element] as Record<string, unknown>[] | undefined).map((reference) => ({
      kind,
      id: required(reference.IdDocumento),
      date: text(reference.Data),
      lines: texts(reference.RiferimentoNumeroLinea),
      itemNumber: text(reference.NumItem),
      jobCode: text(reference.CodiceCommessaConvenzione),
      cup: text(reference.CodiceCUP),
      cig: text(reference.CodiceCIG),
      correctedElements: null,
    })),
  );
}

/** The line's amount in the document's currency, from an AltriDatiGestionali naming it (see Line.currencyAmount). */
function currencyAmountOf(line: DettaglioLineeJson, currency: string | null): string | null {
  if (currency === null) return null;
  for (const data of list(line.AltriDatiGestionali)) {
    const amount = text(data.RiferimentoNumero);
    if (text(data.RiferimentoTesto)?.toUpperCase() === currency && parseDecimal(amount) !== null)
      return amount;
  }
  return null;
}

/** The euro value of a foreign-currency document, from the lines that give both (see Exchange). */
function exchangeOf(currency: string, lines: readonly Line[]): Exchange | null {
  const both = lines.filter((line) => line.currencyAmount !== null);
  if (both.length === 0) return null;
  const euro = both.reduce((sum, line) => add(sum, parseDecimal(line.total) ?? ZERO), ZERO);
  const foreign = both.reduce((sum, line) => add(sum, parseDecimal(line.currencyAmount) ?? ZERO), ZERO);
  const rate = divide(foreign, euro, 4);
  return { currency, euro: format(euro, 2), foreign: format(foreign, 2), rate: rate && format(rate, 4) };
}

/** `foreignCurrency`: the document's Divisa when it is not EUR, to find the lines' amounts in it. */
function lineOf(line: DettaglioLineeJson, foreignCurrency: string | null): Line {
  return {
    number: required(line.NumeroLinea),
    kind: text(line.TipoCessionePrestazione),
    codes: list(line.CodiceArticolo).map((code) => ({
      type: required(code.CodiceTipo),
      value: required(code.CodiceValore),
    })),
    description: required(line.Descrizione),
    quantity: text(line.Quantita),
    unit: text(line.UnitaMisura),
    periodStart: text(line.DataInizioPeriodo),
    periodEnd: text(line.DataFinePeriodo),
    unitPrice: text(line.PrezzoUnitario),
    adjustments: adjustmentsOf(line.ScontoMaggiorazione),
    total: required(line.PrezzoTotale),
    vatRate: text(line.AliquotaIVA),
    vatAmount: null,
    nature: text(line.Natura),
    legalReference: null,
    withholding: text(line.Ritenuta) === 'SI',
    administrationReference: text(line.RiferimentoAmministrazione),
    otherData: list(line.AltriDatiGestionali).map((data) => ({
      type: required(data.TipoDato),
      text: text(data.RiferimentoTesto),
      number: text(data.RiferimentoNumero),
      date: text(data.RiferimentoData),
    })),
    currencyAmount: currencyAmountOf(line, foreignCurrency),
  };
}

/** The stamp duty is recharged on a line of its own: same amount with Natura N1, or a line naming it. */
function stampChargedInLines(amount: string | null, lines: readonly Line[]): boolean {
  const stamp = parseDecimal(amount);
  return lines.some((line) => {
    if (/\bboll[oi]\b/i.test(line.description)) return true;
    const total = parseDecimal(line.total);
    return stamp !== null && total !== null && line.nature === 'N1' && format(total, 2) === format(stamp, 2);
  });
}

function attachmentsOf(allegati: readonly AllegatiJson[] | AllegatiJson | undefined): Attachment[] {
  return list(allegati).map((attachment) => ({
    name: required(attachment.NomeAttachment),
    compression: text(attachment.AlgoritmoCompressione),
    format: text(attachment.FormatoAttachment),
    description: text(attachment.DescrizioneAttachment),
    contentBase64: required(attachment.Attachment).replace(/\s+/g, ''),
  }));
}

function paymentsOf(body: BodyJson): PaymentTerms[] {
  return list(body.DatiPagamento).map((terms) => ({
    conditions: required(terms.CondizioniPagamento),
    details: list(terms.DettaglioPagamento).map((detail) => {
      const receiver = {
        lastName: text(detail.CognomeQuietanzante),
        firstName: text(detail.NomeQuietanzante),
        fiscalCode: text(detail.CFQuietanzante),
        title: text(detail.TitoloQuietanzante),
      };
      return {
        beneficiary: text(detail.Beneficiario),
        method: required(detail.ModalitaPagamento),
        termsStart: text(detail.DataRiferimentoTerminiPagamento),
        termsDays: text(detail.GiorniTerminiPagamento),
        due: text(detail.DataScadenzaPagamento),
        amount: required(detail.ImportoPagamento),
        postOffice: text(detail.CodUfficioPostale),
        receiver: Object.values(receiver).some((part) => part !== null) ? receiver : null,
        institution: text(detail.IstitutoFinanziario),
        iban: text(detail.IBAN),
        abi: text(detail.ABI),
        cab: text(detail.CAB),
        bic: text(detail.BIC),
        earlyPaymentDiscount: text(detail.ScontoPagamentoAnticipato),
        earlyPaymentLimit: text(detail.DataLimitePagamentoAnticipato),
        latePaymentPenalty: text(detail.PenalitaPagamentiRitardati),
        penaltyFrom: text(detail.DataDecorrenzaPenale),
        paymentCode: text(detail.CodicePagamento),
      };
    }),
  }));
}

function readOrdinaryBody(body: BodyJson, index: number): DocumentReading {
  const general = one(body.DatiGenerali);
  const document = one(general?.DatiGeneraliDocumento);
  const identity = identityOf(document, index, false);
  const goods = one(body.DatiBeniServizi);
  const foreignCurrency = identity.foreignCurrency ? identity.currency.toUpperCase() : null;
  const lines = list(goods?.DettaglioLinee).map((line) => lineOf(line, foreignCurrency));
  const vatSummary: VatSummaryRow[] = list(goods?.DatiRiepilogo).map((row) => {
    const chargeability = text(row.EsigibilitaIVA);
    return {
      rate: required(row.AliquotaIVA),
      nature: text(row.Natura),
      legalReference: text(row.RiferimentoNormativo),
      incidentalCosts: text(row.SpeseAccessorie),
      rounding: text(row.Arrotondamento),
      taxable: required(row.ImponibileImporto),
      tax: required(row.Imposta),
      chargeability,
      splitPayment: chargeability === 'S',
    };
  });
  const bollo = one(document?.DatiBollo);
  const stampAmount = text(bollo?.ImportoBollo);
  const stamp: Stamp | null = bollo
    ? {
        virtual: text(bollo.BolloVirtuale) === 'SI',
        amount: stampAmount,
        chargedInLines: stampChargedInLines(stampAmount, lines),
      }
    : null;
  const reading: Omit<DocumentReading, 'reconciliation'> = {
    ...identity,
    reasons: texts(document?.Causale),
    art73: text(document?.Art73) === 'SI',
    references: referencesOf(general as Record<string, unknown> | undefined),
    deliveryNotes: list(general?.DatiDDT).map((ddt) => ({
      number: required(ddt.NumeroDDT),
      date: required(ddt.DataDDT),
      lines: texts(ddt.RiferimentoNumeroLinea),
    })),
    progressPhases: list(general?.DatiSAL).flatMap((sal) => texts(sal.RiferimentoFase)),
    mainInvoice: (() => {
      const main = one(general?.FatturaPrincipale);
      return main
        ? { number: required(main.NumeroFatturaPrincipale), date: required(main.DataFatturaPrincipale) }
        : null;
    })(),
    lines,
    adjustments: adjustmentsOf(document?.ScontoMaggiorazione),
    vatSummary,
    withholdings: list(document?.DatiRitenuta).map((withholding) => ({
      type: required(withholding.TipoRitenuta),
      rate: required(withholding.AliquotaRitenuta),
      amount: required(withholding.ImportoRitenuta),
      paymentReason: required(withholding.CausalePagamento),
    })),
    funds: list(document?.DatiCassaPrevidenziale).map((fund) => ({
      type: required(fund.TipoCassa),
      rate: required(fund.AlCassa),
      amount: required(fund.ImportoContributoCassa),
      taxableBase: text(fund.ImponibileCassa),
      vatRate: required(fund.AliquotaIVA),
      nature: text(fund.Natura),
      withholding: text(fund.Ritenuta) === 'SI',
      administrationReference: text(fund.RiferimentoAmministrazione),
    })),
    stamp,
    rounding: text(document?.Arrotondamento),
    exchange: identity.foreignCurrency ? exchangeOf(identity.currency, lines) : null,
    declaredTotal: text(document?.ImportoTotaleDocumento),
    payments: paymentsOf(body),
    attachments: attachmentsOf(body.Allegati),
    simplifiedTotal: null,
  };
  return { ...reading, reconciliation: reconcile(reading) };
}

function readSimplifiedBody(body: SimplifiedBodyJson, index: number): DocumentReading {
  const general = one(body.DatiGenerali);
  const document = one(general?.DatiGeneraliDocumento);
  const corrected = one(general?.DatiFatturaRettificata);
  const items = list(body.DatiBeniServizi);
  const lines: Line[] = items.map((item, position) => {
    const vat = one(item.DatiIVA);
    return {
      number: String(position + 1),
      kind: null,
      codes: [],
      description: required(item.Descrizione),
      quantity: null,
      unit: null,
      periodStart: null,
      periodEnd: null,
      unitPrice: null,
      adjustments: [],
      total: required(item.Importo),
      vatRate: text(vat?.Aliquota),
      vatAmount: text(vat?.Imposta),
      nature: text(item.Natura),
      legalReference: text(item.RiferimentoNormativo),
      withholding: false,
      administrationReference: null,
      otherData: [],
      currencyAmount: null,
    };
  });
  const total = lines.reduce((sum, line) => add(sum, parseDecimal(line.total) ?? ZERO), ZERO);
  return {
    ...identityOf(document, index, true),
    reasons: [],
    art73: false,
    references: corrected
      ? [
          {
            kind: 'correctedInvoice',
            id: required(corrected.NumeroFR),
            date: text(corrected.DataFR),
            lines: [],
            itemNumber: null,
            jobCode: null,
            cup: null,
            cig: null,
            correctedElements: text(corrected.ElementiRettificati),
          },
        ]
      : [],
    deliveryNotes: [],
    progressPhases: [],
    mainInvoice: null,
    lines,
    adjustments: [],
    vatSummary: [],
    withholdings: [],
    funds: [],
    stamp:
      text(document?.BolloVirtuale) === 'SI' ? { virtual: true, amount: null, chargedInLines: false } : null,
    rounding: null,
    exchange: null,
    declaredTotal: null,
    payments: [],
    attachments: attachmentsOf(body.Allegati),
    reconciliation: null,
    simplifiedTotal: format(total, 2),
  };
}
