/**
 * One typed reading of a FatturaPA file: every element of fiscal weight, per document (a lotto of several
 * invoices is several documents), with the amounts as the file writes them. Amounts are plain decimal strings
 * ("1234.50", never a float); what the file leaves out is null, never an empty string or a zero.
 */

/** A plain decimal string in its lexical form: "1234.50", "-3.00", "22.00". */
export type Amount = string;

export interface Address {
  street: string;
  /** NumeroCivico. */
  streetNumber: string | null;
  postcode: string;
  town: string;
  province: string | null;
  country: string;
  /** The address on one line, as printed on an invoice: "Via Roma 1, 00100 Roma (RM), IT". */
  text: string;
}

/** IscrizioneREA: the company register entry. */
export interface RegisterEntry {
  /** Province of the register office. */
  office: string;
  number: string;
  shareCapital: Amount | null;
  /** SU: one shareholder, SM: several. */
  soleShareholder: 'SU' | 'SM' | string | null;
  /** LS: in liquidation, LN: not. */
  liquidation: 'LS' | 'LN' | string;
}

/** Albo professionale of a professional supplier. */
export interface ProfessionalRegister {
  name: string;
  province: string | null;
  number: string | null;
  date: string | null;
}

export interface Contacts {
  phone: string | null;
  fax: string | null;
  email: string | null;
}

/**
 * A subject of the invoice: supplier, customer, a fiscal representative or the third-party issuer. Only the
 * supplier has a fiscal regime, register entries and an Albo; representatives have no address.
 */
export interface Party {
  /** The one party-name rule: Denominazione, else "Nome Cognome" (see partyName). Empty when neither. */
  name: string;
  denomination: string | null;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  eori: string | null;
  /** Country code and number together: "IT01234567890". */
  vat: string | null;
  fiscalCode: string | null;
  address: Address | null;
  /** StabileOrganizzazione: the Italian permanent establishment of a foreign party. */
  permanentEstablishment: Address | null;
  /** RegimeFiscale (RF01…RF20), supplier only. */
  fiscalRegime: string | null;
  rea: RegisterEntry | null;
  professionalRegister: ProfessionalRegister | null;
  contacts: Contacts | null;
  /** RiferimentoAmministrazione of the supplier. */
  administrationReference: string | null;
}

/** IdFiscaleIVA or IdTrasmittente: the country upper-cased, the code as written. */
export interface FiscalId {
  country: string;
  code: string;
}

export interface Transmission {
  /** IdTrasmittente. */
  transmitter: FiscalId | null;
  /** ProgressivoInvio. */
  progressive: string | null;
  /** FormatoTrasmissione: FPA12, FPR12 or FSM10. */
  format: string | null;
  /** CodiceDestinatario: 6 characters for a public administration, 7 otherwise, 0000000 for PEC or none. */
  recipientCode: string | null;
  /** PECDestinatario. */
  pec: string | null;
  contacts: Contacts | null;
}

/** ScontoMaggiorazione, on a line or on the whole document. SC is a discount, MG a surcharge. */
export interface Adjustment {
  type: 'SC' | 'MG' | string;
  percentage: Amount | null;
  amount: Amount | null;
}

export type ReferenceKind =
  'order' | 'contract' | 'agreement' | 'receipt' | 'linkedInvoice' | 'correctedInvoice';

/**
 * DatiOrdineAcquisto, DatiContratto, DatiConvenzione, DatiRicezione, DatiFattureCollegate (and, in FSM10,
 * DatiFatturaRettificata as 'correctedInvoice').
 */
export interface Reference {
  kind: ReferenceKind;
  id: string;
  date: string | null;
  /** RiferimentoNumeroLinea: the lines it applies to; empty for the whole document. */
  lines: string[];
  itemNumber: string | null;
  /** CodiceCommessaConvenzione. */
  jobCode: string | null;
  cup: string | null;
  cig: string | null;
  /** ElementiRettificati of an FSM10 correction. */
  correctedElements: string | null;
}

export interface DeliveryNote {
  number: string;
  date: string;
  lines: string[];
}

export interface ItemCode {
  type: string;
  value: string;
}

export interface OtherData {
  type: string;
  text: string | null;
  number: Amount | null;
  date: string | null;
}

