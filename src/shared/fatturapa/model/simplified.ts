import { IdFiscaleType, IndirizzoType, IscrizioneREAType } from './ordinary-header.ts';
import {
  Amount2DecimalType,
  BolloVirtualeType,
  CodiceFiscaleType,
  DataFatturaType,
  DivisaType,
  DSIG_NAMESPACE,
  EmailType,
  NATURA_CODES_UP_TO_N5,
  RateType,
  SignatureContent,
  SoggettoEmittenteType,
  String1000LatinType,
  String100LatinType,
  String10Type,
  String20Type,
  String60LatinType,
  String80LatinType,
} from './simple-types.ts';
import { AllegatiType } from './ordinary-body.ts';
import { choice, complex, el, enumeration, patterned } from './types.ts';
import type { RootDef } from './types.ts';

/*
 * FatturaPA semplificata FSM10 (Schema_VFSM10.xsd, version 1.0.1). Complex types whose declaration is
 * identical in both schemas (IdFiscale, Indirizzo, IscrizioneREA, Allegati) are shared with the ordinary model.
 */

export const SIMPLIFIED_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';

export const FormatoTrasmissioneSemplificataType = enumeration('FormatoTrasmissioneType', ['FSM10']);
/** Only 7 characters here: simplified invoices never go to a public administration (6-character codes). */
export const CodiceDestinatarioSemplificataType = patterned('CodiceDestinatarioType', '[A-Z0-9]{7}');
export const TipoDocumentoSemplificataType = enumeration('TipoDocumentoType', ['TD07', 'TD08', 'TD09']);
/** FSM10 1.0.1 has RF19 but neither RF03 nor RF20. */
export const RegimeFiscaleSemplificataType = enumeration('RegimeFiscaleType', [
  'RF01',
  'RF02',
  'RF04',
  'RF05',
  'RF06',
  'RF07',
  'RF08',
  'RF09',
  'RF10',
  'RF11',
  'RF12',
  'RF13',
  'RF14',
  'RF15',
  'RF16',
  'RF17',
  'RF19',
  'RF18',
]);
/** No N6.x (reverse charge) nor N7 in the simplified format. */
export const NaturaSemplificataType = enumeration('NaturaType', NATURA_CODES_UP_TO_N5);

const nominativo = () =>
  choice(
    [el('Denominazione', String80LatinType)],
    [el('Nome', String60LatinType), el('Cognome', String60LatinType)],
  );

export const DatiTrasmissioneSemplificataType = complex('DatiTrasmissioneType', [
  el('IdTrasmittente', IdFiscaleType),
  el('ProgressivoInvio', String10Type),
  el('FormatoTrasmissione', FormatoTrasmissioneSemplificataType),
  el('CodiceDestinatario', CodiceDestinatarioSemplificataType),
  el('PECDestinatario', EmailType, '?'),
]);

export const RappresentanteFiscaleSemplificataType = complex('RappresentanteFiscaleType', [
  el('IdFiscaleIVA', IdFiscaleType),
  nominativo(),
]);

export const CedentePrestatoreSemplificataType = complex('CedentePrestatoreType', [
  el('IdFiscaleIVA', IdFiscaleType),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  nominativo(),
  el('Sede', IndirizzoType),
  el('StabileOrganizzazione', IndirizzoType, '?'),
  el('RappresentanteFiscale', RappresentanteFiscaleSemplificataType, '?'),
  el('IscrizioneREA', IscrizioneREAType, '?'),
  el('RegimeFiscale', RegimeFiscaleSemplificataType),
]);

/**
 * Not an xs:choice in the schema: both identifiers are optional and an empty IdentificativiFiscali is
 * schema-valid. Requiring one of them is left to the SdI business rules.
 */
export const IdentificativiFiscaliType = complex('IdentificativiFiscaliType', [
  el('IdFiscaleIVA', IdFiscaleType, '?'),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
]);

export const AltriDatiIdentificativiType = complex('AltriDatiIdentificativiType', [
  nominativo(),
  el('Sede', IndirizzoType),
  el('StabileOrganizzazione', IndirizzoType, '?'),
  el('RappresentanteFiscale', RappresentanteFiscaleSemplificataType, '?'),
]);

export const CessionarioCommittenteSemplificataType = complex('CessionarioCommittenteType', [
  el('IdentificativiFiscali', IdentificativiFiscaliType),
  el('AltriDatiIdentificativi', AltriDatiIdentificativiType, '?'),
]);

export const FatturaElettronicaHeaderSemplificataType = complex('FatturaElettronicaHeaderType', [
  el('DatiTrasmissione', DatiTrasmissioneSemplificataType),
  el('CedentePrestatore', CedentePrestatoreSemplificataType),
  el('CessionarioCommittente', CessionarioCommittenteSemplificataType),
  el('SoggettoEmittente', SoggettoEmittenteType, '?'),
]);

export const DatiGeneraliDocumentoSemplificataType = complex('DatiGeneraliDocumentoType', [
  el('TipoDocumento', TipoDocumentoSemplificataType),
  el('Divisa', DivisaType),
  el('Data', DataFatturaType),
  el('Numero', String20Type),
  el('BolloVirtuale', BolloVirtualeType, '?'),
]);

export const DatiFatturaRettificataType = complex('DatiFatturaRettificataType', [
  el('NumeroFR', String20Type),
  el('DataFR', DataFatturaType),
  el('ElementiRettificati', String1000LatinType),
]);

export const DatiGeneraliSemplificataType = complex('DatiGeneraliType', [
  el('DatiGeneraliDocumento', DatiGeneraliDocumentoSemplificataType),
  el('DatiFatturaRettificata', DatiFatturaRettificataType, '?'),
]);

export const DatiIVAType = complex('DatiIVAType', [
  el('Imposta', Amount2DecimalType, '?'),
  el('Aliquota', RateType, '?'),
]);

export const DatiBeniServiziSemplificataType = complex('DatiBeniServiziType', [
  el('Descrizione', String1000LatinType),
  el('Importo', Amount2DecimalType),
  el('DatiIVA', DatiIVAType),
  el('Natura', NaturaSemplificataType, '?'),
  el('RiferimentoNormativo', String100LatinType, '?'),
]);

export const FatturaElettronicaBodySemplificataType = complex('FatturaElettronicaBodyType', [
  el('DatiGenerali', DatiGeneraliSemplificataType),
  el('DatiBeniServizi', DatiBeniServiziSemplificataType, '+'),
  el('Allegati', AllegatiType, '*'),
]);

export const FatturaElettronicaSemplificataType = complex('FatturaElettronicaType', [
  el('FatturaElettronicaHeader', FatturaElettronicaHeaderSemplificataType),
  el('FatturaElettronicaBody', FatturaElettronicaBodySemplificataType, '+'),
  el('Signature', SignatureContent, '?', { namespace: DSIG_NAMESPACE }),
]);

export const SIMPLIFIED_MODEL = {
  name: 'FatturaElettronicaSemplificata',
  namespace: SIMPLIFIED_NAMESPACE,
  type: FatturaElettronicaSemplificataType,
  attributes: [
    { name: 'versione', type: FormatoTrasmissioneSemplificataType, required: true },
    { name: 'SistemaEmittente', type: String10Type, required: false },
  ],
} as const satisfies RootDef<typeof FatturaElettronicaSemplificataType>;
