/**
 * The integration or self-invoice a reverse-charge purchase needs (TD16–TD19), from the received invoice: which
 * one (selfInvoiceKind), then the draft the composer opens (selfInvoiceDraft), in from-invoice.ts's way.
 *
 * - TD16: a domestic reverse charge, the Italian supplier's lines with Natura N6.x (art. 17 c. 5–6, art. 74 c. 7–8
 *   DPR 633/72): the buyer integrates the VAT of those lines.
 * - TD17: services bought from a supplier established abroad (art. 17 c. 2; EU or not).
 * - TD18: goods bought from an EU supplier (intra-EU acquisition, artt. 46–47 D.L. 331/93).
 * - TD19: goods bought in Italy from a supplier not established here (art. 17 c. 2), outside the EU (or from San
 *   Marino, the Vatican): imports proper go through customs, not through SdI.
 *
 * The file is filled in as the Agenzia delle Entrate's compilation guide and SdI's controls want it
 * (document-type-rules.ts): CedentePrestatore is the supplier of the purchase (a foreign one with its foreign
 * IdFiscaleIVA, which 00473 requires for TD17–TD19), CessionarioCommittente the buyer that writes and sends the
 * file, with its IdFiscaleIVA (00475), never the same subject (00471). SoggettoEmittente is CC (the customer fills
 * it in) and IdTrasmittente is the buyer, not the supplier the composer would otherwise derive it from. SdI
 * delivers the document to its CessionarioCommittente, so the default CodiceDestinatario is 0000000 (the buyer's
 * own reserved area, or the channel it registered); `options.delivery` names its channel. DatiFattureCollegate
 * carries the received invoice's number and date. Each line carries the taxable amount (the received line's
 * PrezzoTotale, or a summary row's ImponibileImporto) at the rate the purchase bears, 22 % unless said, and the
 * composer computes the VAT. Number and date are the composer's to propose (its numbering); a date can be given.
 */
import { documentTypeRule } from '../document-type-rules.ts';
import { calendarDate } from '../reading/values.ts';
import type { Address, DocumentReading, InvoiceReading, Party } from '../reading/types.ts';
import { divide } from '../sdi-checks/decimal.ts';
import { emptyDraft, emptyLine } from './draft.ts';
import type {
  DraftAddress,
  DraftDelivery,
  DraftLine,
  DraftParty,
  DraftReference,
  DraftSupplier,
  InvoiceDraft,
} from './draft.ts';
import { money, parseTyped } from './numbers.ts';

export type SelfInvoiceKind = 'TD16' | 'TD17' | 'TD18' | 'TD19';

/** Why a document needs a self-invoice, or why it does not. */
export type SelfInvoiceReason =
  /** TD16: the Italian supplier's lines or summaries carry Natura N6.x. */
  | 'domestic-reverse-charge'
  /** TD17: services from a supplier established abroad. */
  | 'foreign-services'
  /** TD18: goods from a supplier in another EU country. */
  | 'eu-goods'
  /** TD19: goods from a supplier outside the EU. */
  | 'non-eu-goods'
  /** A foreign supplier, and the file does not tell goods from services: the user chooses among `candidates`. */
  | 'foreign-goods-or-services'
  /** None needed: an Italian supplier that charged VAT (no N6.x). */
  | 'no-reverse-charge'
  /** None: the own company is not the document's customer. */
  | 'not-own-purchase'
  /** None: the document is itself filled in by the buyer (an integration, a self-invoice, a TD29 report). */
  | 'issued-by-customer'
  /** None here: a credit or debit note; its integration is left to the user. */
  | 'variation-note'
  /** None: a simplified invoice (FSM10) has no reverse charge. */
  | 'simplified'
  /** No document at that position. */
  | 'no-document';

export interface SelfInvoiceNeed {
  /** The type to write; null when none is needed, or when the user must choose among `candidates`. */
  kind: SelfInvoiceKind | null;
  /** The types that fit: [kind] when decided, two when goods and services cannot be told apart, [] for none. */
  candidates: SelfInvoiceKind[];
  reason: SelfInvoiceReason;
}

/** What identifies the own company (the composer's supplier profile has both). */
export type OwnCompanyIds = Pick<DraftParty, 'vat' | 'fiscalCode'>;

