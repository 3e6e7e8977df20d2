import type {
  NotificationCommon,
  NotificationFamily,
  NotificationInput,
  NotificationType,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';

export const HASH = 'ef912599ea43cddf0c9ee59e30e38b2a91f0793ef046e61aa120a9d3ee0b5992';

export const COMMON: NotificationCommon = {
  identificativoSdI: '12345678901',
  nomeFile: 'IT01234567890_11111.xml.p7m',
  hash: HASH,
  dataOraRicezione: new Date('2026-11-22T09:00:00.000Z'),
  messageId: '98765432101234',
};

const RIFERIMENTO_FATTURA = { numeroFattura: 'FT-2026/0001', annoFattura: 2026, posizioneFattura: 2 };
const RIFERIMENTO_ARCHIVIO = { identificativoSdI: '12345678900', nomeFile: 'IT01234567890_1111A.zip' };

export const PA_TYPES: readonly NotificationType[] = ['RC', 'NS', 'MC', 'NE', 'DT', 'AT', 'MT', 'EC', 'SE'];
export const B2B_TYPES: readonly NotificationType[] = ['RC', 'NS', 'MC', 'MT'];
/** The types SdI signs (MT has no signature element; EC is the recipient's and may be signed). */
export const SIGNABLE_PA_TYPES: readonly NotificationType[] = [
  'RC',
  'NS',
  'MC',
  'NE',
  'DT',
  'AT',
  'EC',
  'SE',
];

/** Input with every optional element filled in. */
export function fullInput(family: NotificationFamily, type: NotificationType): NotificationInput {
  const pa = family === 'pa';
  const extras = { ...COMMON, note: 'Nota di prova', pecMessageId: 'opec.20261122.1@pec.example.it' };
  const destinatario = pa
    ? { codice: 'UFABC1', descrizione: 'Comune di Prova' }
    : { codice: '0000000', descrizione: 'fatture@pec.example.it' };
  switch (type) {
    case 'RC':
      return {
        type,
        ...extras,
        dataOraConsegna: new Date('2026-11-22T09:01:30.250Z'),
        destinatario,
        riferimentoArchivio: RIFERIMENTO_ARCHIVIO,
        ...(pa ? { intermediarioConDupliceRuolo: true } : { flussoSemplificato: true }),
      };
    case 'NS':
      return {
        type,
        ...extras,
        riferimentoArchivio: RIFERIMENTO_ARCHIVIO,
        errors: [
          { codice: '00404', descrizione: 'Fattura duplicata', suggerimento: 'Verificare il numero' },
          { codice: '00423', descrizione: 'Prezzo totale errato', suggerimento: 'Ricalcolare' },
        ],
      };
    case 'MC':
      return {
        type,
        ...extras,
        riferimentoArchivio: RIFERIMENTO_ARCHIVIO,
        descrizione: 'Recapito non riuscito',
        dataMessaADisposizione: new Date('2026-11-23T08:00:00Z'),
      };
    case 'NE':
      return {
        type,
        ...extras,
        intermediarioConDupliceRuolo: true,
        esitoCommittente: {
          riferimentoFattura: RIFERIMENTO_FATTURA,
          esito: 'EC02',
          descrizione: 'Importo non dovuto',
          messageIdCommittente: 'PA-0001',
        },
      };
    case 'DT':
      return {
        type,
        ...extras,
        intermediarioConDupliceRuolo: true,
        riferimentoFattura: RIFERIMENTO_FATTURA,
        descrizione: 'Decorsi i termini',
      };
    case 'AT':
      return { type, ...extras, riferimentoArchivio: RIFERIMENTO_ARCHIVIO, destinatario };
    case 'MT':
      return {
        type,
        ...COMMON,
        note: 'Nota',
        codiceDestinatario: pa ? 'UFABC1' : 'ABC1234',
        formato: pa ? 'FPA12' : 'FPR12',
        tentativiInvio: 2,
      };
    case 'EC':
      return {
        type,
        identificativoSdI: COMMON.identificativoSdI,
        riferimentoFattura: RIFERIMENTO_FATTURA,
        esito: 'EC01',
        descrizione: 'Accettata',
        messageIdCommittente: 'PA-0002',
      };
    case 'SE':
      return {
        type,
        identificativoSdI: COMMON.identificativoSdI,
        riferimentoFattura: RIFERIMENTO_FATTURA,
        scarto: 'EN01',
        messageId: '55555',
        messageIdCommittente: 'PA-0003',
        pecMessageId: 'opec.2@pec.example.it',
        note: 'Esito già ricevuto',
      };
  }
}

/** Input with only what the (strict) schema requires. */
export function minimalInput(family: NotificationFamily, type: NotificationType): NotificationInput {
  const pa = family === 'pa';
  switch (type) {
    case 'RC':
      return {
        type,
        ...COMMON,
        dataOraConsegna: new Date('2026-07-01T10:00:00Z'),
        ...(pa ? { destinatario: { codice: 'UFABC1', descrizione: 'Comune di Prova' } } : {}),
      };
    case 'NS':
      return { type, ...COMMON, errors: [{ codice: '00102', descrizione: 'Firma non valida' }] };
    case 'MC':
      return { type, ...COMMON, ...(pa ? {} : { dataMessaADisposizione: '2026-07-02' }) };
    case 'NE':
      return { type, ...COMMON, esitoCommittente: { esito: 'EC01' } };
    case 'DT':
      return { type, ...COMMON };
    case 'AT':
      return { type, ...COMMON, destinatario: { codice: 'UFABC1', descrizione: 'Comune di Prova' } };
    case 'MT':
      return {
        type,
        ...COMMON,
        codiceDestinatario: pa ? 'UFABC1' : '0000000',
        formato: pa ? 'FPA12' : 'FSM10',
      };
    case 'EC':
      return { type, identificativoSdI: COMMON.identificativoSdI, esito: 'EC02' };
    case 'SE':
      return { type, identificativoSdI: COMMON.identificativoSdI, scarto: 'EN00', messageId: '1' };
  }
}
