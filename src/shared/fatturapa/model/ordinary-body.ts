import { AnagraficaType, IdFiscaleType, IndirizzoType } from './ordinary-header.ts';
import {
  ABIType,
  Amount2DecimalType,
  Amount8DecimalType,
  Art73Type,
  BICType,
  BolloVirtualeType,
  CABType,
  CausalePagamentoType,
  CodiceFiscaleType,
  CodiceFiscalePFType,
  CondizioniPagamentoType,
  DataFatturaType,
  DivisaType,
  EsigibilitaIVAType,
  GiorniTerminePagamentoType,
  IBANType,
  ModalitaPagamentoType,
  NaturaType,
  NumeroColliType,
  NumeroLineaType,
  PesoType,
  QuantitaType,
  RateType,
  RiferimentoFaseType,
  RiferimentoNumeroLineaType,
  RitenutaType,
  String1000LatinType,
  String100LatinType,
  String10Type,
  String15Type,
  String200LatinType,
  String20Type,
  String35LatinExtType,
  String35Type,
  String60LatinType,
  String60Type,
  String80LatinType,
  TipoCassaType,
  TipoCessionePrestazioneType,
  TipoDocumentoType,
  TipoResaType,
  TipoRitenutaType,
  TipoScontoMaggiorazioneType,
  TitoloType,
  XsBase64Binary,
  XsDate,
  XsDateTime,
} from './simple-types.ts';
import { complex, el } from './types.ts';

/* FatturaElettronicaBody of Schema_VFPR12_v1.2.3.xsd (FPA12 and FPR12), every sequence in schema order. */

export const DatiRitenutaType = complex('DatiRitenutaType', [
  el('TipoRitenuta', TipoRitenutaType),
  el('ImportoRitenuta', Amount2DecimalType),
  el('AliquotaRitenuta', RateType),
  el('CausalePagamento', CausalePagamentoType),
]);

export const DatiBolloType = complex('DatiBolloType', [
  el('BolloVirtuale', BolloVirtualeType),
  el('ImportoBollo', Amount2DecimalType, '?'),
]);

export const DatiCassaPrevidenzialeType = complex('DatiCassaPrevidenzialeType', [
  el('TipoCassa', TipoCassaType),
  el('AlCassa', RateType),
  el('ImportoContributoCassa', Amount2DecimalType),
  el('ImponibileCassa', Amount2DecimalType, '?'),
  el('AliquotaIVA', RateType),
  el('Ritenuta', RitenutaType, '?'),
  el('Natura', NaturaType, '?'),
  el('RiferimentoAmministrazione', String20Type, '?'),
]);

export const ScontoMaggiorazioneType = complex('ScontoMaggiorazioneType', [
  el('Tipo', TipoScontoMaggiorazioneType),
  el('Percentuale', RateType, '?'),
  el('Importo', Amount8DecimalType, '?'),
]);

export const DatiGeneraliDocumentoType = complex('DatiGeneraliDocumentoType', [
  el('TipoDocumento', TipoDocumentoType),
  el('Divisa', DivisaType),
  el('Data', DataFatturaType),
  el('Numero', String20Type),
  el('DatiRitenuta', DatiRitenutaType, '*'),
  el('DatiBollo', DatiBolloType, '?'),
  el('DatiCassaPrevidenziale', DatiCassaPrevidenzialeType, '*'),
  el('ScontoMaggiorazione', ScontoMaggiorazioneType, '*'),
  el('ImportoTotaleDocumento', Amount2DecimalType, '?'),
  el('Arrotondamento', Amount2DecimalType, '?'),
  el('Causale', String200LatinType, '*'),
  el('Art73', Art73Type, '?'),
]);

