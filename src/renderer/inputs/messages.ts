/**
 * The texts of the typed inputs (amounts, quantities, percentages, dates) in it/en/de. English is the shape
 * (`InputsMessages`); the other two must have every key. `{{example}}` is written the language's way by the
 * input itself (2.500,00 or 2,500.00; 27/11/2026).
 */
export const inputsEn = {
  amountInvalid: 'Write an amount, for example {{example}}.',
  quantityInvalid: 'Write a quantity, for example {{example}}.',
  percentInvalid: 'Write a percentage, for example {{example}}.',
  amountAsk: 'Which amount do you mean by “{{typed}}”?',
  numberAsk: 'Which number do you mean by “{{typed}}”?',
  choose: 'Use {{value}}',
  dateInvalid: 'Write a date, day first, for example {{example}}.',
  dateNoSuchDay: '{{typed}} is not a day of the calendar: check the day and the month.',
  dateTimeInvalid: 'Write a date and a time, day first, for example {{example}}.',
  timeNoSuch: '{{typed}} is not a time of day: write it from 00:00 to 23:59.',
  datePlaceholder: 'dd/mm/yyyy',
  dateTimePlaceholder: 'dd/mm/yyyy hh:mm',
  unanswered: 'A field is waiting for you: choose what you meant, or correct what it says, before sending.',
};

export type InputsMessages = { [K in keyof typeof inputsEn]: string };

export const inputsIt: InputsMessages = {
  amountInvalid: 'Scrivi un importo, ad esempio {{example}}.',
  quantityInvalid: 'Scrivi una quantità, ad esempio {{example}}.',
  percentInvalid: 'Scrivi una percentuale, ad esempio {{example}}.',
  amountAsk: 'Che importo intendi con «{{typed}}»?',
  numberAsk: 'Che numero intendi con «{{typed}}»?',
  choose: 'Usa {{value}}',
  dateInvalid: 'Scrivi una data nella forma giorno/mese/anno, ad esempio {{example}}.',
  dateNoSuchDay: 'Il giorno {{typed}} non esiste nel calendario: controlla giorno e mese.',
  dateTimeInvalid: 'Scrivi data e ora nella forma giorno/mese/anno ore:minuti, ad esempio {{example}}.',
  timeNoSuch: '{{typed}} non è un’ora del giorno: scrivila da 00:00 a 23:59.',
  datePlaceholder: 'gg/mm/aaaa',
  dateTimePlaceholder: 'gg/mm/aaaa hh:mm',
  unanswered: 'Un campo aspetta una tua risposta: scegli cosa intendevi, o correggilo, prima di inviare.',
};

export const inputsDe: InputsMessages = {
  amountInvalid: 'Geben Sie einen Betrag ein, zum Beispiel {{example}}.',
  quantityInvalid: 'Geben Sie eine Menge ein, zum Beispiel {{example}}.',
  percentInvalid: 'Geben Sie einen Prozentsatz ein, zum Beispiel {{example}}.',
  amountAsk: 'Welchen Betrag meinen Sie mit „{{typed}}“?',
  numberAsk: 'Welche Zahl meinen Sie mit „{{typed}}“?',
  choose: '{{value}} übernehmen',
  dateInvalid: 'Geben Sie ein Datum als Tag.Monat.Jahr ein, zum Beispiel {{example}}.',
  dateNoSuchDay: 'Den {{typed}} gibt es im Kalender nicht: Prüfen Sie Tag und Monat.',
  dateTimeInvalid: 'Geben Sie Datum und Uhrzeit ein, zum Beispiel {{example}}.',
  timeNoSuch: '{{typed}} ist keine Uhrzeit: Geben Sie sie von 00:00 bis 23:59 ein.',
  datePlaceholder: 'TT.MM.JJJJ',
  dateTimePlaceholder: 'TT.MM.JJJJ hh:mm',
  unanswered:
    'Ein Feld wartet auf Ihre Antwort: Wählen Sie, was Sie meinten, oder korrigieren Sie es vor dem Senden.',
};
