/** TipoDocumento: each type's name, and its sign when documents are added up. */
import type { CodeLabels } from './code-label.ts';

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

/** How a document counts in a turnover total: added (+1) or subtracted (−1). */
export type TurnoverSign = 1 | -1;

/**
 * Each TipoDocumento's sign when a list, the dashboard or an export adds documents up (what an accountant calls
 * the month's turnover of the sent list, or its purchases in the received one). A credit note's file writes its
 * amounts as positive figures, as producers usually do: the type, not the sign, says it reduces, so adding it as
 * written counts a reduction as more turnover. Only the two credit notes reduce; every other type adds (meanings
 * from the Agenzia delle Entrate's technical specifications, TipoDocumento table):
 *
 * | code | the AdE technical specs' meaning                                                  | sign | why                                                                                           |
 * | ---- | --------------------------------------------------------------------------------- | ---- | --------------------------------------------------------------------------------------------- |
 * | TD01 | fattura                                                                           | +    | the invoice                                                                                   |
 * | TD02 | acconto/anticipo su fattura                                                       | +    | an advance is invoiced turnover; the final invoice deducts it on its own lines                |
 * | TD03 | acconto/anticipo su parcella                                                      | +    | as TD02, for a professional's fee note                                                        |
 * | TD04 | nota di credito                                                                   | −    | reduces an invoice already issued (art. 26 DPR 633/72)                                        |
 * | TD05 | nota di debito                                                                    | +    | increases an invoice already issued                                                           |
 * | TD06 | parcella                                                                          | +    | a professional's fee note: an invoice                                                         |
 * | TD07 | fattura semplificata                                                              | +    | the simplified invoice (art. 21-bis)                                                          |
 * | TD08 | nota di credito semplificata                                                      | −    | the simplified credit note: reduces, as TD04                                                  |
 * | TD09 | nota di debito semplificata                                                       | +    | the simplified debit note: increases, as TD05                                                 |
 * | TD16 | integrazione fattura reverse charge interno                                       | +    | integrates the VAT of a domestic reverse-charge purchase: a document that adds, never reduces |
 * | TD17 | integrazione/autofattura per acquisto servizi dall'estero                         | +    | as TD16, for services bought abroad                                                           |
 * | TD18 | integrazione per acquisto di beni intracomunitari                                 | +    | as TD16, for goods bought in the EU                                                           |
 * | TD19 | integrazione/autofattura per acquisto di beni ex art. 17 c. 2 DPR 633/72          | +    | as TD16, for goods from a non-resident in Italy                                               |
 * | TD20 | autofattura per regolarizzazione e integrazione delle fatture                     | +    | the buyer regularises an invoice not received or wrong: it adds what was missing              |
 * | TD21 | autofattura per splafonamento                                                     | +    | VAT due on purchases beyond the exporter's plafond                                            |
 * | TD22 | estrazione beni da Deposito IVA                                                   | +    | goods leaving a VAT warehouse                                                                 |
 * | TD23 | estrazione beni da Deposito IVA con versamento dell'IVA                           | +    | as TD22, VAT paid                                                                             |
 * | TD24 | fattura differita di cui all'art. 21, comma 4, terzo periodo lett. a) DPR 633/72  | +    | a deferred invoice (delivery notes of the month)                                              |
 * | TD25 | fattura differita di cui all'art. 21, comma 4, terzo periodo lett. b) DPR 633/72  | +    | a deferred invoice (triangular sales)                                                         |
 * | TD26 | cessione di beni ammortizzabili e per passaggi interni (ex art. 36 DPR 633/72)    | +    | a sale of depreciable assets or an internal transfer                                          |
 * | TD27 | fattura per autoconsumo o per cessioni gratuite senza rivalsa                     | +    | self-consumption or free supply: VAT due, nothing reduced                                     |
 * | TD28 | acquisti da San Marino con IVA (fattura cartacea)                                 | +    | a purchase from San Marino with VAT, reported by the buyer                                    |
 * | TD29 | comunicazione per omessa o irregolare fatturazione (art. 6 c. 8 D.Lgs. 471/97)    | +    | reports an invoice missing or wrong (from 1 April 2025): its amounts are owed, not returned   |
 *
 * A list total is the sum of the documents it lists: self-invoices and integrations (TD16–TD23, TD28) are added
 * like any other document, as the list shows them; filtering by type separates them where a VAT register needs
 * it. A type this table does not know (a newer schema) adds, as written.
 */
export const TURNOVER_SIGNS: Record<string, TurnoverSign> = {
  TD01: 1,
  TD02: 1,
  TD03: 1,
  TD04: -1,
  TD05: 1,
  TD06: 1,
  TD07: 1,
  TD08: -1,
  TD09: 1,
  TD16: 1,
  TD17: 1,
  TD18: 1,
  TD19: 1,
  TD20: 1,
  TD21: 1,
  TD22: 1,
  TD23: 1,
  TD24: 1,
  TD25: 1,
  TD26: 1,
  TD27: 1,
  TD28: 1,
  TD29: 1,
};

/** The sign of a document type in turnover totals (see TURNOVER_SIGNS); unknown or missing: +1. */
export function turnoverSign(type: string | null | undefined): TurnoverSign {
  return (type && TURNOVER_SIGNS[type]) || 1;
}
