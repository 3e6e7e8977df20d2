/**
 * The composer's words for a problem: one sentence about the field, in the UI language, naming it as the form
 * does ("Il CAP è di 5 cifre", "Indica la descrizione"). The engine's own texts (model/messages.ts,
 * sdi-checks/messages.ts) stay as they are for files received and SDI's notices: they name elements by path and
 * patterns by regular expression, which is right for a file and wrong for a form.
 *
 * One mapping serves every field: each kind of structure problem (missing or empty, length, pattern, enumeration,
 * decimal, date, choice…) has a sentence per language built around the field's name (NAMES, by FatturaPA
 * element); a field whose rule a generic sentence would say poorly (the CAP's five digits, the recipient code's
 * 6 or 7 characters) has its own (FIELD_SENTENCES). SDI's content checks have a sentence per code (SDI_SENTENCES).
 * The element path stays on the problem (DraftProblem.element, `data-field` in the page) for QA.
 */
import { hasPlaceholder, interpolate } from '../../interpolate.ts';
import type { InterpolationValues } from '../../interpolate.ts';
import type { Language } from '../../language.ts';
import type { StructureProblem } from '../model/validate-structure.ts';
import { sdiMessages } from '../sdi-checks/messages.ts';
import type { SdiProblem } from '../sdi-checks/types.ts';

/** How a field is named in a sentence: with its article ("il CAP"), and bare for German's "Bitte … angeben". */
interface Name {
  it: string;
  en: string;
  de: string;
  deBare: string;
}

const name = (it: string, en: string, de: string, deBare = de.replace(/^(der|die|das) /, '')): Name => ({
  it,
  en,
  de,
  deBare,
});

/**
 * Field names by FatturaPA element: the local name, or `Parent/Local` where the same element means different
 * things (IdCodice of the VAT number or of the transmitter). The wording follows the form's labels.
 */