/** Shared by DatiOrdineAcquisto, DatiContratto, DatiConvenzione, DatiRicezione and DatiFattureCollegate. */
export const DatiDocumentiCorrelatiType = complex('DatiDocumentiCorrelatiType', [
  el('RiferimentoNumeroLinea', RiferimentoNumeroLineaType, '*'),
  el('IdDocumento', String20Type),
  el('Data', XsDate, '?'),
  el('NumItem', String20Type, '?'),
  el('CodiceCommessaConvenzione', String100LatinType, '?'),
  el('CodiceCUP', String15Type, '?'),
  el('CodiceCIG', String15Type, '?'),
]);

export const DatiSALType = complex('DatiSALType', [el('RiferimentoFase', RiferimentoFaseType)]);

export const DatiDDTType = complex('DatiDDTType', [
  el('NumeroDDT', String20Type),
  el('DataDDT', XsDate),
  el('RiferimentoNumeroLinea', RiferimentoNumeroLineaType, '*'),
]);

export const DatiAnagraficiVettoreType = complex('DatiAnagraficiVettoreType', [
  el('IdFiscaleIVA', IdFiscaleType),
  el('CodiceFiscale', CodiceFiscaleType, '?'),
  el('Anagrafica', AnagraficaType),
  el('NumeroLicenzaGuida', String20Type, '?'),
]);

export const DatiTrasportoType = complex('DatiTrasportoType', [
  el('DatiAnagraficiVettore', DatiAnagraficiVettoreType, '?'),
  el('MezzoTrasporto', String80LatinType, '?'),
  el('CausaleTrasporto', String100LatinType, '?'),
  el('NumeroColli', NumeroColliType, '?'),
  el('Descrizione', String100LatinType, '?'),
  el('UnitaMisuraPeso', String10Type, '?'),
  el('PesoLordo', PesoType, '?'),
  el('PesoNetto', PesoType, '?'),
  el('DataOraRitiro', XsDateTime, '?'),
  el('DataInizioTrasporto', XsDate, '?'),
  el('TipoResa', TipoResaType, '?'),
  el('IndirizzoResa', IndirizzoType, '?'),
  el('DataOraConsegna', XsDateTime, '?'),
]);

export const FatturaPrincipaleType = complex('FatturaPrincipaleType', [
  el('NumeroFatturaPrincipale', String20Type),
  el('DataFatturaPrincipale', XsDate),
]);

export const DatiGeneraliType = complex('DatiGeneraliType', [
  el('DatiGeneraliDocumento', DatiGeneraliDocumentoType),
  el('DatiOrdineAcquisto', DatiDocumentiCorrelatiType, '*'),
  el('DatiContratto', DatiDocumentiCorrelatiType, '*'),
  el('DatiConvenzione', DatiDocumentiCorrelatiType, '*'),
  el('DatiRicezione', DatiDocumentiCorrelatiType, '*'),
  el('DatiFattureCollegate', DatiDocumentiCorrelatiType, '*'),
  el('DatiSAL', DatiSALType, '*'),
  el('DatiDDT', DatiDDTType, '*'),
  el('DatiTrasporto', DatiTrasportoType, '?'),
  el('FatturaPrincipale', FatturaPrincipaleType, '?'),
]);

export const CodiceArticoloType = complex('CodiceArticoloType', [
  el('CodiceTipo', String35Type),
  el('CodiceValore', String35LatinExtType),
]);

export const AltriDatiGestionaliType = complex('AltriDatiGestionaliType', [
  el('TipoDato', String10Type),
  el('RiferimentoTesto', String60LatinType, '?'),
  el('RiferimentoNumero', Amount8DecimalType, '?'),
  el('RiferimentoData', XsDate, '?'),
]);

