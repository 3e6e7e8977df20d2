/**
 * What the user types to write an invoice: plain data (strings, booleans, arrays, objects), JSON-serialisable so
 * a draft can be saved and reopened. Conventions:
 *
 * - Every text and amount is a string as typed; '' means "not given" and the element is left out.
 * - Amounts, quantities and rates are plain decimals ("2500.00", "12.5"): the composer's inputs read what the
 *   user types the UI language's way (typed/number.ts: "2.500,00" in Italian) and keep what they understood.
 *   A single comma is still read as the decimal separator ("12,50"), as drafts saved before kept the typed text.
 * - Dates are ISO ("2026-11-27"), typed day first (typed/date.ts).
 * - Nothing computed is stored here: PrezzoTotale, DatiRiepilogo, Imposta, ImportoRitenuta,
 *   ImportoContributoCassa, ImportoTotaleDocumento and FormatoTrasmissione come from totals.ts / to-invoice.ts.
 *   The only amounts a draft may hold are the user's choices (a payment instalment, a fund's base, the stamp).
 *
 * One draft is one document (FatturaElettronicaBody); a lotto opens as one draft per body (from-invoice.ts).
 */
import { documentTypeRule } from '../document-type-rules.ts';
import type { DatiGeneraliJson } from '../model/json-types.ts';

/** DatiTrasporto in the model's JSON shape. */
export type DatiTrasportoJson = NonNullable<DatiGeneraliJson['DatiTrasporto']>;

export interface DraftAddress {
  street: string;
  /** NumeroCivico. */
  number: string;
  postcode: string;
  town: string;
  /** Two letters, Italian addresses only. */
  province: string;
  /** ISO 3166-1 alpha-2; 'IT' by default. */
  country: string;
}

export interface DraftVat {
  /** IdPaese, e.g. 'IT'. */
  country: string;
  /** IdCodice: 11 digits for Italy. */
  code: string;
}

/** Anagrafica plus identifiers; Denominazione (`name`) or Nome + Cognome (`firstName`, `lastName`). */
export interface DraftParty {
  name: string;
  firstName: string;
  lastName: string;
  /** Titolo ("Dott."), CodEORI. */
  title: string;
  eori: string;
  /** Both '' when the party has no VAT number (a consumer identified by the fiscal code). */
  vat: DraftVat;
  fiscalCode: string;
}

export interface DraftRegisterEntry {
  /** Ufficio: province of the register office. */
  office: string;
  number: string;
  shareCapital: string;
  /** SU one shareholder, SM several, '' not stated. */
  soleShareholder: '' | 'SU' | 'SM';
  /** LS in liquidation, LN not. */
  liquidation: 'LS' | 'LN';
}

export interface DraftContacts {
  phone: string;
  fax: string;
  email: string;
}

export interface DraftProfessionalRegister {
  name: string;
  province: string;
  number: string;
  date: string;
}

export interface DraftSupplier extends DraftParty {
  address: DraftAddress;
  permanentEstablishment: DraftAddress | null;
  /** RegimeFiscale RF01…RF20 (RF01 ordinary, RF19 flat-rate "forfettario"). */
  regime: string;
  rea: DraftRegisterEntry | null;
  professionalRegister: DraftProfessionalRegister | null;
  contacts: DraftContacts | null;
  /** RiferimentoAmministrazione. */
  administrationReference: string;
}

/**
 * How SdI delivers the invoice:
 * - 'code': a 7-character CodiceDestinatario of a registered channel (PEC may be added);
 * - 'pec': CodiceDestinatario 0000000 with PECDestinatario;
 * - 'pa': a public administration's 6-character office code (IPA); the document becomes FPA12;
 * - 'foreign': a customer not established in Italy, CodiceDestinatario XXXXXXX;
 * - 'none': 0000000 without PEC (consumers, unknown channel: the invoice goes to the reserved area).
 */
export type DeliveryChannel = 'code' | 'pec' | 'pa' | 'foreign' | 'none';

export interface DraftDelivery {
  channel: DeliveryChannel;
  /** The 7-character ('code') or 6-character ('pa') code; ignored for the other channels. */
  code: string;
  pec: string;
}

export interface DraftCustomer extends DraftParty {
  address: DraftAddress;
  permanentEstablishment: DraftAddress | null;
  delivery: DraftDelivery;
  /** RappresentanteFiscale of the customer (no address). */
  representative: DraftParty | null;
}

export interface DraftTransmission {
  /** IdTrasmittente; '' country and code mean "the supplier" (its fiscal code, else its VAT number). */
  transmitter: DraftVat;
  /** ProgressivoInvio, up to 10 characters. */
  progressive: string;
  contacts: { phone: string; email: string } | null;
}