const NAMES: Record<string, Name> = {
  'IdTrasmittente/IdCodice': name(
    'il codice fiscale del trasmittente',
    'the transmitter’s fiscal code',
    'die Steuernummer des Übermittlers',
  ),
  'IdTrasmittente/IdPaese': name(
    'il paese del trasmittente',
    'the transmitter’s country',
    'das Land des Übermittlers',
  ),
  ProgressivoInvio: name(
    'il progressivo di invio',
    'the file’s sequence number',
    'die laufende Nummer der Datei',
  ),
  CodiceDestinatario: name('il codice destinatario', 'the recipient code', 'der Empfängercode'),
  PECDestinatario: name(
    'la PEC del destinatario',
    'the recipient’s PEC address',
    'die PEC-Adresse des Empfängers',
  ),
  'IdFiscaleIVA/IdCodice': name('la partita IVA', 'the VAT number', 'die USt-IdNr.'),
  'IdFiscaleIVA/IdPaese': name(
    'il paese della partita IVA',
    'the VAT number’s country',
    'das Land der USt-IdNr.',
  ),
  CodiceFiscale: name('il codice fiscale', 'the fiscal code', 'die Steuernummer'),
  Denominazione: name('la denominazione', 'the company name', 'der Firmenname'),
  Nome: name('il nome', 'the first name', 'der Vorname'),
  Cognome: name('il cognome', 'the last name', 'der Nachname'),
  Titolo: name('il titolo', 'the title', 'der Titel'),
  CodEORI: name('il codice EORI', 'the EORI number', 'die EORI-Nummer'),
  RegimeFiscale: name('il regime fiscale', 'the tax regime', 'die Steuerregelung'),
  Indirizzo: name('l’indirizzo', 'the street', 'die Straße'),
  NumeroCivico: name('il numero civico', 'the street number', 'die Hausnummer'),
  CAP: name('il CAP', 'the postcode', 'die PLZ'),
  Comune: name('il comune', 'the town', 'der Ort'),
  Provincia: name('la provincia', 'the province', 'die Provinz'),
  Nazione: name('la nazione', 'the country', 'das Land'),
  Ufficio: name('l’ufficio REA', 'the REA office', 'das REA-Amt'),
  NumeroREA: name('il numero REA', 'the REA number', 'die REA-Nummer'),
  CapitaleSociale: name('il capitale sociale', 'the share capital', 'das Stammkapital'),
  Telefono: name('il telefono', 'the phone number', 'die Telefonnummer'),
  Email: name('l’email', 'the email address', 'die E-Mail-Adresse'),
  TipoDocumento: name('il tipo documento', 'the document type', 'die Dokumentart'),
  Divisa: name('la divisa', 'the currency', 'die Währung'),
  'DatiGeneraliDocumento/Data': name('la data del documento', 'the document date', 'das Dokumentdatum'),
  'DatiGeneraliDocumento/Numero': name(
    'il numero del documento',
    'the document number',
    'die Dokumentnummer',
  ),
  Causale: name('la causale', 'the description of the document', 'die Beschreibung des Dokuments'),
  TipoRitenuta: name('il tipo di ritenuta', 'the withholding type', 'die Art der Quellensteuer'),
  ImportoRitenuta: name('l’importo ritenuto', 'the amount withheld', 'der einbehaltene Betrag'),
  AliquotaRitenuta: name('l’aliquota della ritenuta', 'the withholding rate', 'der Quellensteuersatz'),
  CausalePagamento: name('la causale di pagamento', 'the payment reason', 'der Zahlungsgrund'),
  ImportoBollo: name('l’importo del bollo', 'the stamp duty amount', 'der Betrag der Stempelsteuer'),
  TipoCassa: name('la cassa', 'the fund', 'die Kasse'),
  AlCassa: name('l’aliquota della cassa', 'the fund’s rate', 'der Beitragssatz'),
  ImponibileCassa: name('l’imponibile cassa', 'the contribution base', 'die Beitragsgrundlage'),
  AliquotaIVA: name('l’aliquota IVA', 'the VAT rate', 'der MwSt.-Satz'),
  Natura: name('la natura', 'the nature', 'die Natura'),
  RiferimentoNormativo: name('il riferimento normativo', 'the legal reference', 'die Rechtsgrundlage'),
  ImportoTotaleDocumento: name('il totale del documento', 'the invoice total', 'der Rechnungsbetrag'),
  'DatiOrdineAcquisto/IdDocumento': name(
    'il numero dell’ordine o contratto',
    'the order or contract number',
    'die Bestell- oder Vertragsnummer',
  ),
  'DatiContratto/IdDocumento': name('il numero del contratto', 'the contract number', 'die Vertragsnummer'),
  'DatiFattureCollegate/IdDocumento': name(
    'il numero della fattura rettificata',
    'the number of the invoice corrected',
    'die Nummer der berichtigten Rechnung',
  ),
  'DatiFattureCollegate/Data': name(
    'la data della fattura rettificata',
    'the date of the invoice corrected',
    'das Datum der berichtigten Rechnung',
  ),
  IdDocumento: name(
    'il numero del documento collegato',
    'the number of the linked document',
    'die Nummer des Bezugsdokuments',
  ),
  Data: name('la data', 'the date', 'das Datum'),
  CodiceCUP: name('il CUP', 'the CUP', 'der CUP'),
  CodiceCIG: name('il CIG', 'the CIG', 'der CIG'),
  NumeroDDT: name('il numero del DDT', 'the delivery note number', 'die Lieferscheinnummer'),
  DataDDT: name('la data del DDT', 'the delivery note date', 'das Lieferscheindatum'),
  Descrizione: name('la descrizione', 'the description', 'die Beschreibung'),
  Quantita: name('la quantità', 'the quantity', 'die Menge'),
  UnitaMisura: name('l’unità di misura', 'the unit', 'die Einheit'),
  PrezzoUnitario: name('il prezzo unitario', 'the unit price', 'der Einzelpreis'),
  PrezzoTotale: name('il totale della riga', 'the line total', 'der Positionsbetrag'),
  'ScontoMaggiorazione/Percentuale': name(
    'la percentuale di sconto',
    'the discount percentage',
    'der Rabattsatz',
  ),
  'ScontoMaggiorazione/Importo': name('l’importo dello sconto', 'the discount amount', 'der Rabattbetrag'),
  CondizioniPagamento: name(
    'le condizioni di pagamento',
    'the payment conditions',
    'die Zahlungsbedingungen',
  ),
  ModalitaPagamento: name('la modalità di pagamento', 'the payment method', 'die Zahlungsart'),
  DataScadenzaPagamento: name('la data di scadenza', 'the due date', 'das Fälligkeitsdatum'),
  ImportoPagamento: name('l’importo della rata', 'the instalment amount', 'der Betrag der Rate'),
  IBAN: name('l’IBAN', 'the IBAN', 'die IBAN'),
  BIC: name('il BIC', 'the BIC', 'der BIC'),
  NomeAttachment: name('il nome dell’allegato', 'the attachment’s file name', 'der Dateiname des Anhangs'),
  DescrizioneAttachment: name(
    'la descrizione dell’allegato',
    'the attachment’s description',
    'die Beschreibung des Anhangs',
  ),
  Attachment: name('il contenuto dell’allegato', 'the attachment’s content', 'der Inhalt des Anhangs'),
};

