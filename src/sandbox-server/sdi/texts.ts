import type { SendState } from '../../shared/api/types.ts';

/*
 * What the simulated SDI writes in its notifications and Updates. SDI speaks Italian whatever the client's
 * language, and the Update repeats the notification word for word, so these texts are not in the i18n catalogs
 * (those translate the API's own messages).
 */

export interface SdiText {
  description: string;
  hint: string;
}

/** Added to a discard the `Sandbox-Scenario` header forced, so nobody mistakes it for a real defect. */
export const FORCED_SUFFIX = ' (scarto simulato dalla sandbox)';
export const FORCED_GENERIC: SdiText = {
  description: 'Errore {{code}}',
  hint: 'Scarto richiesto con l’intestazione Sandbox-Scenario.',
};

/** The description of each Update, as SDI's message would put it. */
export const UPDATE_DESCRIPTIONS: Readonly<Record<SendState, string>> = {
  Inviato: 'File ricevuto dal Sistema di Interscambio',
  Scartato: 'File scartato dal Sistema di Interscambio',
  Consegnato: 'Fattura consegnata al destinatario',
  ImpossibilitaDiRecapito:
    'Impossibilità di recapito: la fattura è a disposizione del destinatario nella sua area riservata',
  NonConsegnato: 'Mancata consegna: la pubblica amministrazione destinataria non è raggiungibile',
  AccettatoDalDestinatario: 'Accettata dal destinatario',
  RifiutatoDalDestinatario: 'Rifiutata dal destinatario',
  DecorrenzaTermini: 'Decorrenza termini: nessun esito dal destinatario entro 15 giorni dalla consegna',
  AttestazioneTrasmissioneFattura:
    'Attestazione di avvenuta trasmissione della fattura con impossibilità di recapito',
};

/** Delivery to the SCAMBIO channel, for a recipient that is not registered yet. */
export const HELD_DESCRIPTION =
  'Fattura consegnata al canale SCAMBIO: sarà recapitata quando il destinatario si registra';

/**
 * The Note of a ScartoEsitoCommittente EN01 (outcome not admissible), by where the invoice stands at SDI: past
 * the 15 days (the DT went out), answered already, or never delivered to the office that answers.
 */
export function scartoEsitoNote(state: SendState | null): string {
  switch (state) {
    case 'DecorrenzaTermini':
      return 'Esito non ammissibile: sono trascorsi i 15 giorni dalla consegna (decorrenza termini già notificata)';
    case 'AccettatoDalDestinatario':
    case 'RifiutatoDalDestinatario':
      return 'Esito non ammissibile: per questa fattura è già stato comunicato un esito';
    default:
      return 'Esito non ammissibile: la fattura non risulta consegnata al destinatario';
  }
}
