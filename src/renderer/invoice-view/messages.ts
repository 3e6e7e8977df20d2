/**
 * The document view's texts in it/en/de beyond the `invoice` catalog entries it started with, kept here so the
 * catalogs only gain one `invoiceView` entry each. English is the shape (`InvoiceViewMessages`); the other two
 * must have every key.
 */
export const invoiceViewEn = {
  transmitter: 'Transmitter {{id}}',
  phone: 'Tel. {{phone}}',
  email: 'Email {{email}}',
  eori: 'EORI {{code}}',
  administrationReference: 'Administration reference {{reference}}',
  exchange: 'Amounts in {{currency}} with their value in euro',
  exchangeExplained:
    'Lines, VAT summary and the way to the net to pay are in euro, as Italian law wants the taxable amounts and VAT; the document total and the payments are in {{currency}}.',
  exchangeRate: '{{foreign}} = {{euro}} (1 € = {{rate}} {{currency}})',
  lineInCurrency: '= {{amount}}',
  incidentalCosts: 'Incidental costs {{amount}}',
  rounding: 'Rounding {{amount}}',
  progressPhases: 'Progress report (SAL), phase {{phases}}',
  mainInvoice: 'Main invoice {{number}} of {{date}}',
  netToPayInCurrency: 'Net to pay in {{currency}}, at the file’s rate',
  bic: 'BIC {{bic}}',
  abiCab: 'ABI {{abi}} CAB {{cab}}',
  paymentCode: 'Payment reference {{code}}',
  terms: '{{days}} days from {{date}}',
  earlyPayment: 'Discount {{amount}} if paid by {{date}}',
  latePayment: 'Late payment penalty {{amount}} from {{date}}',
  receiver: 'Receipt signed by {{name}}',
  postOffice: 'Post office {{code}}',
};

export type InvoiceViewMessages = { [K in keyof typeof invoiceViewEn]: string };

export const invoiceViewIt: InvoiceViewMessages = {
  transmitter: 'Trasmittente {{id}}',
  phone: 'Tel. {{phone}}',
  email: 'Email {{email}}',
  eori: 'EORI {{code}}',
  administrationReference: 'Riferimento amministrazione {{reference}}',
  exchange: 'Importi in {{currency}} con il controvalore in euro',
  exchangeExplained:
    'Righe, riepilogo IVA e calcolo del netto a pagare sono in euro, come la legge vuole imponibile e imposta; il totale del documento e i pagamenti sono in {{currency}}.',
  exchangeRate: '{{foreign}} = {{euro}} (1 € = {{rate}} {{currency}})',
  lineInCurrency: '= {{amount}}',
  incidentalCosts: 'Spese accessorie {{amount}}',
  rounding: 'Arrotondamento {{amount}}',
  progressPhases: 'Stato avanzamento lavori (SAL), fase {{phases}}',
  mainInvoice: 'Fattura principale {{number}} del {{date}}',
  netToPayInCurrency: 'Netto a pagare in {{currency}}, al cambio del file',
  bic: 'BIC {{bic}}',
  abiCab: 'ABI {{abi}} CAB {{cab}}',
  paymentCode: 'Codice pagamento {{code}}',
  terms: '{{days}} giorni dal {{date}}',
  earlyPayment: 'Sconto {{amount}} se pagato entro il {{date}}',
  latePayment: 'Penale per ritardato pagamento {{amount}} dal {{date}}',
  receiver: 'Quietanzante {{name}}',
  postOffice: 'Ufficio postale {{code}}',
};

export const invoiceViewDe: InvoiceViewMessages = {
  transmitter: 'Übermittler {{id}}',
  phone: 'Tel. {{phone}}',
  email: 'E-Mail {{email}}',
  eori: 'EORI {{code}}',
  administrationReference: 'Verwaltungsreferenz {{reference}}',
  exchange: 'Beträge in {{currency}} mit ihrem Gegenwert in Euro',
  exchangeExplained:
    'Positionen, MwSt.-Übersicht und der Weg zum Zahlbetrag sind in Euro, wie das italienische Recht Bemessungsgrundlage und MwSt. verlangt; Belegsumme und Zahlungen sind in {{currency}}.',
  exchangeRate: '{{foreign}} = {{euro}} (1 € = {{rate}} {{currency}})',
  lineInCurrency: '= {{amount}}',
  incidentalCosts: 'Nebenkosten {{amount}}',
  rounding: 'Rundung {{amount}}',
  progressPhases: 'Baufortschritt (SAL), Phase {{phases}}',
  mainInvoice: 'Hauptrechnung {{number}} vom {{date}}',
  netToPayInCurrency: 'Zahlbetrag in {{currency}}, zum Kurs der Datei',
  bic: 'BIC {{bic}}',
  abiCab: 'ABI {{abi}} CAB {{cab}}',
  paymentCode: 'Zahlungsreferenz {{code}}',
  terms: '{{days}} Tage ab {{date}}',
  earlyPayment: 'Skonto {{amount}} bei Zahlung bis {{date}}',
  latePayment: 'Verzugsstrafe {{amount}} ab {{date}}',
  receiver: 'Quittierender {{name}}',
  postOffice: 'Postamt {{code}}',
};
