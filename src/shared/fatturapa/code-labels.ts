/**
 * Names for the codes an invoice carries (TipoDocumento, ModalitaPagamento), in the UI's languages. Italian
 * follows the schema's own wording; English and German say the same for readers who do not know the codes.
 */
/** A code's name in each UI language: the one shape of every label table (here and in reading/code-labels.ts). */
export type CodeLabels = Record<string, { it: string; en: string; de: string }>;

export const DOCUMENT_TYPES: CodeLabels = {
  TD01: { it: 'Fattura', en: 'Invoice', de: 'Rechnung' },
  TD02: { it: 'Acconto/anticipo su fattura', en: 'Advance on invoice', de: 'Anzahlung auf Rechnung' },
  TD03: { it: 'Acconto/anticipo su parcella', en: 'Advance on fee note', de: 'Anzahlung auf Honorarnote' },
  TD04: { it: 'Nota di credito', en: 'Credit note', de: 'Gutschrift' },
  TD05: { it: 'Nota di debito', en: 'Debit note', de: 'Belastungsanzeige' },
  TD06: { it: 'Parcella', en: 'Fee note', de: 'Honorarnote' },
  TD07: { it: 'Fattura semplificata', en: 'Simplified invoice', de: 'Vereinfachte Rechnung' },
  TD08: { it: 'Nota di credito semplificata', en: 'Simplified credit note', de: 'Vereinfachte Gutschrift' },
  TD09: {
    it: 'Nota di debito semplificata',
    en: 'Simplified debit note',
    de: 'Vereinfachte Belastungsanzeige',
  },
  TD16: {
    it: 'Integrazione fattura reverse charge interno',
    en: 'Domestic reverse-charge integration',
    de: 'Ergänzung Reverse-Charge (Inland)',
  },
  TD17: {
    it: 'Integrazione/autofattura per servizi dall’estero',
    en: 'Integration/self-invoice for services from abroad',
    de: 'Ergänzung/Eigenrechnung für Leistungen aus dem Ausland',
  },
  TD18: {
    it: 'Integrazione per acquisto di beni intracomunitari',
    en: 'Integration for intra-EU purchases of goods',
    de: 'Ergänzung für innergemeinschaftlichen Warenerwerb',
  },
  TD19: {
    it: 'Integrazione/autofattura per beni ex art. 17 c. 2 DPR 633/72',
    en: 'Integration/self-invoice for goods (art. 17(2) DPR 633/72)',
    de: 'Ergänzung/Eigenrechnung für Waren (Art. 17 Abs. 2 DPR 633/72)',
  },
  TD20: {
    it: 'Autofattura per regolarizzazione e integrazione delle fatture',
    en: 'Self-invoice to regularise invoices',
    de: 'Eigenrechnung zur Berichtigung von Rechnungen',
  },
  TD21: {
    it: 'Autofattura per splafonamento',
    en: 'Self-invoice for exceeding the plafond',
    de: 'Eigenrechnung wegen Plafond-Überschreitung',
  },
  TD22: {
    it: 'Estrazione beni da Deposito IVA',
    en: 'Goods taken out of a VAT warehouse',
    de: 'Auslagerung aus einem MwSt-Lager',
  },
  TD23: {
    it: 'Estrazione beni da Deposito IVA con versamento dell’IVA',
    en: 'Goods taken out of a VAT warehouse, VAT paid',
    de: 'Auslagerung aus einem MwSt-Lager mit MwSt-Zahlung',
  },
  TD24: {
    it: 'Fattura differita (art. 21 c. 4 lett. a)',
    en: 'Deferred invoice (art. 21(4)(a))',
    de: 'Sammelrechnung (Art. 21 Abs. 4 lit. a)',
  },
  TD25: {
    it: 'Fattura differita (art. 21 c. 4 lett. b)',
    en: 'Deferred invoice (art. 21(4)(b))',
    de: 'Sammelrechnung (Art. 21 Abs. 4 lit. b)',
  },
  TD26: {
    it: 'Cessione di beni ammortizzabili e passaggi interni',
    en: 'Sale of depreciable assets and internal transfers',
    de: 'Verkauf abschreibbarer Güter und interne Übertragungen',
  },
  TD27: {
    it: 'Fattura per autoconsumo o cessioni gratuite senza rivalsa',
    en: 'Self-consumption or free supply without recharge',
    de: 'Eigenverbrauch oder unentgeltliche Lieferung ohne Weiterbelastung',
  },
  TD28: {
    it: 'Acquisti da San Marino con IVA',
    en: 'Purchases from San Marino with VAT',
    de: 'Käufe aus San Marino mit MwSt',
  },
  TD29: {
    it: 'Comunicazione per omessa o irregolare fatturazione',
    en: 'Report of missing or irregular invoicing',
    de: 'Meldung fehlender oder fehlerhafter Rechnungsstellung',
  },
};

