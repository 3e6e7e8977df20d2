import type { KeyObject } from 'node:crypto';

/**
 * `pa`: MessaggiTypes_v1.1 (namespace http://www.fatturapa.gov.it/sdi/messaggi/v1.0), used for FPA12.
 * `b2b`: MessaggiFatturaTypes_v1.0 (namespace
 * http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0), used for FPR12 and FSM10.
 */
export type NotificationFamily = 'pa' | 'b2b';

/** The `<type>` part of a message file name. NE, DT, AT, EC and SE exist only in the PA family. */
export type NotificationType = 'RC' | 'NS' | 'MC' | 'NE' | 'DT' | 'AT' | 'MT' | 'EC' | 'SE';

export type Esito = 'EC01' | 'EC02';
export type ScartoEsito = 'EN00' | 'EN01';

export const PA_NAMESPACE = 'http://www.fatturapa.gov.it/sdi/messaggi/v1.0';
export const B2B_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0';

export const ROOT_ELEMENTS: Readonly<Record<NotificationFamily, Partial<Record<NotificationType, string>>>> =
  {
    pa: {
      RC: 'RicevutaConsegna',
      NS: 'NotificaScarto',
      MC: 'NotificaMancataConsegna',
      NE: 'NotificaEsito',
      DT: 'NotificaDecorrenzaTermini',
      AT: 'AttestazioneTrasmissioneFattura',
      MT: 'MetadatiInvioFile',
      EC: 'NotificaEsitoCommittente',
      SE: 'ScartoEsitoCommittente',
    },
    b2b: {
      RC: 'RicevutaConsegna',
      NS: 'RicevutaScarto',
      MC: 'RicevutaImpossibilitaRecapito',
      MT: 'FileMetadati',
    },
  };

/** What every message SdI issues about a received file has to know. */
export interface NotificationCommon {
  /** PA family: up to 12 digits; B2B family: 1–36 characters. */
  identificativoSdI: string;
  /** The invoice file name as received (`IT01234567890_11111.xml.p7m`), at most 50 characters. */
  nomeFile: string;
  /**
   * SHA-256 (hex) of the invoice file exactly as received, the `.p7m` when signed. Written as `Hash` in the
   * B2B family and as `HashFileOriginale` in the AT; the other PA messages have no place for it.
   */
  hash: string;
  /** Written only by the messages whose schema has `DataOraRicezione` (RC, NS, MC, AT). */
  dataOraRicezione: Date;
  /** PA family: 1–14 characters; B2B family: 1–36. */
  messageId: string;
  note?: string;
  pecMessageId?: string;
}

export interface RiferimentoArchivio {
  identificativoSdI: string;
  nomeFile: string;
}

export interface Destinatario {
  /** PA: the 6-character office code; B2B: 6 or 7 characters (`0000000` for PEC). */
  codice: string;
  /** Mandatory in the PA family, optional in B2B (e.g. the PEC address). */
  descrizione?: string;
}

export interface RiferimentoFattura {
  /** The invoice `Numero`: 1–20 printable ASCII characters. */
  numeroFattura: string;
  annoFattura: number;
  /** 1-based position of the body in a multi-body file. */
  posizioneFattura?: number;
}

export interface NotificationError {
  /** PA: exactly 5 characters; B2B: 1–5. */
  codice: string;
  descrizione: string;
  /** Only the B2B schema has it, and there it is mandatory: written empty when not given. */
  suggerimento?: string;
}

export interface RicevutaConsegnaInput extends NotificationCommon {
  dataOraConsegna: Date;
  /** Mandatory in the PA family. */
  destinatario?: Destinatario;
  riferimentoArchivio?: RiferimentoArchivio;
  /** PA only: `IntermediarioConDupliceRuolo="Si"`. */
  intermediarioConDupliceRuolo?: boolean;
  /** B2B only: `FlussoSemplificato="Si"`. */
  flussoSemplificato?: boolean;
}

export interface NotificaScartoInput extends NotificationCommon {
  /** 1 to 200 errors, written in this order. */
  errors: readonly NotificationError[];
  riferimentoArchivio?: RiferimentoArchivio;
}

export interface NotificaMancataConsegnaInput extends NotificationCommon {
  descrizione?: string;
  /** B2B only and mandatory there: the day the invoice is in the recipient's reserved area. */
  dataMessaADisposizione?: Date | string;
  riferimentoArchivio?: RiferimentoArchivio;
}

export interface EsitoCommittenteFields {
  riferimentoFattura?: RiferimentoFattura;
  esito: Esito;
  descrizione?: string;
  messageIdCommittente?: string;
}

export interface NotificaEsitoInput extends NotificationCommon {
  esitoCommittente: EsitoCommittenteFields;
  intermediarioConDupliceRuolo?: boolean;
}

export interface NotificaDecorrenzaTerminiInput extends NotificationCommon {
  riferimentoFattura?: RiferimentoFattura;
  descrizione?: string;
  intermediarioConDupliceRuolo?: boolean;
}

export interface AttestazioneTrasmissioneFatturaInput extends NotificationCommon {
  destinatario: Destinatario;
  riferimentoArchivio?: RiferimentoArchivio;
}

export interface MetadatiInvioFileInput extends NotificationCommon {
  codiceDestinatario: string;
  /** FPA12, FPR12, FSM10… at most 5 characters. */
  formato: string;
  /** Defaults to 1. */
  tentativiInvio?: number;
}

/** Sent by a PA recipient, not by SdI. */
export interface NotificaEsitoCommittenteInput extends EsitoCommittenteFields {
  identificativoSdI: string;
}

/** SdI to the PA recipient: its EC was rejected. */
export interface ScartoEsitoCommittenteInput {
  identificativoSdI: string;
  riferimentoFattura?: RiferimentoFattura;
  scarto: ScartoEsito;
  messageId: string;
  messageIdCommittente?: string;
  pecMessageId?: string;
  note?: string;
}

export type NotificationInput =
  | ({ type: 'RC' } & RicevutaConsegnaInput)
  | ({ type: 'NS' } & NotificaScartoInput)
  | ({ type: 'MC' } & NotificaMancataConsegnaInput)
  | ({ type: 'NE' } & NotificaEsitoInput)
  | ({ type: 'DT' } & NotificaDecorrenzaTerminiInput)
  | ({ type: 'AT' } & AttestazioneTrasmissioneFatturaInput)
  | ({ type: 'MT' } & MetadatiInvioFileInput)
  | ({ type: 'EC' } & NotificaEsitoCommittenteInput)
  | ({ type: 'SE' } & ScartoEsitoCommittenteInput);

/**
 * Key for the optional enveloped XML-DSig signature. Structurally a subset of the sandbox signing
 * credentials (`SigningCredential`), so those can be passed as they are.
 */
export interface NotificationSigner {
  /** An RSA private key: RSA PKCS#1 v1.5 is deterministic, so a signed message stays a pure function. */
  privateKey: KeyObject;
  /** DER certificate written in `KeyInfo/X509Data`; omitted when absent. */
  certificateDer?: Uint8Array;
  /** XAdES `SigningTime` (SignedProperties); left out when absent. */
  signingTime?: Date;
}

export interface BuildOptions {
  /** Adds an enveloped `ds:Signature`; by default messages are unsigned. Not allowed for MT. */
  signer?: NotificationSigner;
}

export class NotificationInputError extends Error {
  override readonly name = 'NotificationInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}
