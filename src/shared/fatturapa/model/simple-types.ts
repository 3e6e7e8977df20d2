import { basicLatin, decimal, enumeration, integer, latin1, patterned } from './types.ts';
import type {
  AnyTypeDef,
  Base64TypeDef,
  DateTimeTypeDef,
  DateTypeDef,
  EnumTypeDef,
  StringTypeDef,
} from './types.ts';

/*
 * Simple types of Schema_VFPR12_v1.2.3.xsd, named as in the schema. Schema_VFSM10.xsd declares most of them
 * again with identical facets; where FSM10 differs its own definition lives in simplified.ts.
 */

// Strings --------------------------------------------------------------------------------------

export const String10Type = basicLatin('String10Type', 1, 10);
export const String15Type = basicLatin('String15Type', 1, 15);
export const String20Type = basicLatin('String20Type', 1, 20);
export const String35Type = basicLatin('String35Type', 1, 35);
export const String60Type = basicLatin('String60Type', 1, 60);
export const String80Type = basicLatin('String80Type', 1, 80);
export const String100Type = basicLatin('String100Type', 1, 100);
export const NumeroCivicoType = basicLatin('NumeroCivicoType', 1, 8);
export const TelFaxType = basicLatin('TelFaxType', 5, 12);

export const String60LatinType = latin1('String60LatinType', 1, 60);
export const String80LatinType = latin1('String80LatinType', 1, 80);
export const String100LatinType = latin1('String100LatinType', 1, 100);
export const String200LatinType = latin1('String200LatinType', 1, 200);
export const String1000LatinType = latin1('String1000LatinType', 1, 1000);

export const String35LatinExtType: StringTypeDef = {
  kind: 'string',
  name: 'String35LatinExtType',
  whiteSpace: 'replace',
  minLength: 1,
  maxLength: 35,
};

/** The schema restates whiteSpace="collapse" on this normalizedString, so padding spaces are accepted. */
export const TitoloType: StringTypeDef = {
  kind: 'string',
  name: 'TitoloType',
  whiteSpace: 'collapse',
  charset: 'basic-latin',
  minLength: 2,
  maxLength: 10,
};

export const CodiceType: StringTypeDef = {
  kind: 'string',
  name: 'CodiceType',
  whiteSpace: 'preserve',
  minLength: 1,
  maxLength: 28,
};

export const CodEORIType: StringTypeDef = {
  kind: 'string',
  name: 'CodEORIType',
  whiteSpace: 'preserve',
  minLength: 13,
  maxLength: 17,
};

export const CodiceFiscaleType = patterned('CodiceFiscaleType', '[A-Z0-9]{11,16}');
export const CodiceFiscalePFType = patterned('CodiceFiscalePFType', '[A-Z0-9]{16}');
export const ProvinciaType = patterned('ProvinciaType', '[A-Z]{2}');
export const NazioneType = patterned('NazioneType', '[A-Z]{2}');
export const DivisaType = patterned('DivisaType', '[A-Z]{3}');
export const TipoResaType = patterned('TipoResaType', '[A-Z]{3}');
export const CAPType = patterned('CAPType', '[0-9][0-9][0-9][0-9][0-9]');
export const ABIType = patterned('ABIType', '[0-9][0-9][0-9][0-9][0-9]');
export const CABType = patterned('CABType', '[0-9][0-9][0-9][0-9][0-9]');
export const IBANType = patterned('IBANType', '[a-zA-Z]{2}[0-9]{2}[a-zA-Z0-9]{11,30}');
export const BICType = patterned('BICType', '[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3}){0,1}');

/*
 * The schema's e-mail pattern read with XSD regex rules. Note its quoted local part: in XSD `\[\]!#-` is a
 * literal run of characters followed by the class `[^-~ \t]` (the authors probably meant one class);
 * libxml2 reads it that way too, so we do the same.
 */
const EMAIL_ATOM = "[!#-'*+/-9=?A-Z^-~-]";
const EMAIL_XSD =
  '([!#-\'*+/-9=?A-Z^-~-]+(\\.[!#-\'*+/-9=?A-Z^-~-]+)*|"(\\[\\]!#-[^-~ \\t]|(\\\\[\\t -~]))+")@' +
  "([!#-'*+/-9=?A-Z^-~-]+(\\.[!#-'*+/-9=?A-Z^-~-]+)*|\\[[\\t -Z^-~]*\\])";
const EMAIL_JS =
  `(?:${EMAIL_ATOM}+(?:\\.${EMAIL_ATOM}+)*|"(?:\\[\\]!#-[^\\-~ \\t]|\\\\[\\t -~])+")@` +
  `(?:${EMAIL_ATOM}+(?:\\.${EMAIL_ATOM}+)*|\\[[\\t -Z^-~]*\\])`;

/** xs:token, so surrounding and repeated blanks are collapsed before the pattern applies. */
export const EmailType: StringTypeDef = {
  kind: 'string',
  name: 'EmailType',
  whiteSpace: 'collapse',
  maxLength: 256,
  pattern: { xsd: EMAIL_XSD, js: EMAIL_JS },
};