export const PAYMENT_METHODS: CodeLabels = {
  MP01: { it: 'Contanti', en: 'Cash', de: 'Bargeld' },
  MP02: { it: 'Assegno', en: 'Cheque', de: 'Scheck' },
  MP03: { it: 'Assegno circolare', en: 'Banker’s draft', de: 'Bankscheck' },
  MP04: { it: 'Contanti presso Tesoreria', en: 'Cash at the Treasury', de: 'Barzahlung bei der Staatskasse' },
  MP05: { it: 'Bonifico', en: 'Bank transfer', de: 'Überweisung' },
  MP06: { it: 'Vaglia cambiario', en: 'Promissory note', de: 'Solawechsel' },
  MP07: { it: 'Bollettino bancario', en: 'Bank payment slip', de: 'Bankzahlschein' },
  MP08: { it: 'Carta di pagamento', en: 'Payment card', de: 'Zahlungskarte' },
  MP09: { it: 'RID', en: 'Direct debit (RID)', de: 'Lastschrift (RID)' },
  MP10: { it: 'RID utenze', en: 'Utility direct debit (RID)', de: 'Versorger-Lastschrift (RID)' },
  MP11: { it: 'RID veloce', en: 'Fast direct debit (RID)', de: 'Schnelllastschrift (RID)' },
  MP12: { it: 'RIBA', en: 'Bank collection order (RIBA)', de: 'Bankinkasso (RIBA)' },
  MP13: { it: 'MAV', en: 'Payment notice (MAV)', de: 'Zahlungsavis (MAV)' },
  MP14: { it: 'Quietanza erario', en: 'Treasury receipt', de: 'Quittung der Staatskasse' },
  MP15: {
    it: 'Giroconto su conti di contabilità speciale',
    en: 'Transfer to special accounting accounts',
    de: 'Umbuchung auf Sonderkonten',
  },
  MP16: { it: 'Domiciliazione bancaria', en: 'Bank direct debit', de: 'Bankeinzug' },
  MP17: { it: 'Domiciliazione postale', en: 'Postal direct debit', de: 'Posteinzug' },
  MP18: { it: 'Bollettino di c/c postale', en: 'Postal account slip', de: 'Postzahlschein' },
  MP19: { it: 'SEPA Direct Debit', en: 'SEPA Direct Debit', de: 'SEPA-Lastschrift' },
  MP20: { it: 'SEPA Direct Debit CORE', en: 'SEPA Direct Debit CORE', de: 'SEPA-Basislastschrift' },
  MP21: { it: 'SEPA Direct Debit B2B', en: 'SEPA Direct Debit B2B', de: 'SEPA-Firmenlastschrift' },
  MP22: {
    it: 'Trattenuta su somme già riscosse',
    en: 'Deduction from sums already collected',
    de: 'Abzug von bereits eingezogenen Beträgen',
  },
  MP23: { it: 'PagoPA', en: 'PagoPA', de: 'PagoPA' },
};

/** "TD01 · Invoice"; the bare code when it is unknown (a newer schema, or a malformed file). */
export function codeLabel(labels: CodeLabels, code: string, language: string): string {
  const entry = labels[code];
  if (!entry) return code;
  const name = language === 'it' || language === 'en' || language === 'de' ? entry[language] : entry.it;
  return `${code} · ${name}`;
}
