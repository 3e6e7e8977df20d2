import { interpolate } from '../../interpolate.ts';
import type { Language } from '../../language.ts';
import type { StructureProblem, StructureProblemKind } from './validate-structure.ts';

export interface StructureMessage {
  description: string;
  hint: string;
}

/*
 * Texts per problem kind. Placeholders: {{path}} always; {{element}} always (an attribute is written
 * "@name", stray text "#text"); per kind:
 *   missing, unexpected, order: {{parent}}      order: {{expected}} (the schema order of the children)
 *   too-many: {{max}}        length: {{value}} {{length}} {{min}} {{max}}
 *   pattern: {{value}} {{expected}}      enum: {{value}} {{allowed}}
 *   decimal, date: {{value}} {{format}} (N = digit)     choice: {{options}}
 */
export const structureMessages: Record<Language, Record<StructureProblemKind, StructureMessage>> = {
  it: {
    missing: {
      description: "Manca l'elemento obbligatorio {{element}} in {{parent}} ({{path}}).",
      hint: 'Aggiungere {{element}}: lo schema FatturaPA lo richiede in questa posizione.',
    },
    unexpected: {
      description: "L'elemento {{element}} non è previsto in {{parent}} ({{path}}).",
      hint: 'Rimuovere {{element}} o verificarne nome, maiuscole/minuscole e namespace.',
    },
    order: {
      description: "L'elemento {{element}} non è nella posizione prevista dallo schema ({{path}}).",
      hint: 'Ordinare gli elementi di {{parent}} secondo lo schema: {{expected}}.',
    },
    'too-many': {
      description: "L'elemento {{element}} è ripetuto più volte del consentito ({{path}}).",
      hint: 'Sono ammesse al massimo {{max}} occorrenze.',
    },
    length: {
      description: 'Il valore di {{element}} ha {{length}} caratteri ({{path}}).',
      hint: 'La lunghezza deve essere compresa tra {{min}} e {{max}} caratteri.',
    },
    pattern: {
      description: 'Il valore «{{value}}» di {{element}} non ha il formato richiesto ({{path}}).',
      hint: 'Formato atteso: {{expected}}.',
    },
    enum: {
      description: 'Il valore «{{value}}» di {{element}} non è un codice ammesso ({{path}}).',
      hint: 'Valori ammessi: {{allowed}}.',
    },
    decimal: {
      description: 'Il valore «{{value}}» di {{element}} non è un numero nel formato richiesto ({{path}}).',
      hint: 'Formato: {{format}} (N = cifra); usare il punto come separatore decimale, senza separatori delle migliaia.',
    },
    date: {
      description: 'Il valore «{{value}}» di {{element}} non è una data valida ({{path}}).',
      hint: 'Formato: {{format}}, senza spazi.',
    },
    choice: {
      description: 'In {{element}} va indicata esattamente una delle alternative {{options}} ({{path}}).',
      hint: 'Indicare la denominazione oppure nome e cognome, non entrambi.',
    },
    empty: {
      description: "L'elemento {{element}} è vuoto ({{path}}).",
      hint: 'Valorizzare {{element}} oppure, se facoltativo, ometterlo.',
    },
  },
  en: {
    missing: {
      description: 'Required element {{element}} is missing in {{parent}} ({{path}}).',
      hint: 'Add {{element}}: the FatturaPA schema requires it at this position.',
    },
    unexpected: {
      description: 'Element {{element}} is not allowed in {{parent}} ({{path}}).',
      hint: 'Remove {{element}} or check its name, letter case and namespace.',
    },
    order: {
      description: 'Element {{element}} is not where the schema expects it ({{path}}).',
      hint: 'Put the children of {{parent}} in schema order: {{expected}}.',
    },
    'too-many': {
      description: 'Element {{element}} occurs more often than allowed ({{path}}).',
      hint: 'At most {{max}} occurrence(s) are allowed.',
    },
    length: {
      description: 'The value of {{element}} has {{length}} characters ({{path}}).',
      hint: 'The length must be between {{min}} and {{max}} characters.',
    },
    pattern: {
      description: 'The value "{{value}}" of {{element}} does not have the required format ({{path}}).',
      hint: 'Expected format: {{expected}}.',
    },
    enum: {
      description: 'The value "{{value}}" of {{element}} is not an allowed code ({{path}}).',
      hint: 'Allowed values: {{allowed}}.',
    },
    decimal: {
      description: 'The value "{{value}}" of {{element}} is not a number in the required format ({{path}}).',
      hint: 'Format: {{format}} (N = digit); use a dot as decimal separator and no thousands separators.',
    },
    date: {
      description: 'The value "{{value}}" of {{element}} is not a valid date ({{path}}).',
      hint: 'Format: {{format}}, without blanks.',
    },
    choice: {
      description: 'Exactly one of the alternatives {{options}} must be given in {{element}} ({{path}}).',
      hint: 'Give either the company name or first and last name, not both.',
    },
    empty: {
      description: 'Element {{element}} is empty ({{path}}).',
      hint: 'Fill in {{element}} or, if it is optional, leave it out.',
    },
  },
  de: {
    missing: {
      description: 'Das Pflichtelement {{element}} fehlt in {{parent}} ({{path}}).',
      hint: '{{element}} ergänzen: Das FatturaPA-Schema verlangt es an dieser Stelle.',
    },
    unexpected: {
      description: 'Das Element {{element}} ist in {{parent}} nicht zulässig ({{path}}).',
      hint: '{{element}} entfernen oder Name, Groß-/Kleinschreibung und Namensraum prüfen.',
    },
    order: {
      description: 'Das Element {{element}} steht nicht an der vom Schema vorgesehenen Stelle ({{path}}).',
      hint: 'Die Kindelemente von {{parent}} in Schemareihenfolge anordnen: {{expected}}.',
    },
    'too-many': {
      description: 'Das Element {{element}} kommt öfter vor als erlaubt ({{path}}).',
      hint: 'Erlaubt sind höchstens {{max}} Vorkommen.',
    },
    length: {
      description: 'Der Wert von {{element}} hat {{length}} Zeichen ({{path}}).',
      hint: 'Die Länge muss zwischen {{min}} und {{max}} Zeichen liegen.',
    },
    pattern: {
      description: 'Der Wert „{{value}}“ von {{element}} hat nicht das verlangte Format ({{path}}).',
      hint: 'Erwartetes Format: {{expected}}.',
    },
    enum: {
      description: 'Der Wert „{{value}}“ von {{element}} ist kein zulässiger Code ({{path}}).',
      hint: 'Zulässige Werte: {{allowed}}.',
    },
    decimal: {
      description: 'Der Wert „{{value}}“ von {{element}} ist keine Zahl im verlangten Format ({{path}}).',
      hint: 'Format: {{format}} (N = Ziffer); Punkt als Dezimaltrennzeichen, keine Tausendertrennzeichen.',
    },
    date: {
      description: 'Der Wert „{{value}}“ von {{element}} ist kein gültiges Datum ({{path}}).',
      hint: 'Format: {{format}}, ohne Leerzeichen.',
    },
    choice: {
      description: 'In {{element}} ist genau eine der Alternativen {{options}} anzugeben ({{path}}).',
      hint: 'Entweder die Firmenbezeichnung oder Vor- und Nachname angeben, nicht beides.',
    },
    empty: {
      description: 'Das Element {{element}} ist leer ({{path}}).',
      hint: '{{element}} ausfüllen oder, falls optional, weglassen.',
    },
  },
};

export interface DescribedStructureProblem {
  code: '00200';
  description: string;
  hint: string;
  path: string;
}

/** Fills the catalog text for `problem`; a placeholder without a value is left visible rather than blanked. */
export function describeStructureProblem(
  problem: StructureProblem,
  lang: Language = 'it',
): DescribedStructureProblem {
  const message = structureMessages[lang][problem.kind];
  const values = { ...problem.params, path: problem.path || '/' };
  return {
    code: problem.code,
    description: interpolate(message.description, values),
    hint: interpolate(message.hint, values),
    path: problem.path,
  };
}
