import {
  CAPType,
  CodEORIType,
  CodiceFiscaleType,
  CodiceType,
  EmailContattiType,
  EmailType,
  FormatoTrasmissioneType,
  NazioneType,
  NumeroCivicoType,
  ProvinciaType,
  RegimeFiscaleType,
  SocioUnicoType,
  SoggettoEmittenteType,
  StatoLiquidazioneType,
  String10Type,
  String20Type,
  String60LatinType,
  String60Type,
  String80LatinType,
  TelFaxType,
  TitoloType,
  Amount2DecimalType,
  XsDate,
} from './simple-types.ts';
import { choice, complex, el, patterned } from './types.ts';

/* FatturaElettronicaHeader of Schema_VFPR12_v1.2.3.xsd (FPA12 and FPR12), every sequence in schema order. */

export const CodiceDestinatarioType = patterned('CodiceDestinatarioType', '[A-Z0-9]{6,7}');

export const IdFiscaleType = complex('IdFiscaleType', [
  el('IdPaese', NazioneType),
  el('IdCodice', CodiceType),
]);

export const IndirizzoType = complex('IndirizzoType', [
  el('Indirizzo', String60LatinType),
  el('NumeroCivico', NumeroCivicoType, '?'),
  el('CAP', CAPType),
  el('Comune', String60LatinType),
  el('Provincia', ProvinciaType, '?'),
  el('Nazione', NazioneType, '1', { default: 'IT' }),
]);

export const AnagraficaType = complex('AnagraficaType', [
  choice(
    [el('Denominazione', String80LatinType)],
    [el('Nome', String60LatinType), el('Cognome', String60LatinType)],
  ),
  el('Titolo', TitoloType, '?'),
  el('CodEORI', CodEORIType, '?'),
]);

export const ContattiTrasmittenteType = complex('ContattiTrasmittenteType', [
  el('Telefono', TelFaxType, '?'),
  el('Email', EmailContattiType, '?'),
]);

export const DatiTrasmissioneType = complex('DatiTrasmissioneType', [
  el('IdTrasmittente', IdFiscaleType),
  el('ProgressivoInvio', String10Type),
  el('FormatoTrasmissione', FormatoTrasmissioneType),
  el('CodiceDestinatario', CodiceDestinatarioType),
  el('ContattiTrasmittente', ContattiTrasmittenteType, '?'),
  el('PECDestinatario', EmailType, '?'),
]);

export const DatiAnagraficiCedenteType = complex('DatiAnagraficiCedenteType', [
  el('IdFiscaleIVA', IdFiscaleType),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  el('Anagrafica', AnagraficaType),
  el('AlboProfessionale', String60LatinType, '?'),
  el('ProvinciaAlbo', ProvinciaType, '?'),
  el('NumeroIscrizioneAlbo', String60Type, '?'),
  el('DataIscrizioneAlbo', XsDate, '?'),
  el('RegimeFiscale', RegimeFiscaleType),
]);

export const IscrizioneREAType = complex('IscrizioneREAType', [
  el('Ufficio', ProvinciaType),
  el('NumeroREA', String20Type),
  el('CapitaleSociale', Amount2DecimalType, '?'),
  el('SocioUnico', SocioUnicoType, '?'),
  el('StatoLiquidazione', StatoLiquidazioneType),
]);

export const ContattiType = complex('ContattiType', [
  el('Telefono', TelFaxType, '?'),
  el('Fax', TelFaxType, '?'),
  el('Email', EmailContattiType, '?'),
]);

export const CedentePrestatoreType = complex('CedentePrestatoreType', [
  el('DatiAnagrafici', DatiAnagraficiCedenteType),
  el('Sede', IndirizzoType),
  el('StabileOrganizzazione', IndirizzoType, '?'),
  el('IscrizioneREA', IscrizioneREAType, '?'),
  el('Contatti', ContattiType, '?'),
  el('RiferimentoAmministrazione', String20Type, '?'),
]);

export const DatiAnagraficiRappresentanteType = complex('DatiAnagraficiRappresentanteType', [
  el('IdFiscaleIVA', IdFiscaleType),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  el('Anagrafica', AnagraficaType),
]);

export const RappresentanteFiscaleType = complex('RappresentanteFiscaleType', [
  el('DatiAnagrafici', DatiAnagraficiRappresentanteType),
]);

/** Unlike the other parties, the buyer's representative has no Anagrafica wrapper. */
export const RappresentanteFiscaleCessionarioType = complex('RappresentanteFiscaleCessionarioType', [
  el('IdFiscaleIVA', IdFiscaleType),
  choice(
    [el('Denominazione', String80LatinType)],
    [el('Nome', String60LatinType), el('Cognome', String60LatinType)],
  ),
]);

/** IdFiscaleIVA and CodiceFiscale are both optional here; "at least one" is an SdI rule, not the schema's. */
export const DatiAnagraficiCessionarioType = complex('DatiAnagraficiCessionarioType', [
  el('IdFiscaleIVA', IdFiscaleType, '?'),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  el('Anagrafica', AnagraficaType),
]);

export const CessionarioCommittenteType = complex('CessionarioCommittenteType', [
  el('DatiAnagrafici', DatiAnagraficiCessionarioType),
  el('Sede', IndirizzoType),
  el('StabileOrganizzazione', IndirizzoType, '?'),
  el('RappresentanteFiscale', RappresentanteFiscaleCessionarioType, '?'),
]);

export const DatiAnagraficiTerzoIntermediarioType = complex('DatiAnagraficiTerzoIntermediarioType', [
  el('IdFiscaleIVA', IdFiscaleType, '?'),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  el('Anagrafica', AnagraficaType),
]);

export const TerzoIntermediarioSoggettoEmittenteType = complex('TerzoIntermediarioSoggettoEmittenteType', [
  el('DatiAnagrafici', DatiAnagraficiTerzoIntermediarioType),
]);

export const FatturaElettronicaHeaderType = complex('FatturaElettronicaHeaderType', [
  el('DatiTrasmissione', DatiTrasmissioneType),
  el('CedentePrestatore', CedentePrestatoreType),
  el('RappresentanteFiscale', RappresentanteFiscaleType, '?'),
  el('CessionarioCommittente', CessionarioCommittenteType),
  el('TerzoIntermediarioOSoggettoEmittente', TerzoIntermediarioSoggettoEmittenteType, '?'),
  el('SoggettoEmittente', SoggettoEmittenteType, '?'),
]);
