/**
 * What each TipoDocumento requires: who fills the file in, which subjects it names, what it must link to, and the
 * SdI controls that depend on the type. One table for the whole engine: the SdI checks (sdi-checks/parties.ts,
 * lines.ts, summary-vat.ts, simplified.ts) read their lists of types from it, and the composer reads what to ask
 * for. A type's name in the UI languages is `DOCUMENT_TYPES[code]` (code-labels/document-types.ts), and its sign in
 * turnover totals `TURNOVER_SIGNS[code]`, under the same key.
 *
 * Sources: `../shared/reference/sdi-rules.md` §(b) for 00401/00430 (TD16), 00460 (FSM10 notes), 00471–00475;
 * the Agenzia delle Entrate's technical specifications 1.9 (from 1 April 2025) for TD29, which extend 00471 (the
 * two subjects differ), 00473 (the seller must be Italian) and 00475 (the buyer's VAT number) to it, and fix its
 * CodiceDestinatario to 0000000 without PEC (the report goes to the Agenzia only). sdi-rules.md predates 1.9 and
 * does not list TD29 under those codes. The TD29 reading rests on the Agenzia's list of 1.9 changes ("Aggiornate
 * descrizioni codici errore 00471, 00473 e 00475", quoted in github.com/OCA/l10n-italy/issues/4631) and on a
 * validator that encodes the 1.9.1 list of controls code by code (letsrevel/euinvoice,
 * src/euinvoice/validation/sdi.py: TD29 in 00471 and 00475, 00473 for a TD29 seller outside IT);
 * docs/sdi-checks.md records it. What the linked invoice and the
 * delivery notes are for comes from the Agenzia's compilation guide; SdI discards nothing for their absence, so
 * the composer only warns.
 */

/** Who fills the file in and sends it. */
export type DocumentIssuer =
  /** The seller, invoicing its customer (CedentePrestatore is the issuer). */
  | 'supplier'
  /**
   * The buyer, integrating or reporting its own purchase: CedentePrestatore is its supplier, CessionarioCommittente
   * the buyer itself, which sends the file (reverse-charge integrations and self-invoices TD16–TD20, TD22, TD23,
   * TD28, the TD29 report).
   */
  | 'customer'
  /** One subject on both sides (TD21 ceiling exceeded, TD27 self-consumption). */
  | 'self';

/** DatiFattureCollegate (FSM10: DatiFatturaRettificata). */
export type LinkedInvoiceNeed =
  /** The document changes or integrates one invoice, whose number and date it must give. */
  | 'required'
  /** Give the invoice it refers to when there is one (a foreign supplier's invoice, an irregular invoice). */
  | 'recommended'
  | 'none';

export interface DocumentTypeRule {
  /** TipoDocumento. Its name: `DOCUMENT_TYPES[code]`. */
  code: string;
  /** 'ordinary': FPA12/FPR12; 'simplified': FSM10 (TD07–TD09, composed by to-invoice/simplified.ts). */
  format: 'ordinary' | 'simplified';
  /** A variation note: 'credit' reduces an invoice already issued, 'debit' increases it. */
  note: 'credit' | 'debit' | null;
  /** An advance (acconto/anticipo) on a later invoice. */
  advance: boolean;
  issuedBy: DocumentIssuer;
  linkedInvoice: LinkedInvoiceNeed;
  /** DatiDDT: the deferred invoice TD24 lists the delivery notes it invoices. */
  deliveryNotes: boolean;
  /** 00471 'different' (seller and buyer are different subjects), 00472 'same', or no control ('any'). */
  parties: 'different' | 'same' | 'any';
  /**
   * 00473: the seller's IdPaese. 'foreign' not IT (TD17–TD19), 'SM' San Marino (TD28), 'IT' Italian (TD29),
   * 'any' no control.
   */
  sellerCountry: 'any' | 'foreign' | 'SM' | 'IT';
  /** 00473: IdPaese OO (Livigno, Campione d'Italia) is accepted for the seller: TD17 and TD19 only. */
  sellerCountryOO: boolean;
  /** 00475: the buyer must have an IdFiscaleIVA. */
  buyerVatRequired: boolean;
  /** 00401/00430 exception: a Natura (N6.x) beside a non-zero rate (TD16). */
  natureWithRate: boolean;
  /** 00474: every line carries a non-zero rate (TD21). */
  linesNeedRate: boolean;
  /** A CodiceDestinatario the type fixes ('0000000' without PEC for TD29), else null. */
  recipientCode: string | null;
}

