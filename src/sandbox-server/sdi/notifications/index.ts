export {
  buildAttestazioneTrasmissioneFattura,
  buildMetadatiInvioFile,
  buildNotification,
  buildNotificaDecorrenzaTermini,
  buildNotificaEsito,
  buildNotificaEsitoCommittente,
  buildNotificaMancataConsegna,
  buildNotificaScarto,
  buildRicevutaConsegna,
  buildScartoEsitoCommittente,
  notificationFamilyForFormat,
} from './build.ts';
export {
  invoiceFileStem,
  MAX_NOTIFICATION_PROGRESSIVE,
  notificationFileName,
  notificationProgressive,
} from './file-name.ts';
export { NotificationParseError, parseNotification } from './parse.ts';
export type { ParsedNotification } from './parse.ts';
export { formatRomeDate, formatRomeDateTime, romeOffsetMinutes } from './rome-time.ts';
export { DS_NAMESPACE } from './signature.ts';
export { B2B_NAMESPACE, NotificationInputError, PA_NAMESPACE, ROOT_ELEMENTS } from './types.ts';
export type {
  AttestazioneTrasmissioneFatturaInput,
  BuildOptions,
  Destinatario,
  Esito,
  EsitoCommittenteFields,
  MetadatiInvioFileInput,
  NotificaDecorrenzaTerminiInput,
  NotificaEsitoCommittenteInput,
  NotificaEsitoInput,
  NotificaMancataConsegnaInput,
  NotificaScartoInput,
  NotificationCommon,
  NotificationError,
  NotificationFamily,
  NotificationInput,
  NotificationSigner,
  NotificationType,
  RicevutaConsegnaInput,
  RiferimentoArchivio,
  RiferimentoFattura,
  ScartoEsito,
  ScartoEsitoCommittenteInput,
} from './types.ts';