export const EmailContattiType: StringTypeDef = {
  kind: 'string',
  name: 'EmailContattiType',
  whiteSpace: 'preserve',
  minLength: 7,
  maxLength: 256,
  // XSD `.` excludes only CR and LF; JavaScript's `.` would also exclude U+2028/U+2029.
  pattern: { xsd: '.+@.+[.]+.+', js: '[^\\n\\r]+@[^\\n\\r]+[.]+[^\\n\\r]+' },
};

// Codes ----------------------------------------------------------------------------------------

const range = (prefix: string, from: number, to: number, skip: readonly number[] = []): string[] => {
  const out: string[] = [];
  for (let i = from; i <= to; i++) if (!skip.includes(i)) out.push(`${prefix}${String(i).padStart(2, '0')}`);
  return out;
};

export const FormatoTrasmissioneType = enumeration('FormatoTrasmissioneType', ['FPA12', 'FPR12']);

export const TipoDocumentoType = enumeration('TipoDocumentoType', [
  ...range('TD', 1, 6),
  ...range('TD', 16, 29),
]);

export const TipoRitenutaType = enumeration('TipoRitenutaType', range('RT', 1, 6));

/** Codes of the CU model; Z is obsolete since 2021 but still in the schema. */
export const CausalePagamentoType = enumeration('CausalePagamentoType', [
  ...'ABCDEGHILMNOPQRSTUVWXYZ',
  'L1',
  'M1',
  'M2',
  'O1',
  'V1',
  'ZO',
]);

export const TipoScontoMaggiorazioneType = enumeration('TipoScontoMaggiorazioneType', ['SC', 'MG']);
export const Art73Type = enumeration('Art73Type', ['SI']);
export const TipoCassaType = enumeration('TipoCassaType', range('TC', 1, 22));
/** RF03 was withdrawn; RF20 arrived with 1.2.3 (1.2.2 stops at RF19). */
export const RegimeFiscaleType = enumeration('RegimeFiscaleType', range('RF', 1, 20, [3]));
export const SoggettoEmittenteType = enumeration('SoggettoEmittenteType', ['CC', 'TZ']);
export const CondizioniPagamentoType = enumeration('CondizioniPagamentoType', range('TP', 1, 3));
export const ModalitaPagamentoType = enumeration('ModalitaPagamentoType', range('MP', 1, 23));
export const RitenutaType = enumeration('RitenutaType', ['SI']);
export const EsigibilitaIVAType = enumeration('EsigibilitaIVAType', ['D', 'I', 'S']);
export const SocioUnicoType = enumeration('SocioUnicoType', ['SU', 'SM']);
export const StatoLiquidazioneType = enumeration('StatoLiquidazioneType', ['LS', 'LN']);
export const TipoCessionePrestazioneType = enumeration('TipoCessionePrestazioneType', [
  'SC',
  'PR',
  'AB',
  'AC',
]);
export const BolloVirtualeType = enumeration('BolloVirtualeType', ['SI']);

/** N2, N3 and N6 without sub-code are obsolete since 2021 but still in the schema. */
export const NATURA_CODES_UP_TO_N5 = [
  'N1',
  'N2',
  'N2.1',
  'N2.2',
  'N3',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
] as const;

export const NaturaType: EnumTypeDef = enumeration('NaturaType', [
  ...NATURA_CODES_UP_TO_N5,
  'N6',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
]);

// Numbers --------------------------------------------------------------------------------------

export const PesoType = decimal('PesoType', [1, 4], [1, 2]);
export const Amount8DecimalType = decimal('Amount8DecimalType', [1, 11], [2, 8], { signed: true });
export const Amount2DecimalType = decimal('Amount2DecimalType', [1, 11], [2, 2], { signed: true });
export const RateType = decimal('RateType', [1, 3], [2, 2], { maxInclusive: '100.00' });
export const QuantitaType = decimal('QuantitaType', [1, 12], [2, 8]);

export const RiferimentoFaseType = integer('RiferimentoFaseType', 1, 999);
export const NumeroColliType = integer('NumeroColliType', 1, 9999);
export const NumeroLineaType = integer('NumeroLineaType', 1, 9999);
export const RiferimentoNumeroLineaType = integer('RiferimentoNumeroLineaType', 1, 9999);
export const GiorniTerminePagamentoType = integer('GiorniTerminePagamentoType', 0, 999);

// Dates and binary -----------------------------------------------------------------------------

export const DataFatturaType: DateTypeDef = {
  kind: 'date',
  name: 'DataFatturaType',
  minInclusive: '1970-01-01',
};
export const XsDate: DateTypeDef = { kind: 'date', name: 'xs:date' };
export const XsDateTime: DateTimeTypeDef = { kind: 'dateTime', name: 'xs:dateTime' };
export const XsBase64Binary: Base64TypeDef = { kind: 'base64Binary', name: 'xs:base64Binary' };

export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
/** ds:Signature is validated by its own schema (and by signature verification), not by this model. */
export const SignatureContent: AnyTypeDef = { kind: 'any', name: 'ds:SignatureType' };