export interface DraftDocument {
  /** TipoDocumento TD01…TD29 (TD01 invoice, TD04 credit note, TD05 debit note, TD06 fee note, TD24 deferred). */
  type: string;
  /** YYYY-MM-DD. */
  date: string;
  number: string;
  /** Divisa, 'EUR' by default. */
  currency: string;
  /** Causale, one entry per element (each up to 200 characters). */
  reasons: string[];
  /** Art73 = SI. */
  art73: boolean;
  /**
   * ImportoTotaleDocumento typed over the computed one ('' = computed, the usual case). Opening a file sets it
   * only when the file declares another of the readings producers use (e.g. net of the withholdings).
   */
  declaredTotal: string;
  /** Leave ImportoTotaleDocumento out (it is optional in the schema); set when opening a file without it. */
  omitTotal: boolean;
}

export type DraftReferenceKind = 'order' | 'contract' | 'agreement' | 'receipt' | 'linkedInvoice';

/** DatiOrdineAcquisto, DatiContratto, DatiConvenzione, DatiRicezione, DatiFattureCollegate. */
export interface DraftReference {
  kind: DraftReferenceKind;
  /** IdDocumento. */
  id: string;
  date: string;
  /** RiferimentoNumeroLinea: line numbers (1-based); empty for the whole document. */
  lines: string[];
  itemNumber: string;
  /** CodiceCommessaConvenzione. */
  jobCode: string;
  cup: string;
  cig: string;
}

/** DatiDDT (deferred invoices TD24). */
export interface DraftDeliveryNote {
  number: string;
  date: string;
  lines: string[];
}

/** ScontoMaggiorazione: SC discount, MG surcharge; a percentage of the running price or an amount. */
export interface DraftAdjustment {
  type: 'SC' | 'MG';
  percentage: string;
  amount: string;
}

export interface DraftLine {
  /** TipoCessionePrestazione: '' or SC, PR, AB, AC. */
  kind: string;
  codes: { type: string; value: string }[];
  description: string;
  /** '' for a line without quantity (taken as 1). */
  quantity: string;
  unit: string;
  periodStart: string;
  periodEnd: string;
  unitPrice: string;
  adjustments: DraftAdjustment[];
  /** AliquotaIVA; '0' (or '') with a `nature` for a line without VAT. */
  vatRate: string;
  /** Natura N1…N7 with sub-codes (N2.1, N3.5, N6.3, …). */
  nature: string;
  /** RiferimentoNormativo, written on the VAT summary of the line's rate/nature. */
  legalReference: string;
  /** Ritenuta = SI: the line is subject to the withholdings. */
  withholding: boolean;
  administrationReference: string;
  otherData: { type: string; text: string; number: string; date: string }[];
}

/** DatiRitenuta. The amount is computed: rate × basePercent × (lines marked `withholding` + funds subject to it). */
export interface DraftWithholding {
  /** TipoRitenuta RT01…RT06 (RT01 persons, RT02 companies, RT03 INPS, RT04 ENASARCO, RT05 ENPAM, RT06 other). */
  type: string;
  /** AliquotaRitenuta. */
  rate: string;
  /** CausalePagamento (CU model: A professional fees, …). */
  reason: string;
  /** Share of the base that is subject, in percent ('' = 100; e.g. 50 for agents' commissions). */
  basePercent: string;
  /**
   * ImportoRitenuta typed over the computed one ('' = computed). For the cases the rule cannot know (each
   * withholding on its own subset of lines); opening a file sets it only when the file's amount differs.
   */
  amount: string;
}

/** DatiCassaPrevidenziale. The contribution is computed: rate × base. */
export interface DraftFund {
  /** TipoCassa TC01…TC22 (TC22 INPS gestione separata, TC07 ENASARCO). */
  type: string;
  /** AlCassa. */
  rate: string;
  /** ImponibileCassa: '' = the sum of the line totals, not written in the file. */
  base: string;
  /** AliquotaIVA of the contribution; '0' with a `nature`. */
  vatRate: string;
  nature: string;
  /** RiferimentoNormativo for the summary of the fund's nature when no line gives one. */
  legalReference: string;
  /** Ritenuta = SI: the contribution is subject to the withholdings. */
  withholding: boolean;
  administrationReference: string;
}

/**
 * DatiBollo. 'auto' applies the stamp duty when the totals' rule says it is due (see totals.ts), 'yes' always,
 * 'no' never. `amount` '' means 2.00.
 */
export interface DraftStamp {
  mode: 'auto' | 'yes' | 'no';
  amount: string;
}

export interface DraftPaymentDetail {
  beneficiary: string;
  /** ModalitaPagamento MP01…MP23 (MP05 bank transfer, MP01 cash, MP08 card, MP12 RIBA, MP19 SEPA DD…). */
  method: string;
  termsStart: string;
  termsDays: string;
  /** DataScadenzaPagamento. */
  due: string;
  /** ImportoPagamento; '' = proposed (the net to pay, less the amounts typed in the other details). */
  amount: string;
  institution: string;
  iban: string;
  abi: string;
  cab: string;
  bic: string;
  earlyPaymentDiscount: string;
  earlyPaymentLimit: string;
  latePaymentPenalty: string;
  penaltyFrom: string;
  paymentCode: string;
}