type Overrides = Partial<Omit<DocumentTypeRule, 'code'>>;

/** An ordinary invoice from a seller to another subject: the common case, which the other types override. */
function ordinary(code: string, overrides: Overrides = {}): DocumentTypeRule {
  return {
    code,
    format: 'ordinary',
    note: null,
    advance: false,
    issuedBy: 'supplier',
    linkedInvoice: 'none',
    deliveryNotes: false,
    parties: 'any',
    sellerCountry: 'any',
    sellerCountryOO: false,
    buyerVatRequired: false,
    natureWithRate: false,
    linesNeedRate: false,
    recipientCode: null,
    ...overrides,
  };
}

function simplified(code: string, overrides: Overrides = {}): DocumentTypeRule {
  return ordinary(code, { format: 'simplified', ...overrides });
}

/** The buyer integrates the VAT of a purchase the seller invoiced without it (reverse charge). */
const INTEGRATION: Overrides = {
  issuedBy: 'customer',
  parties: 'different',
  buyerVatRequired: true,
};

/** TipoDocumento → what it requires, TD01…TD29 (FSM10: TD07–TD09), in the schema's order. */
export const documentTypeRules: Readonly<Record<string, DocumentTypeRule>> = Object.fromEntries(
  [
    ordinary('TD01', { parties: 'different' }),
    ordinary('TD02', { parties: 'different', advance: true }),
    ordinary('TD03', { parties: 'different', advance: true }),
    ordinary('TD04', { note: 'credit', linkedInvoice: 'required' }),
    ordinary('TD05', { note: 'debit', linkedInvoice: 'required' }),
    ordinary('TD06', { parties: 'different' }),
    simplified('TD07', { parties: 'different' }),
    simplified('TD08', { note: 'credit', linkedInvoice: 'required' }),
    simplified('TD09', { note: 'debit', linkedInvoice: 'required' }),
    ordinary('TD16', { ...INTEGRATION, linkedInvoice: 'required', natureWithRate: true }),
    ordinary('TD17', {
      ...INTEGRATION,
      linkedInvoice: 'recommended',
      sellerCountry: 'foreign',
      sellerCountryOO: true,
    }),
    ordinary('TD18', { ...INTEGRATION, linkedInvoice: 'recommended', sellerCountry: 'foreign' }),
    ordinary('TD19', {
      ...INTEGRATION,
      linkedInvoice: 'recommended',
      sellerCountry: 'foreign',
      sellerCountryOO: true,
    }),
    ordinary('TD20', { ...INTEGRATION, linkedInvoice: 'recommended' }),
    ordinary('TD21', { issuedBy: 'self', parties: 'same', linesNeedRate: true }),
    ordinary('TD22', { issuedBy: 'customer', buyerVatRequired: true }),
    ordinary('TD23', { issuedBy: 'customer', buyerVatRequired: true }),
    ordinary('TD24', { parties: 'different', deliveryNotes: true }),
    ordinary('TD25', { parties: 'different' }),
    ordinary('TD26'),
    ordinary('TD27', { issuedBy: 'self', parties: 'same' }),
    ordinary('TD28', { ...INTEGRATION, linkedInvoice: 'recommended', sellerCountry: 'SM' }),
    ordinary('TD29', {
      ...INTEGRATION,
      linkedInvoice: 'recommended',
      sellerCountry: 'IT',
      recipientCode: '0000000',
    }),
  ].map((rule) => [rule.code, rule]),
);

/** The rule of a type; undefined for a code the table does not know (a newer schema, a malformed file). */
export function documentTypeRule(code: string | null | undefined): DocumentTypeRule | undefined {
  return code ? documentTypeRules[code] : undefined;
}

/** The codes whose rule satisfies `test`, in the table's order. */
export function documentTypesWhere(test: (rule: DocumentTypeRule) => boolean): string[] {
  return Object.values(documentTypeRules)
    .filter(test)
    .map((rule) => rule.code);
}