/**
 * EU member states by IdPaese (ISO 3166-1; Greece also as EL, its VAT prefix), and XI: Northern Ireland stays in
 * the EU's VAT area for goods.
 */
const EU_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]); // prettier-ignore

const REVERSE_CHARGE = /^N6(\.\d)?$/;

function normalized(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, '').toUpperCase();
}

/** "IT01234567890" of a draft party's VAT number; '' without one. */
function vatText(vat: { country: string; code: string }): string {
  const code = normalized(vat.code);
  return code === '' ? '' : `${normalized(vat.country) || 'IT'}${code}`;
}

/** The party is the own company: same VAT number, or same fiscal code (a company's is its VAT digits). */
export function isOwnCompany(party: Party, own: OwnCompanyIds): boolean {
  const ownVat = vatText(own.vat);
  const ownCodes = new Set(
    [normalized(own.fiscalCode), ownVat.startsWith('IT') ? ownVat.slice(2) : ''].filter(Boolean),
  );
  if (ownVat !== '' && normalized(party.vat) === ownVat) return true;
  const fiscalCode = normalized(party.fiscalCode);
  return fiscalCode !== '' && ownCodes.has(fiscalCode);
}

/** The supplier's country: its VAT number's IdPaese, else its address's. */
function countryOf(party: Party): string {
  const vat = normalized(party.vat);
  if (vat.length >= 2) return vat.slice(0, 2);
  return normalized(party.address?.country) || 'IT';
}

/** A line, a VAT summary or a fund contribution carries a reverse-charge nature (N6.x). */
function hasReverseCharge(document: DocumentReading): boolean {
  return (
    document.lines.some((line) => REVERSE_CHARGE.test(line.nature ?? '')) ||
    document.vatSummary.some((row) => REVERSE_CHARGE.test(row.nature ?? '')) ||
    document.funds.some((fund) => REVERSE_CHARGE.test(fund.nature ?? ''))
  );
}

/** Natures a seller writes for goods only: exports (N3.1), intra-EU supplies (N3.2), supplies to San Marino (N3.3). */
const GOODS_NATURES = new Set(['N3.1', 'N3.2', 'N3.3']);
/** Customs and statistical codes name goods (TARIC, the Combined Nomenclature, HS, Intrastat). */
const GOODS_CODE = /^(TARIC|NC|CN|HS|INTRA)/i;

/**
 * Goods or services, as far as the file tells: delivery notes, goods-only natures or customs codes say goods; a
 * service period (DataInizioPeriodo/DataFinePeriodo) or N2.1 (outside the territory, artt. 7–7-septies: in practice
 * services) says services. Both, or neither, is null: the user decides.
 */
function goodsOrServices(document: DocumentReading): 'goods' | 'services' | null {
  const goods =
    document.deliveryNotes.length > 0 ||
    document.lines.some(
      (line) =>
        GOODS_NATURES.has(line.nature ?? '') || line.codes.some((code) => GOODS_CODE.test(code.type.trim())),
    );
  const services = document.lines.some(
    (line) => line.periodStart !== null || line.periodEnd !== null || line.nature === 'N2.1',
  );
  if (goods === services) return null;
  return goods ? 'goods' : 'services';
}

function need(reason: SelfInvoiceReason, candidates: SelfInvoiceKind[] = []): SelfInvoiceNeed {
  return { kind: candidates.length === 1 ? (candidates[0] ?? null) : null, candidates, reason };
}

/**
 * Which self-invoice document `documentIndex` (1-based) of a received file needs, for the own company, with the
 * reason. A foreign supplier's file that does not tell goods from services gives both candidates.
 */
export function selfInvoiceKind(
  reading: InvoiceReading,
  documentIndex: number,
  ownCompany: OwnCompanyIds,
): SelfInvoiceNeed {
  const document = reading.documents[documentIndex - 1];
  if (document === undefined) return need('no-document');
  if (document.simplified) return need('simplified');
  if (!isOwnCompany(reading.customer, ownCompany) || isOwnCompany(reading.supplier, ownCompany))
    return need('not-own-purchase');
  const rule = documentTypeRule(document.type);
  if (rule !== undefined && rule.issuedBy !== 'supplier') return need('issued-by-customer');
  if (rule?.note) return need('variation-note');

  const country = countryOf(reading.supplier);
  if (country === 'IT')
    return hasReverseCharge(document) ? need('domestic-reverse-charge', ['TD16']) : need('no-reverse-charge');
  const goodsKind: SelfInvoiceKind = EU_COUNTRIES.has(country) ? 'TD18' : 'TD19';
  switch (goodsOrServices(document)) {
    case 'services':
      return need('foreign-services', ['TD17']);
    case 'goods':
      return need(goodsKind === 'TD18' ? 'eu-goods' : 'non-eu-goods', [goodsKind]);
    default:
      return need('foreign-goods-or-services', ['TD17', goodsKind]);
  }
}