export interface Line {
  number: string;
  /** TipoCessionePrestazione: SC discount, PR premium, AB rebate, AC ancillary cost. */
  kind: string | null;
  codes: ItemCode[];
  description: string;
  quantity: Amount | null;
  unit: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  unitPrice: Amount | null;
  adjustments: Adjustment[];
  /** PrezzoTotale; in FSM10 the Importo, VAT included. */
  total: Amount;
  /** AliquotaIVA; null in FSM10 when only the tax amount is given. */
  vatRate: Amount | null;
  /** FSM10 only: DatiIVA/Imposta. */
  vatAmount: Amount | null;
  nature: string | null;
  /** FSM10 only: RiferimentoNormativo of the item. */
  legalReference: string | null;
  /** Ritenuta = SI: the line is subject to withholding. */
  withholding: boolean;
  administrationReference: string | null;
  otherData: OtherData[];
  /**
   * In a document in a foreign currency, the line's amount in that currency where the file gives it beside the
   * euro one (see Exchange): an AltriDatiGestionali whose RiferimentoTesto is the currency and RiferimentoNumero
   * the amount, or a CodiceArticolo whose CodiceTipo is the currency and CodiceValore the amount. Null otherwise.
   */
  currencyAmount: Amount | null;
}

export interface VatSummaryRow {
  rate: Amount;
  nature: string | null;
  /** RiferimentoNormativo: the law that makes the nature apply. */
  legalReference: string | null;
  incidentalCosts: Amount | null;
  rounding: Amount | null;
  taxable: Amount;
  tax: Amount;
  /** EsigibilitaIVA: I immediate, D deferred, S split payment. */
  chargeability: 'I' | 'D' | 'S' | string | null;
  /** EsigibilitaIVA = S: the customer (a public body) pays this VAT to the Treasury, not to the supplier. */
  splitPayment: boolean;
}

/** DatiRitenuta. */
export interface Withholding {
  /** TipoRitenuta RT01…RT06. */
  type: string;
  rate: Amount;
  amount: Amount;
  /** CausalePagamento, the CU model's code. */
  paymentReason: string;
}

/** DatiCassaPrevidenziale. */
export interface Fund {
  /** TipoCassa TC01…TC22. */
  type: string;
  /** AlCassa. */
  rate: Amount;
  /** ImportoContributoCassa. */
  amount: Amount;
  /** ImponibileCassa. */
  taxableBase: Amount | null;
  vatRate: Amount;
  nature: string | null;
  /** Ritenuta = SI: the contribution is subject to withholding. */
  withholding: boolean;
  administrationReference: string | null;
}

/** DatiBollo (FSM10: BolloVirtuale alone). */
export interface Stamp {
  virtual: boolean;
  /** ImportoBollo. */
  amount: Amount | null;
  /**
   * The stamp duty is already charged on a line (a N1 line of the same amount, or a line that names it), so it
   * is in the taxable amounts and is not added again.
   */
  chargedInLines: boolean;
}

export interface PaymentDetail {
  beneficiary: string | null;
  /** ModalitaPagamento MP01…MP23. */
  method: string;
  termsStart: string | null;
  termsDays: string | null;
  due: string | null;
  amount: Amount;
  postOffice: string | null;
  receiver: {
    lastName: string | null;
    firstName: string | null;
    fiscalCode: string | null;
    title: string | null;
  } | null;
  institution: string | null;
  iban: string | null;
  abi: string | null;
  cab: string | null;
  bic: string | null;
  earlyPaymentDiscount: Amount | null;
  earlyPaymentLimit: string | null;
  latePaymentPenalty: Amount | null;
  penaltyFrom: string | null;
  paymentCode: string | null;
}

/** DatiPagamento: one block of terms. */
export interface PaymentTerms {
  /** CondizioniPagamento: TP01 instalments, TP02 complete payment, TP03 advance. */
  conditions: string;
  details: PaymentDetail[];
}

export interface Attachment {
  name: string;
  compression: string | null;
  format: string | null;
  description: string | null;
  /** Base64 without whitespace. */
  contentBase64: string;
}

/**
 * A document in a foreign currency that gives its lines' amounts in that currency beside euro ones. Italian law
 * wants the taxable amounts and the VAT in euro (art. 21 c. 2 l) DPR 633/72, art. 230 dir. 2006/112/EC); the
 * Agenzia delle Entrate lets an invoice keep Divisa in the currency with ImponibileImporto and Imposta in euro and
 * the currency amounts "for management purposes" in AltriDatiGestionali or CodiceArticolo. Such a file's lines,
 * VAT summary and withholdings are in euro; its ImportoTotaleDocumento and payments are in the currency.
 */
export interface Exchange {
  currency: string;
  /** Σ PrezzoTotale of the lines that give a currency amount: their value in euro. */
  euro: Amount;
  /** Σ their currency amounts. */
  foreign: Amount;
  /** Units of the currency for one euro (foreign ÷ euro), 4 decimals; null when the euro value is zero. */
  rate: string | null;
}

/** The totals of a document with an Exchange, converted at its rate into the currency of its payments. */
export interface InCurrency {
  currency: string;
  documentTotal: Amount;
  netToPay: Amount;
}

/**
 * From the VAT summary to the amount due, as an accountant checks an invoice (see reconciliation.ts for the
 * rules). Every amount is a plain decimal with two decimals.
 */