/** A field the table does not name: said as "this field", never by its element. */
const THIS_FIELD = name('questo campo', 'this field', 'dieses Feld', 'dieses Feld');

/** The element's key in NAMES: `Parent/Local` when listed, else the local name; indexes and @ dropped. */
function keyOf(element: string, table: Record<string, unknown>): string {
  const parts = element
    .split('/')
    .map((part) => part.replace(/\[\d+\]$/, ''))
    .filter(Boolean);
  const local = parts.at(-1) ?? '';
  const parent = parts.at(-2) ?? '';
  return `${parent}/${local}` in table ? `${parent}/${local}` : local;
}

/** The name of the field at `element`, for a sentence. */
export function fieldName(element: string, lang: Language): string {
  const found = NAMES[keyOf(element, NAMES)] ?? THIS_FIELD;
  return found[lang];
}

type Sentences = Record<Language, string>;

/** Sentences per structure problem kind. `{{The}}` is the name capitalised, `{{bare}}` German's without article. */
const KIND_SENTENCES: Record<string, Sentences> = {
  required: {
    it: 'Indica {{the}}.',
    en: 'Enter {{the}}.',
    de: 'Bitte {{bare}} angeben.',
  },
  'length-max': {
    it: '{{The}} può avere al massimo {{max}} caratteri: ora ne ha {{length}}.',
    en: '{{The}} can have at most {{max}} characters; it now has {{length}}.',
    de: '{{The}} darf höchstens {{max}} Zeichen haben, jetzt sind es {{length}}.',
  },
  'length-min': {
    it: '{{The}} deve avere almeno {{min}} caratteri: ora ne ha {{length}}.',
    en: '{{The}} needs at least {{min}} characters; it now has {{length}}.',
    de: '{{The}} braucht mindestens {{min}} Zeichen, jetzt sind es {{length}}.',
  },
  'length-exact': {
    it: '{{The}} deve avere {{min}} caratteri: ora ne ha {{length}}.',
    en: '{{The}} must have {{min}} characters; it now has {{length}}.',
    de: '{{The}} muss {{min}} Zeichen haben, jetzt sind es {{length}}.',
  },
  charset: {
    it: "{{The}} contiene «{{character}}», un carattere che SDI non accetta: sostituiscilo (per esempio ’ con ' e – con -).",
    en: "{{The}} contains “{{character}}”, a character SDI does not accept: replace it (for example ’ with ' and – with -).",
    de: "{{The}} enthält „{{character}}“, ein Zeichen, das SDI nicht annimmt: bitte ersetzen (zum Beispiel ’ durch ' und – durch -).",
  },
  pattern: {
    it: 'Controlla {{the}}: «{{value}}» non è nella forma richiesta.',
    en: 'Check {{the}}: “{{value}}” is not in the required form.',
    de: 'Bitte {{bare}} prüfen: „{{value}}“ hat nicht die verlangte Form.',
  },
  enum: {
    it: 'Controlla {{the}}: «{{value}}» non è tra i codici ammessi.',
    en: 'Check {{the}}: “{{value}}” is not one of the allowed codes.',
    de: 'Bitte {{bare}} prüfen: „{{value}}“ ist kein zulässiger Code.',
  },
  decimal: {
    it: '{{The}} non è un numero valido: al massimo {{intMax}} cifre intere e {{fracMax}} decimali.',
    en: '{{The}} is not a valid number: at most {{intMax}} digits before the decimal separator and {{fracMax}} after it.',
    de: '{{The}} ist keine gültige Zahl: höchstens {{intMax}} Stellen vor und {{fracMax}} nach dem Komma.',
  },
  'decimal-max': {
    it: '{{The}} non è un numero valido: al massimo {{max}}, con non più di {{fracMax}} decimali.',
    en: '{{The}} is not a valid number: at most {{max}}, with no more than {{fracMax}} decimals.',
    de: '{{The}} ist keine gültige Zahl: höchstens {{max}}, mit nicht mehr als {{fracMax}} Nachkommastellen.',
  },
  integer: {
    it: '{{The}} deve essere un numero intero da {{min}} a {{max}}.',
    en: '{{The}} must be a whole number from {{min}} to {{max}}.',
    de: '{{The}} muss eine ganze Zahl von {{min}} bis {{max}} sein.',
  },
  date: {
    it: '{{The}} non è una data valida.',
    en: '{{The}} is not a valid date.',
    de: '{{The}} ist kein gültiges Datum.',
  },
  choice: {
    it: 'Compila una sola delle alternative: {{the}} oppure l’altra.',
    en: 'Fill in only one of the alternatives: {{the}} or the other.',
    de: 'Bitte nur eine der Alternativen ausfüllen: {{bare}} oder die andere.',
  },
  'too-many': {
    it: '{{The}} compare più volte di quanto ammesso.',
    en: '{{The}} is given more often than allowed.',
    de: '{{The}} kommt öfter vor als erlaubt.',
  },
  misplaced: {
    it: 'SDI non accetta {{the}} in questo punto del documento.',
    en: 'SDI does not accept {{the}} at this point of the document.',
    de: 'SDI akzeptiert {{bare}} an dieser Stelle des Dokuments nicht.',
  },
};