export interface SelfInvoiceOptions {
  /** AliquotaIVA the purchase bears, written on every line: '22.00' by default; the user may change it after. */
  vatRate?: string;
  /** Data of the self-invoice (YYYY-MM-DD); '' (default) leaves it to the composer, like the number. */
  date?: string;
  /**
   * How SdI delivers the document to the own company: its channel ('code' with its 7-character code, or 'pec');
   * default 0000000 without PEC (the own reserved area, or the channel the company registered with SdI).
   */
  delivery?: DraftDelivery;
  /**
   * Units of the document's currency for one euro, for a received document whose amounts are not in euro: the
   * amounts are converted and the self-invoice is in euro. Without it, such a document keeps its currency and its
   * amounts, for the user to convert. A document that gives euro values beside the currency ones (the reading's
   * Exchange) needs none.
   */
  exchangeRate?: string;
  /**
   * 'lines' (default): one line per received line (TD16: its N6.x lines), with its description and PrezzoTotale.
   * 'summary': one line per VAT summary row (TD16: its N6.x rows), with its ImponibileImporto — which also holds
   * fund contributions and roundings the lines do not.
   */
  detail?: 'lines' | 'summary';
}

const CAUSALE: Record<SelfInvoiceKind, string> = {
  TD16: 'Integrazione per inversione contabile (reverse charge interno)',
  TD17: "Integrazione/autofattura per acquisto di servizi dall'estero (art. 17 c. 2 DPR 633/72)",
  TD18: 'Integrazione per acquisto intracomunitario di beni (artt. 46 e 47 DL 331/93)',
  TD19: 'Integrazione/autofattura per acquisto di beni (art. 17 c. 2 DPR 633/72)',
};

function italianDate(date: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (date ?? '');
}

function draftAddress(address: Address | null, foreign: boolean): DraftAddress {
  const country = address?.country || (foreign ? '' : 'IT');
  const postcode = address?.postcode ?? '';
  const province = address?.province ?? '';
  return {
    street: address?.street ?? '',
    number: address?.streetNumber ?? '',
    // CAP is five digits in the schema; a foreign address without one is written 00000.
    postcode: foreign && !/^\d{5}$/.test(postcode) ? '00000' : postcode,
    town: address?.town ?? '',
    province: foreign && !/^[A-Z]{2}$/.test(province) ? '' : province,
    country,
  };
}

/** The supplier of the purchase as the self-invoice's CedentePrestatore. */
function supplierOf(party: Party, country: string): DraftSupplier {
  const foreign = country !== 'IT';
  const vat = normalized(party.vat);
  return {
    name: party.denomination ?? '',
    firstName: party.denomination === null ? (party.firstName ?? '') : '',
    lastName: party.denomination === null ? (party.lastName ?? '') : '',
    title: party.title ?? '',
    eori: party.eori ?? '',
    // A foreign subject without a VAT number is identified by its country and a conventional code.
    vat:
      vat.length > 2
        ? { country: vat.slice(0, 2), code: (party.vat ?? '').trim().slice(2).trim() }
        : { country, code: foreign ? '99999999999' : '' },
    // An Italian codice fiscale only: SdI checks its form (00302).
    fiscalCode: foreign ? '' : (party.fiscalCode ?? ''),
    address: draftAddress(party.address, foreign),
    permanentEstablishment: null,
    // RF18 ("altro") for a foreign supplier whose scheme the file does not give.
    regime: party.fiscalRegime ?? (foreign ? 'RF18' : 'RF01'),
    rea: null,
    professionalRegister: null,
    contacts: null,
    administrationReference: '',
  };
}

/**
 * The amounts of the received document in the self-invoice's currency: as written when it is in euro (or gives
 * euro values beside the currency), divided by the rate of exchange when one is given.
 */
