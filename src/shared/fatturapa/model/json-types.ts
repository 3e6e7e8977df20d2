import type { ORDINARY_MODEL } from './ordinary.ts';
import type {
  AnagraficaType,
  CedentePrestatoreType,
  CessionarioCommittenteType,
  DatiTrasmissioneType,
  FatturaElettronicaHeaderType,
  IdFiscaleType,
  IndirizzoType,
} from './ordinary-header.ts';
import type {
  AllegatiType,
  DatiBeniServiziType,
  DatiGeneraliDocumentoType,
  DatiGeneraliType,
  DatiPagamentoType,
  DatiRiepilogoType,
  DettaglioLineeType,
  DettaglioPagamentoType,
  FatturaElettronicaBodyType,
} from './ordinary-body.ts';
import type {
  FatturaElettronicaBodySemplificataType,
  FatturaElettronicaHeaderSemplificataType,
  SIMPLIFIED_MODEL,
} from './simplified.ts';
import type { JsonOfType } from './types.ts';

export type { JsonElement, JsonElementObject } from './types.ts';

/*
 * The JSON form, derived from the model: keys are the XML element names, elements with maxOccurs > 1 are
 * arrays (FatturaElettronicaBody included), leaves are strings in their lexical form ("122.00"), and
 * attributes are keys prefixed with '@' ('@versione', '@SistemaEmittente' next to FatturaElettronicaHeader).
 * The types describe a schema-valid document; converted data may carry more (unknown keys, '#text', an
 * array where one element is allowed) so that validation can report it.
 */

interface RootAttributesJson {
  '@versione': string;
  '@SistemaEmittente'?: string;
}

export type OrdinaryInvoiceJson = RootAttributesJson & JsonOfType<(typeof ORDINARY_MODEL)['type']>;
export type SimplifiedInvoiceJson = RootAttributesJson & JsonOfType<(typeof SIMPLIFIED_MODEL)['type']>;
export type FatturaPAJson = OrdinaryInvoiceJson | SimplifiedInvoiceJson;

export type HeaderJson = JsonOfType<typeof FatturaElettronicaHeaderType>;
export type BodyJson = JsonOfType<typeof FatturaElettronicaBodyType>;
export type DatiTrasmissioneJson = JsonOfType<typeof DatiTrasmissioneType>;
export type CedentePrestatoreJson = JsonOfType<typeof CedentePrestatoreType>;
export type CessionarioCommittenteJson = JsonOfType<typeof CessionarioCommittenteType>;
export type IdFiscaleJson = JsonOfType<typeof IdFiscaleType>;
export type AnagraficaJson = JsonOfType<typeof AnagraficaType>;
export type IndirizzoJson = JsonOfType<typeof IndirizzoType>;
export type DatiGeneraliJson = JsonOfType<typeof DatiGeneraliType>;
export type DatiGeneraliDocumentoJson = JsonOfType<typeof DatiGeneraliDocumentoType>;
export type DatiBeniServiziJson = JsonOfType<typeof DatiBeniServiziType>;
export type DettaglioLineeJson = JsonOfType<typeof DettaglioLineeType>;
export type DatiRiepilogoJson = JsonOfType<typeof DatiRiepilogoType>;
export type DatiPagamentoJson = JsonOfType<typeof DatiPagamentoType>;
export type DettaglioPagamentoJson = JsonOfType<typeof DettaglioPagamentoType>;
export type AllegatiJson = JsonOfType<typeof AllegatiType>;
export type SimplifiedHeaderJson = JsonOfType<typeof FatturaElettronicaHeaderSemplificataType>;
export type SimplifiedBodyJson = JsonOfType<typeof FatturaElettronicaBodySemplificataType>;