export const DettaglioLineeType = complex('DettaglioLineeType', [
  el('NumeroLinea', NumeroLineaType),
  el('TipoCessionePrestazione', TipoCessionePrestazioneType, '?'),
  el('CodiceArticolo', CodiceArticoloType, '*'),
  el('Descrizione', String1000LatinType),
  el('Quantita', QuantitaType, '?'),
  el('UnitaMisura', String10Type, '?'),
  el('DataInizioPeriodo', XsDate, '?'),
  el('DataFinePeriodo', XsDate, '?'),
  el('PrezzoUnitario', Amount8DecimalType),
  el('ScontoMaggiorazione', ScontoMaggiorazioneType, '*'),
  el('PrezzoTotale', Amount8DecimalType),
  el('AliquotaIVA', RateType),
  el('Ritenuta', RitenutaType, '?'),
  el('Natura', NaturaType, '?'),
  el('RiferimentoAmministrazione', String20Type, '?'),
  el('AltriDatiGestionali', AltriDatiGestionaliType, '*'),
]);

export const DatiRiepilogoType = complex('DatiRiepilogoType', [
  el('AliquotaIVA', RateType),
  el('Natura', NaturaType, '?'),
  el('SpeseAccessorie', Amount2DecimalType, '?'),
  el('Arrotondamento', Amount8DecimalType, '?'),
  el('ImponibileImporto', Amount2DecimalType),
  el('Imposta', Amount2DecimalType),
  el('EsigibilitaIVA', EsigibilitaIVAType, '?'),
  el('RiferimentoNormativo', String100LatinType, '?'),
]);

export const DatiBeniServiziType = complex('DatiBeniServiziType', [
  el('DettaglioLinee', DettaglioLineeType, '+'),
  el('DatiRiepilogo', DatiRiepilogoType, '+'),
]);

export const DatiVeicoliType = complex('DatiVeicoliType', [
  el('Data', XsDate),
  el('TotalePercorso', String15Type),
]);

export const DettaglioPagamentoType = complex('DettaglioPagamentoType', [
  el('Beneficiario', String200LatinType, '?'),
  el('ModalitaPagamento', ModalitaPagamentoType),
  el('DataRiferimentoTerminiPagamento', XsDate, '?'),
  el('GiorniTerminiPagamento', GiorniTerminePagamentoType, '?'),
  el('DataScadenzaPagamento', XsDate, '?'),
  el('ImportoPagamento', Amount2DecimalType),
  el('CodUfficioPostale', String20Type, '?'),
  el('CognomeQuietanzante', String60LatinType, '?'),
  el('NomeQuietanzante', String60LatinType, '?'),
  el('CFQuietanzante', CodiceFiscalePFType, '?'),
  el('TitoloQuietanzante', TitoloType, '?'),
  el('IstitutoFinanziario', String80LatinType, '?'),
  el('IBAN', IBANType, '?'),
  el('ABI', ABIType, '?'),
  el('CAB', CABType, '?'),
  el('BIC', BICType, '?'),
  el('ScontoPagamentoAnticipato', Amount2DecimalType, '?'),
  el('DataLimitePagamentoAnticipato', XsDate, '?'),
  el('PenalitaPagamentiRitardati', Amount2DecimalType, '?'),
  el('DataDecorrenzaPenale', XsDate, '?'),
  el('CodicePagamento', String60Type, '?'),
]);

export const DatiPagamentoType = complex('DatiPagamentoType', [
  el('CondizioniPagamento', CondizioniPagamentoType),
  el('DettaglioPagamento', DettaglioPagamentoType, '+'),
]);

export const AllegatiType = complex('AllegatiType', [
  el('NomeAttachment', String60LatinType),
  el('AlgoritmoCompressione', String10Type, '?'),
  el('FormatoAttachment', String10Type, '?'),
  el('DescrizioneAttachment', String100LatinType, '?'),
  el('Attachment', XsBase64Binary),
]);

export const FatturaElettronicaBodyType = complex('FatturaElettronicaBodyType', [
  el('DatiGenerali', DatiGeneraliType),
  el('DatiBeniServizi', DatiBeniServiziType),
  el('DatiVeicoli', DatiVeicoliType, '?'),
  el('DatiPagamento', DatiPagamentoType, '*'),
  el('Allegati', AllegatiType, '*'),
]);