export interface DraftPayment {
  /** CondizioniPagamento: TP01 instalments, TP02 complete payment, TP03 advance. */
  conditions: string;
  details: DraftPaymentDetail[];
}

export interface DraftAttachment {
  name: string;
  compression: string;
  format: string;
  description: string;
  /** Base64 content. */
  contentBase64: string;
}

/** EsigibilitaIVA of the VAT summaries: I immediate, D deferred, S split payment (PA); '' not written. */
export type DraftChargeability = '' | 'I' | 'D' | 'S';

export interface InvoiceDraft {
  /** Version of this shape, for saved drafts. */
  draftVersion: 1;
  transmission: DraftTransmission;
  supplier: DraftSupplier;
  /** RappresentanteFiscale of the supplier. */
  supplierRepresentative: DraftParty | null;
  customer: DraftCustomer;
  /** TerzoIntermediarioOSoggettoEmittente and SoggettoEmittente (CC customer, TZ third party). */
  intermediary: DraftParty | null;
  issuer: '' | 'CC' | 'TZ';
  document: DraftDocument;
  references: DraftReference[];
  deliveryNotes: DraftDeliveryNote[];
  /** DatiTrasporto, carried as the model's JSON: the composer does not edit it. */
  transport: DatiTrasportoJson | null;
  lines: DraftLine[];
  /** Document-level ScontoMaggiorazione (an amount lowers the total, not the VAT base). */
  documentAdjustments: DraftAdjustment[];
  withholdings: DraftWithholding[];
  funds: DraftFund[];
  stamp: DraftStamp;
  chargeability: DraftChargeability;
  payments: DraftPayment[];
  attachments: DraftAttachment[];
}

export function emptyAddress(): DraftAddress {
  return { street: '', number: '', postcode: '', town: '', province: '', country: 'IT' };
}

export function emptyParty(): DraftParty {
  return {
    name: '',
    firstName: '',
    lastName: '',
    title: '',
    eori: '',
    vat: { country: 'IT', code: '' },
    fiscalCode: '',
  };
}

export function emptyLine(): DraftLine {
  return {
    kind: '',
    codes: [],
    description: '',
    quantity: '',
    unit: '',
    periodStart: '',
    periodEnd: '',
    unitPrice: '',
    adjustments: [],
    vatRate: '22.00',
    nature: '',
    legalReference: '',
    withholding: false,
    administrationReference: '',
    otherData: [],
  };
}

export function emptyPaymentDetail(): DraftPaymentDetail {
  return {
    beneficiary: '',
    method: 'MP05',
    termsStart: '',
    termsDays: '',
    due: '',
    amount: '',
    institution: '',
    iban: '',
    abi: '',
    cab: '',
    bic: '',
    earlyPaymentDiscount: '',
    earlyPaymentLimit: '',
    latePaymentPenalty: '',
    penaltyFrom: '',
    paymentCode: '',
  };
}

/** A new draft: an FPR12 TD01 in EUR dated `today`, one empty line, stamp duty decided by the rule. */
export function emptyDraft(today = ''): InvoiceDraft {
  return {
    draftVersion: 1,
    transmission: { transmitter: { country: '', code: '' }, progressive: '', contacts: null },
    supplier: {
      ...emptyParty(),
      address: emptyAddress(),
      permanentEstablishment: null,
      regime: 'RF01',
      rea: null,
      professionalRegister: null,
      contacts: null,
      administrationReference: '',
    },
    supplierRepresentative: null,
    customer: {
      ...emptyParty(),
      address: emptyAddress(),
      permanentEstablishment: null,
      delivery: { channel: 'none', code: '', pec: '' },
      representative: null,
    },
    intermediary: null,
    issuer: '',
    document: {
      type: 'TD01',
      date: today,
      number: '',
      currency: 'EUR',
      reasons: [],
      art73: false,
      declaredTotal: '',
      omitTotal: false,
    },
    references: [],
    deliveryNotes: [],
    transport: null,
    lines: [emptyLine()],
    documentAdjustments: [],
    withholdings: [],
    funds: [],
    stamp: { mode: 'auto', amount: '' },
    chargeability: '',
    payments: [],
    attachments: [],
  };
}

/** A simplified invoice or note (TD07–TD09), written in the FSM10 format. */
export function isSimplifiedDraft(draft: InvoiceDraft): boolean {
  return documentTypeRule(draft.document.type)?.format === 'simplified';
}

/**
 * FSM10 for the simplified types (TD07–TD09); else FPA12 when the customer is a public administration's office
 * code, else FPR12.
 */
export function transmissionFormat(draft: InvoiceDraft): 'FPA12' | 'FPR12' | 'FSM10' {
  if (isSimplifiedDraft(draft)) return 'FSM10';
  return draft.customer.delivery.channel === 'pa' ? 'FPA12' : 'FPR12';
}