export interface Reconciliation {
  /** Sum of DatiRiepilogo/ImponibileImporto (fund contributions included, as the summary holds them). */
  taxable: Amount;
  /** Sum of DatiRiepilogo/Imposta. */
  vat: Amount;
  /** ENASARCO contributions (TC07) in the summary but withheld from the agent, not charged: taken back out. */
  fundsNotCharged: Amount;
  /** Document-level ScontoMaggiorazione with an Importo: MG adds, SC subtracts (signed). */
  documentAdjustments: Amount;
  /** DatiGeneraliDocumento/Arrotondamento (signed). */
  rounding: Amount;
  /** ImportoBollo added to the amount due; 0.00 when there is none or it is charged on a line. */
  stamp: Amount;
  /** taxable − fundsNotCharged + vat + documentAdjustments + rounding + stamp. */
  documentTotal: Amount;
  /** Sum of DatiRitenuta/ImportoRitenuta. */
  withholdings: Amount;
  /** Sum of Imposta of the summaries with EsigibilitaIVA = S. */
  splitPaymentVat: Amount;
  /** documentTotal − withholdings − splitPaymentVat. */
  netToPay: Amount;
  /**
   * With an Exchange: documentTotal and netToPay in the currency, which is what the payments and the declared
   * total are compared with. Null for a document in euro, or in a currency with no euro value.
   */
  inCurrency: InCurrency | null;
  /**
   * Sum of the payment details (see reconciliation.ts), in the document's currency; null when the document has
   * no DatiPagamento.
   */
  paymentsTotal: Amount | null;
  /** paymentsTotal − netToPay (in the currency, with an Exchange); null without payments. */
  paymentsDifference: Amount | null;
  /** ImportoTotaleDocumento as declared. */
  declaredTotal: Amount | null;
  /** The declared total is one of the readings producers use; null when there is none. */
  declaredTotalMatches: boolean | null;
  /** The payments add up to the net to pay; null when there are none. */
  paymentsMatch: boolean | null;
  /** The file contradicts itself: paymentsMatch or declaredTotalMatches is false. */
  mismatch: boolean;
}

/** Which document a body is: what lists and the server's summary of an upload need, read without the amounts. */
export interface DocumentIdentity {
  /** 1-based position of the FatturaElettronicaBody in the file. */
  index: number;
  simplified: boolean;
  /** TipoDocumento TD01…TD29. */
  type: string;
  number: string;
  /** Data as written (an xs:date may carry a time zone: see calendarDate). */
  date: string;
  currency: string;
  /** Divisa is not EUR. */
  foreignCurrency: boolean;
}

export interface DocumentReading extends DocumentIdentity {
  /** Causale, one entry per element. */
  reasons: string[];
  /** Art73 = SI. */
  art73: boolean;
  references: Reference[];
  deliveryNotes: DeliveryNote[];
  /** DatiSAL/RiferimentoFase. */
  progressPhases: string[];
  /** FatturaPrincipale: the main invoice this one accompanies (transport). */
  mainInvoice: { number: string; date: string } | null;
  lines: Line[];
  /** Document-level ScontoMaggiorazione. */
  adjustments: Adjustment[];
  vatSummary: VatSummaryRow[];
  withholdings: Withholding[];
  funds: Fund[];
  stamp: Stamp | null;
  /** Document-level Arrotondamento. */
  rounding: Amount | null;
  /** Foreign currency with euro values beside it; null in euro, or when the file gives no euro value. */
  exchange: Exchange | null;
  /** ImportoTotaleDocumento. */
  declaredTotal: Amount | null;
  payments: PaymentTerms[];
  attachments: Attachment[];
  /** Ordinary invoices; null for FSM10, which has no VAT summary. */
  reconciliation: Reconciliation | null;
  /** FSM10 only: sum of the items' Importo, VAT included. */
  simplifiedTotal: Amount | null;
}

/** Who issued the file to whom, how it travels, and which documents it holds. */
export interface InvoiceIdentity {
  /** The root's versione: FPA12, FPR12 or FSM10 (1.0 or 1.1 for the legacy formats). */
  format: string;
  transmission: Transmission;
  supplier: Party;
  /** RappresentanteFiscale of the supplier. */
  supplierRepresentative: Party | null;
  customer: Party;
  /** RappresentanteFiscale of the customer. */
  customerRepresentative: Party | null;
  /** TerzoIntermediarioOSoggettoEmittente. */
  intermediary: Party | null;
  /** SoggettoEmittente: CC the customer, TZ a third party issued the invoice. */
  issuer: string | null;
  documents: DocumentIdentity[];
}

export interface InvoiceReading extends InvoiceIdentity {
  documents: DocumentReading[];
}