const NAME_OR_PERSON: Sentences = {
  it: 'Indica la denominazione, oppure nome e cognome per una persona fisica (non entrambi).',
  en: 'Enter the company name, or first and last name for a person (not both).',
  de: 'Bitte Firmenname angeben, oder Vor- und Nachname bei einer natürlichen Person (nicht beides).',
};

const PROVINCE: Sentences = {
  it: 'La provincia è la sigla di 2 lettere maiuscole, per esempio MI.',
  en: 'The province is its 2-letter code, for example MI.',
  de: 'Die Provinz ist ihr Kürzel aus 2 Großbuchstaben, zum Beispiel MI.',
};

const COUNTRY: Sentences = {
  it: '{{The}} è il codice ISO di 2 lettere maiuscole, per esempio IT.',
  en: '{{The}} is the 2-letter ISO code, for example IT.',
  de: '{{The}} ist der ISO-Code aus 2 Großbuchstaben, zum Beispiel IT.',
};

const EMAIL: Sentences = {
  it: '{{The}} «{{value}}» non è un indirizzo email valido.',
  en: '{{The}} “{{value}}” is not a valid email address.',
  de: '{{The}} „{{value}}“ ist keine gültige E-Mail-Adresse.',
};

/**
 * Fields whose rule a generic sentence would say poorly, by element key and kind ('pattern', 'length',
 * 'required' for missing or empty, 'choice').
 */