function converter(
  document: DocumentReading,
  options: SelfInvoiceOptions,
): {
  currency: string;
  amount: (value: string) => string;
} {
  const inEuro = !document.foreignCurrency || document.exchange !== null;
  const rate = parseTyped(options.exchangeRate);
  if (inEuro || rate === null || rate.units <= 0n)
    return { currency: inEuro ? 'EUR' : document.currency, amount: (value) => value };
  return {
    currency: 'EUR',
    amount: (value) => {
      const parsed = parseTyped(value);
      const euro = parsed === null ? null : divide(parsed, rate, 2);
      return euro === null ? value : money(euro);
    },
  };
}

/**
 * The draft of the self-invoice `kind` for document `documentIndex` (1-based) of a received file, bought by the own
 * company (its composer profile: name, identifiers and address become the CessionarioCommittente). Throws a
 * RangeError for a position with no document or a simplified invoice.
 */
export function selfInvoiceDraft(
  reading: InvoiceReading,
  documentIndex: number,
  kind: SelfInvoiceKind,
  ownCompany: DraftSupplier,
  options: SelfInvoiceOptions = {},
): InvoiceDraft {
  const document = reading.documents[documentIndex - 1];
  if (document === undefined) throw new RangeError(`no document ${documentIndex} in the file`);
  if (document.simplified) throw new RangeError('a simplified invoice (FSM10) has no reverse charge');
  const draft = emptyDraft(options.date ?? '');
  const supplierCountry = countryOf(reading.supplier);

  draft.transmission.transmitter = {
    country: 'IT',
    code: normalized(ownCompany.fiscalCode) || normalized(ownCompany.vat.code),
  };
  draft.supplier = supplierOf(reading.supplier, supplierCountry);
  draft.customer = {
    name: ownCompany.name,
    firstName: ownCompany.firstName,
    lastName: ownCompany.lastName,
    title: ownCompany.title,
    eori: ownCompany.eori,
    vat: { ...ownCompany.vat },
    fiscalCode: ownCompany.fiscalCode,
    address: { ...ownCompany.address },
    permanentEstablishment: null,
    delivery: options.delivery ? { ...options.delivery } : { channel: 'none', code: '', pec: '' },
    representative: null,
  };
  draft.issuer = 'CC';

  const { currency, amount } = converter(document, options);
  const date = calendarDate(document.date) ?? document.date;
  const reference = `fattura n. ${document.number} del ${italianDate(date)} di ${reading.supplier.name}`;
  draft.document = {
    ...draft.document,
    type: kind,
    currency,
    // One text in Causale's 200-character pieces, as the composer edits it (the pieces are read as one).
    reasons: `${CAUSALE[kind]}. Rif. ${reference}`.match(/[\s\S]{1,200}/g) ?? [],
  };
  draft.references = [
    {
      kind: 'linkedInvoice',
      id: document.number,
      date,
      lines: [],
      itemNumber: '',
      jobCode: '',
      cup: '',
      cig: '',
    } satisfies DraftReference,
  ];

  const vatRate = options.vatRate ?? '22.00';
  const integrated = (nature: string | null) => kind !== 'TD16' || REVERSE_CHARGE.test(nature ?? '');
  const line = (partial: Partial<DraftLine>): DraftLine => ({ ...emptyLine(), vatRate, ...partial });
  const fromLines = document.lines
    .filter((l) => integrated(l.nature))
    .map((l) => line({ kind: l.kind ?? '', description: l.description, unitPrice: amount(l.total) }));
  const fromSummary = document.vatSummary
    .filter((row) => integrated(row.nature))
    .map((row) =>
      line({
        description: `Imponibile ${row.nature ?? `al ${row.rate}%`} - ${reference}`,
        unitPrice: amount(row.taxable),
      }),
    );
  // The summary when asked, or when no line qualifies (an N6.x that only a fund contribution carries).
  draft.lines = options.detail === 'summary' || fromLines.length === 0 ? fromSummary : fromLines;
  if (draft.lines.length === 0) draft.lines = [line({ description: reference })];

  // Nothing to pay or stamp: the VAT is the buyer's own, and the integration carries VAT.
  draft.stamp = { mode: 'no', amount: '' };
  draft.payments = [];
  return draft;
}
