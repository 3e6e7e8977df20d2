/**
 * The standard legal wording (RiferimentoNormativo) the composer proposes for a line or fund without VAT, by its
 * Natura and the supplier's RegimeFiscale. The wording is written in the invoice, so it is Italian whatever the UI
 * language, and it must fit RiferimentoNormativo: String100LatinType, at most 100 characters of Latin-1 (no ’ or –).
 *
 * Articles, from the AdE technical specifications' table of Natura codes (Allegato A, "Natura" 2.2.1.14): N6.1
 * art. 74 c. 7-8 (scrap), N6.2 art. 17 c. 5 (gold and silver, L. 7/2000), N6.3 art. 17 c. 6 lett. a) (building
 * subcontracting), N6.4 lett. a-bis) (buildings), N6.5 lett. b) (mobile phones), N6.6 lett. c) (electronic
 * products), N6.7 lett. a-ter) (cleaning, demolition, installation and completion of buildings), N6.8 lett.
 * d-bis), d-ter), d-quater) (energy sector), N6.9 other cases. The flat-rate scheme (RF19): the annotation the AdE
 * asks for in circ. 10/E of 4 April 2016, "operazione effettuata ai sensi dell'articolo 1, commi da 54 a 89, della
 * legge n. 190 del 2014", shortened to fit the element.
 */

/** RiferimentoNormativo holds at most this many characters (String100LatinType). */
export const LEGAL_REFERENCE_MAX = 100;

export const NATURE_WORDING: Readonly<Record<string, string>> = {
  N1: "Operazione esclusa dalla base imponibile ai sensi dell'art. 15 DPR 633/72",
  'N2.1': 'Operazione non soggetta a IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
  'N2.2': 'Operazione non soggetta a IVA ai sensi degli artt. 2, 3, 4 e 5 DPR 633/72',
  'N3.1': "Operazione non imponibile ai sensi dell'art. 8, comma 1, DPR 633/72 (esportazione)",
  'N3.2': "Cessione intracomunitaria non imponibile ai sensi dell'art. 41 DL 331/93",
  'N3.3': "Operazione non imponibile ai sensi dell'art. 71 DPR 633/72 (San Marino)",
  'N3.4': 'Operazione non imponibile ai sensi degli artt. 8-bis e 9 DPR 633/72',
  'N3.5': "Non imponibile ai sensi dell'art. 8, comma 1, lett. c), DPR 633/72 (dichiarazione d'intento)",
  'N3.6': 'Operazione non imponibile che non concorre al plafond (artt. 38-quater e 72 DPR 633/72)',
  N4: "Operazione esente da IVA ai sensi dell'art. 10 DPR 633/72",
  N5: "Regime del margine: IVA non esposta in fattura ai sensi dell'art. 36 DL 41/95",
  'N6.1': "Inversione contabile ai sensi dell'art. 74, commi 7 e 8, DPR 633/72",
  'N6.2': "Inversione contabile ai sensi dell'art. 17, comma 5, DPR 633/72",
  'N6.3': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. a), DPR 633/72",
  'N6.4': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. a-bis), DPR 633/72",
  'N6.5': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. b), DPR 633/72",
  'N6.6': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. c), DPR 633/72",
  'N6.7': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. a-ter), DPR 633/72",
  'N6.8': "Inversione contabile ai sensi dell'art. 17, comma 6, lett. d-bis), d-ter) e d-quater), DPR 633/72",
  'N6.9': "Inversione contabile ai sensi dell'art. 17 DPR 633/72 (altri casi)",
  N7: 'IVA assolta in altro Stato UE ai sensi degli artt. 7-octies e 74-sexies DPR 633/72',
};

/** The wording a regime puts on its lines without VAT, in place of the Natura's own. */
export const REGIME_WORDING: Readonly<Record<string, { nature: string; text: string }>> = {
  RF19: {
    nature: 'N2.2',
    text: "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
  },
  RF02: {
    nature: 'N2.2',
    text: "Operazione senza IVA ai sensi dell'art. 27, commi 1 e 2, DL 98/2011 - Regime dei minimi",
  },
};

/** The wording proposed for a line or fund with `nature` from a supplier in `regime`; '' when there is none. */
export function legalWording(nature: string, regime = ''): string {
  const own = REGIME_WORDING[regime];
  if (own && own.nature === nature) return own.text;
  return NATURE_WORDING[nature] ?? '';
}

/** True when `text` is blank or one of the proposals: replacing it loses nothing the user wrote. */
export function isProposedWording(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  return (
    Object.values(NATURE_WORDING).includes(trimmed) ||
    Object.values(REGIME_WORDING).some((wording) => wording.text === trimmed)
  );
}

/** The Natura a regime puts on every line: the flat-rate and minimum schemes charge no VAT (N2.2). */
export function regimeNature(regime: string): string | null {
  return REGIME_WORDING[regime]?.nature ?? null;
}