const FIELD_SENTENCES: Record<string, Partial<Record<string, Sentences>>> = {
  CAP: {
    pattern: {
      it: 'Il CAP è di 5 cifre (per un indirizzo estero: 00000).',
      en: 'The postcode has 5 digits (00000 for an address abroad).',
      de: 'Die PLZ hat 5 Ziffern (00000 für eine Adresse im Ausland).',
    },
  },
  CodiceDestinatario: {
    pattern: {
      it: 'Il codice destinatario ha 7 caratteri (6 per la pubblica amministrazione), solo lettere maiuscole e cifre.',
      en: 'The recipient code has 7 characters (6 for a public administration), capital letters and digits only.',
      de: 'Der Empfängercode hat 7 Zeichen (6 für eine öffentliche Verwaltung), nur Großbuchstaben und Ziffern.',
    },
  },
  Provincia: { pattern: PROVINCE },
  ProvinciaAlbo: { pattern: PROVINCE },
  Ufficio: {
    pattern: {
      it: 'L’ufficio REA è la sigla della provincia, 2 lettere maiuscole (per esempio MI).',
      en: 'The REA office is the province’s 2-letter code (for example MI).',
      de: 'Das REA-Amt ist das Kürzel der Provinz aus 2 Großbuchstaben (zum Beispiel MI).',
    },
  },
  CodiceFiscale: {
    pattern: {
      it: 'Il codice fiscale ha 16 caratteri (11 cifre per una società o un ente).',
      en: 'The fiscal code has 16 characters (11 digits for a company or body).',
      de: 'Die Steuernummer hat 16 Zeichen (11 Ziffern für eine Gesellschaft oder Körperschaft).',
    },
  },
  Nazione: { pattern: COUNTRY },
  'IdFiscaleIVA/IdPaese': { pattern: COUNTRY },
  'IdTrasmittente/IdPaese': { pattern: COUNTRY },
  Divisa: {
    pattern: {
      it: 'La divisa è il codice ISO di 3 lettere maiuscole, per esempio EUR.',
      en: 'The currency is its 3-letter ISO code, for example EUR.',
      de: 'Die Währung ist ihr ISO-Code aus 3 Großbuchstaben, zum Beispiel EUR.',
    },
  },
  PECDestinatario: { pattern: EMAIL, length: EMAIL },
  Email: { pattern: EMAIL },
  IBAN: {
    pattern: {
      it: 'L’IBAN «{{value}}» non è scritto correttamente: 2 lettere del paese, 2 cifre di controllo e il conto (27 caratteri per l’Italia).',
      en: 'The IBAN “{{value}}” is not written correctly: 2 letters for the country, 2 check digits and the account (27 characters for Italy).',
      de: 'Die IBAN „{{value}}“ ist nicht richtig geschrieben: 2 Buchstaben für das Land, 2 Prüfziffern und das Konto (27 Zeichen für Italien).',
    },
  },
  Denominazione: { required: NAME_OR_PERSON },
  Anagrafica: { choice: NAME_OR_PERSON },
  'IdTrasmittente/IdCodice': {
    required: {
      it: 'Indica la partita IVA o il codice fiscale del fornitore: identifica chi trasmette la fattura.',
      en: 'Enter the supplier’s VAT number or fiscal code: it identifies who transmits the invoice.',
      de: 'Bitte USt-IdNr. oder Steuernummer des Lieferanten angeben: sie kennzeichnen den Übermittler der Rechnung.',
    },
  },
  Attachment: {
    pattern: {
      it: 'Il contenuto dell’allegato non è leggibile: allega di nuovo il file.',
      en: 'The attachment’s content cannot be read: attach the file again.',
      de: 'Der Inhalt des Anhangs ist nicht lesbar: bitte die Datei erneut anhängen.',
    },
  },
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentence kind of a structure problem, from its kind and parameters. */
function sentenceKind(problem: StructureProblem): string {
  const p = problem.params;
  switch (problem.kind) {
    case 'missing':
    case 'empty':
      return 'required';
    case 'length': {
      const length = Number(p.length);
      if (p.min === p.max) return 'length-exact';
      return length < Number(p.min) ? 'length-min' : 'length-max';
    }
    case 'pattern':
      return p.character !== undefined ? 'charset' : 'pattern';
    case 'decimal':
      return /^-?\d+\.\.\d+$/.test(String(p.format ?? ''))
        ? 'integer'
        : String(p.format ?? '').includes('≤')
          ? 'decimal-max'
          : 'decimal';
    case 'unexpected':
    case 'order':
      return 'misplaced';
    default:
      return problem.kind;
  }
}

/** The digits a decimal format allows: `N{1,11}.N{2,8} ≤ 100.00` or an integer range `1..9999`. */
function formatValues(format: string): Record<string, string> {
  const range = /^(-?\d+)\.\.(\d+)$/.exec(format);
  if (range) return { min: range[1] ?? '', max: range[2] ?? '' };
  const digits = [...format.matchAll(/N\{(\d+)(?:,(\d+))?\}/g)].map((m) => m[2] ?? m[1] ?? '');
  const max = /≤\s*([0-9.]+)/.exec(format)?.[1] ?? '';
  return { intMax: digits[0] ?? '', fracMax: digits[1] ?? '', max: max.replace(/\.0+$/, '') };
}

export interface Worded {
  description: string;
  hint: string;
}

/** A structure (schema) problem at `problem.path`, as a sentence about its field. */
export function wordStructureProblem(problem: StructureProblem, lang: Language): Worded {
  const kind = sentenceKind(problem);
  const key = keyOf(problem.path, FIELD_SENTENCES);
  const own =
    FIELD_SENTENCES[key]?.[kind] ??
    FIELD_SENTENCES[key]?.[problem.kind] ??
    (kind.startsWith('length') ? FIELD_SENTENCES[key]?.length : undefined);
  const template = own?.[lang] ?? KIND_SENTENCES[kind]?.[lang] ?? KIND_SENTENCES.pattern![lang];
  const the = fieldName(problem.path, lang);
  const named = NAMES[keyOf(problem.path, NAMES)] ?? THIS_FIELD;
  const values: Record<string, string | number> = {
    ...problem.params,
    ...(problem.kind === 'decimal' ? formatValues(String(problem.params.format ?? '')) : {}),
    the,
    The: capitalize(the),
    bare: named.deBare,
  };
  return { description: interpolate(template, values), hint: '' };
}

/** Party words for the SDI sentences. */
const PARTY = {
  supplier: { it: 'del fornitore', en: 'supplier’s', de: 'des Lieferanten' },
  customer: { it: 'del cliente', en: 'customer’s', de: 'des Kunden' },
  representative: {
    it: 'del rappresentante fiscale',
    en: 'tax representative’s',
    de: 'des Fiskalvertreters',
  },
};

const VAT_INVALID: Sentences = {
  it: 'La partita IVA {{party}} «{{value}}» non è valida: ha 11 cifre e l’ultima, di controllo, non corrisponde.',
  en: 'The {{party}} VAT number “{{value}}” is not valid: it has 11 digits and the last one, a check digit, does not match.',
  de: 'Die USt-IdNr. {{party}} „{{value}}“ ist ungültig: sie hat 11 Ziffern, und die letzte, die Prüfziffer, stimmt nicht.',
};
const FISCAL_CODE_INVALID: Sentences = {
  it: 'Il codice fiscale {{party}} «{{value}}» non è valido: 16 caratteri (11 cifre per una società) con il carattere di controllo giusto.',
  en: 'The {{party}} fiscal code “{{value}}” is not valid: 16 characters (11 digits for a company) with the right check character.',
  de: 'Die Steuernummer {{party}} „{{value}}“ ist ungültig: 16 Zeichen (11 Ziffern für eine Gesellschaft) mit dem richtigen Prüfzeichen.',
};
const NOT_SAME_SUBJECT: Sentences = {
  it: 'La partita IVA e il codice fiscale {{party}} non appartengono allo stesso soggetto.',
  en: 'The {{party}} VAT number and fiscal code do not belong to the same person or company.',
  de: 'USt-IdNr. und Steuernummer {{party}} gehören nicht zur selben Person oder Firma.',
};

/** SDI's content checks in the composer's words, by code; `party` and dates are filled in. */
const SDI_SENTENCES: Partial<Record<string, Sentences & { party?: keyof typeof PARTY }>> = {
  '00200': NAME_OR_PERSON,
  '00300': {
    it: 'Il codice fiscale del trasmittente «{{value}}» non è valido: 11 cifre oppure 16 caratteri, con il carattere di controllo giusto.',
    en: 'The transmitter’s fiscal code “{{value}}” is not valid: 11 digits or 16 characters, with the right check character.',
    de: 'Die Steuernummer des Übermittlers „{{value}}“ ist ungültig: 11 Ziffern oder 16 Zeichen, mit dem richtigen Prüfzeichen.',
  },
  '00301': { ...VAT_INVALID, party: 'supplier' },
  '00302': { ...FISCAL_CODE_INVALID, party: 'supplier' },
  '00303': { ...VAT_INVALID, party: 'representative' },
  '00304': { ...FISCAL_CODE_INVALID, party: 'representative' },
  '00305': { ...VAT_INVALID, party: 'customer' },
  '00306': { ...FISCAL_CODE_INVALID, party: 'customer' },
  '00311': {
    it: 'Il codice destinatario «{{code}}» non è valido: 7 caratteri (6 per la pubblica amministrazione) di un canale o ufficio esistente.',
    en: 'The recipient code “{{code}}” is not valid: 7 characters (6 for a public administration) of an existing channel or office.',
    de: 'Der Empfängercode „{{code}}“ ist ungültig: 7 Zeichen (6 für eine öffentliche Verwaltung) eines bestehenden Kanals oder Amts.',
  },
  '00312': {
    it: 'Il codice destinatario «{{code}}» non è attivo: chiedi al cliente quello in uso, oppure invia alla sua PEC.',
    en: 'The recipient code “{{code}}” is not active: ask the customer for the one in use, or send to their PEC address.',
    de: 'Der Empfängercode „{{code}}“ ist nicht aktiv: bitte den Kunden nach dem gültigen fragen oder an seine PEC-Adresse senden.',
  },
  '00313': {
    it: 'Il codice XXXXXXX è solo per i clienti esteri: indica la partita IVA estera del cliente, oppure un codice destinatario o la PEC.',
    en: 'The code XXXXXXX is for customers abroad only: give the customer’s foreign VAT number, or a recipient code or PEC address.',
    de: 'Der Code XXXXXXX gilt nur für Kunden im Ausland: bitte die ausländische USt-IdNr. des Kunden angeben, oder einen Empfängercode oder eine PEC-Adresse.',
  },
  '00320': { ...NOT_SAME_SUBJECT, party: 'supplier' },
  '00324': { ...NOT_SAME_SUBJECT, party: 'customer' },
  '00400': {
    it: 'Una riga senza IVA richiede la natura (per esempio N2.2, N3.1, N4).',
    en: 'A line without VAT needs its nature (for example N2.2, N3.1, N4).',
    de: 'Eine Position ohne MwSt. braucht ihre Natura (zum Beispiel N2.2, N3.1, N4).',
  },
  '00401': {
    it: 'Una riga con IVA non ha natura: togli la natura, oppure scegli «Senza IVA».',
    en: 'A line with VAT has no nature: remove the nature, or choose “No VAT”.',
    de: 'Eine Position mit MwSt. hat keine Natura: bitte die Natura entfernen oder „Ohne MwSt.“ wählen.',
  },
  '00403': {
    it: 'La data del documento non può essere nel futuro.',
    en: 'The document date cannot be in the future.',
    de: 'Das Dokumentdatum darf nicht in der Zukunft liegen.',
  },
  '00404': {
    it: 'Il numero {{numero}} è già stato usato per un documento dello stesso tipo e anno.',
    en: 'The number {{numero}} was already used for a document of the same type and year.',
    de: 'Die Nummer {{numero}} wurde schon für ein Dokument derselben Art und desselben Jahres verwendet.',
  },
  '00411': {
    it: 'Le righe soggette a ritenuta richiedono i dati della ritenuta: aggiungila, oppure togli la ritenuta dalle righe.',
    en: 'Lines subject to withholding need the withholding: add it, or untick the lines.',
    de: 'Positionen mit Quellensteuer brauchen die Quellensteuer: bitte hinzufügen oder bei den Positionen abwählen.',
  },
  '00413': {
    it: 'Il contributo della cassa senza IVA richiede la natura.',
    en: 'A fund contribution without VAT needs its nature.',
    de: 'Ein Kassenbeitrag ohne MwSt. braucht seine Natura.',
  },
  '00414': {
    it: 'Il contributo della cassa con IVA non ha natura: toglila, oppure scegli «Senza IVA».',
    en: 'A fund contribution with VAT has no nature: remove it, or choose “No VAT”.',
    de: 'Ein Kassenbeitrag mit MwSt. hat keine Natura: bitte entfernen oder „Ohne MwSt.“ wählen.',
  },
  '00415': {
    it: 'Il contributo della cassa soggetto a ritenuta richiede i dati della ritenuta: aggiungila, oppure togli la spunta.',
    en: 'A fund contribution subject to withholding needs the withholding: add it, or untick the contribution.',
    de: 'Ein Kassenbeitrag mit Quellensteuer braucht die Quellensteuer: bitte hinzufügen oder abwählen.',
  },
  '00417': {
    it: 'Indica la partita IVA o il codice fiscale del cliente.',
    en: 'Enter the customer’s VAT number or fiscal code.',
    de: 'Bitte USt-IdNr. oder Steuernummer des Kunden angeben.',
  },
  '00418': {
    it: 'La data del documento ({{data}}) non può precedere quella della fattura collegata ({{linkedDate}}).',
    en: 'The document date ({{data}}) cannot be earlier than the date of the linked invoice ({{linkedDate}}).',
    de: 'Das Dokumentdatum ({{data}}) darf nicht vor dem Datum der verknüpften Rechnung ({{linkedDate}}) liegen.',
  },
  '00420': {
    it: 'Con l’inversione contabile (N6) la scissione dei pagamenti non si applica.',
    en: 'Split payment does not apply to reverse charge (N6).',
    de: 'Split Payment gilt nicht bei Umkehrung der Steuerschuld (N6).',
  },
  '00424': {
    it: 'L’aliquota si scrive in percentuale: 22, non 0,22.',
    en: 'The rate is written as a percentage: 22, not 0.22.',
    de: 'Der Satz wird in Prozent geschrieben: 22, nicht 0,22.',
  },
  '00425': {
    it: 'Il numero del documento deve contenere almeno una cifra.',
    en: 'The document number must contain at least one digit.',
    de: 'Die Dokumentnummer muss mindestens eine Ziffer enthalten.',
  },
  '00427': {
    it: 'Il codice destinatario ha 6 caratteri per la pubblica amministrazione e 7 per gli altri clienti.',
    en: 'The recipient code has 6 characters for a public administration and 7 for other customers.',
    de: 'Der Empfängercode hat 6 Zeichen für eine öffentliche Verwaltung und 7 für andere Kunden.',
  },
  '00437': {
    it: 'Per lo sconto o la maggiorazione indica la percentuale o l’importo.',
    en: 'For the discount or surcharge give the percentage or the amount.',
    de: 'Für den Rabatt oder Zuschlag bitte den Prozentsatz oder den Betrag angeben.',
  },
  '00438': {
    it: 'Per lo sconto o la maggiorazione indica la percentuale o l’importo.',
    en: 'For the discount or surcharge give the percentage or the amount.',
    de: 'Für den Rabatt oder Zuschlag bitte den Prozentsatz oder den Betrag angeben.',
  },
  '00445': {
    it: 'Indica la natura con il suo sottocodice (per esempio N2.2, N3.1, N6.3).',
    en: 'Give the nature with its sub-code (for example N2.2, N3.1, N6.3).',
    de: 'Bitte die Natura mit ihrem Untercode angeben (zum Beispiel N2.2, N3.1, N6.3).',
  },
  '00471': {
    it: 'Con il tipo documento {{tipoDocumento}} fornitore e cliente devono essere soggetti diversi: hanno la stessa partita IVA {{vat}}.',
    en: 'With document type {{tipoDocumento}} the supplier and the customer must be different subjects: both have VAT number {{vat}}.',
    de: 'Bei der Belegart {{tipoDocumento}} müssen Lieferant und Kunde verschiedene Rechtsträger sein: beide haben die USt-IdNr. {{vat}}.',
  },
  '00472': {
    it: 'Con il tipo documento {{tipoDocumento}} fornitore e cliente sono lo stesso soggetto: indica la stessa partita IVA.',
    en: 'With document type {{tipoDocumento}} the supplier and the customer are the same subject: give the same VAT number.',
    de: 'Bei der Belegart {{tipoDocumento}} sind Lieferant und Kunde derselbe Rechtsträger: bitte dieselbe USt-IdNr. angeben.',
  },
  '00473': {
    it: 'Con il tipo documento {{tipoDocumento}} la partita IVA del fornitore non può essere del paese {{idPaese}}: TD17, TD18 e TD19 sono per fornitori esteri, TD28 per quelli di San Marino, TD29 per quelli italiani.',
    en: 'With document type {{tipoDocumento}} the supplier’s VAT number cannot be from {{idPaese}}: TD17, TD18 and TD19 are for suppliers abroad, TD28 for San Marino, TD29 for Italian ones.',
    de: 'Bei der Belegart {{tipoDocumento}} darf die USt-IdNr. des Lieferanten nicht aus {{idPaese}} sein: TD17, TD18 und TD19 gelten für Lieferanten im Ausland, TD28 für San Marino, TD29 für italienische.',
  },
  '00475': {
    it: 'Il tipo documento {{tipoDocumento}} richiede la partita IVA del cliente.',
    en: 'Document type {{tipoDocumento}} needs the customer’s VAT number.',
    de: 'Die Belegart {{tipoDocumento}} verlangt die USt-IdNr. des Kunden.',
  },
};

const SDI_FALLBACK: Sentences = {
  it: 'SDI scarterebbe la fattura per questo dato (errore {{errorCode}}).',
  en: 'SDI would discard the invoice for this (error {{errorCode}}).',
  de: 'SDI würde die Rechnung deswegen zurückweisen (Fehler {{errorCode}}).',
};

/** A date written YYYY-MM-DD, as the UI language writes it; anything else as given. */
function localDate(value: string | number | undefined, lang: Language): string {
  const text = String(value ?? '');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return text;
  const [, y, m, d] = match;
  return lang === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

/** Element names, numbered paths or patterns in a text: not a sentence for a form. */
const TECHNICAL = /[<>]|\b\d+\.\d+\.\d+|[a-z][A-Z]|\[[^\]]*\]\{/;

/** An SDI content-check problem as a sentence about its field. */
export function wordSdiProblem(problem: SdiProblem, lang: Language): Worded {
  const own = SDI_SENTENCES[problem.code];
  const params: InterpolationValues = problem.params;
  const values: InterpolationValues = {
    ...params,
    errorCode: problem.code,
    data: localDate(params.data, lang),
    linkedDate: localDate(params.linkedDate, lang),
    party: own?.party ? PARTY[own.party][lang] : '',
  };
  if (own) return { description: interpolate(own[lang], values), hint: '' };
  // A code without words of its own: the engine's advice when it is plain, else which error SDI would give.
  const hint = sdiMessages[lang][problem.code as keyof (typeof sdiMessages)[Language]]?.hint ?? '';
  const advice = interpolate(hint, values);
  if (advice !== '' && !TECHNICAL.test(advice) && !hasPlaceholder(advice))
    return { description: advice, hint: '' };
  return { description: interpolate(SDI_FALLBACK[lang], values), hint: '' };
}

/**
 * Which draft field shows an SDI problem the checks place on a whole block (00417 on the customer's data) or on
 * TipoDocumento although one party's data is what to change: 00473 the supplier's country, 00475 the customer's
 * VAT number. 00471 and 00472 stay at the type: either party, or the type, may be what is wrong.
 */
export const SDI_FIELDS: Readonly<Record<string, string>> = {
  '00417': 'customer.vat',
  '00473': 'supplier.vat',
  '00475': 'customer.vat',
};
