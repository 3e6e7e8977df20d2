import type { InvoiceSummary } from '../../shared/fatturapa/index.ts';
import {
  buildNotification,
  notificationFileName,
  type Destinatario,
  type Esito,
  type NotificationCommon,
  type NotificationFamily,
  type NotificationInput,
  type NotificationSigner,
  type NotificationType,
  type RiferimentoFattura,
} from './notifications/index.ts';

/** What every notification about one invoice file needs to know about it. */
export interface InvoiceFacts {
  identifier: string;
  fileName: string;
  /** SHA-256 hex of the file as received. */
  hash: string;
  receivedAt: Date;
  /** What the file says; null for a file SDI could not open (a `.p7m` with an unreadable envelope). */
  summary: InvoiceSummary | null;
}

/** The parts of a message that differ from type to type. */
export interface MessageDetails {
  errors?: readonly { code: string; description: string; hint: string }[];
  esito?: Esito;
  description?: string;
}

export interface NotificationFile {
  fileName: string;
  xml: string;
}

const DAY_MS = 86_400_000;

/**
 * The file SDI sends the transmitter for one step, named `<invoice stem>_<type>_<nnn>.xml` (sdi-rules.md §a),
 * in the family of the invoice's format, signed when a signer is given.
 */
export function notificationFile(
  type: NotificationType,
  family: NotificationFamily,
  facts: InvoiceFacts,
  details: MessageDetails,
  message: { messageId: string; progressive: number; at: Date; signer?: NotificationSigner },
): NotificationFile {
  const common: NotificationCommon = {
    identificativoSdI: facts.identifier,
    nomeFile: facts.fileName,
    hash: facts.hash,
    dataOraRicezione: facts.receivedAt,
    messageId: message.messageId,
  };
  const input = messageInput(type, family, facts, details, common, message.at);
  return {
    fileName: notificationFileName(facts.fileName, type, message.progressive),
    xml: buildNotification(family, input, message.signer ? { signer: message.signer } : {}),
  };
}

function messageInput(
  type: NotificationType,
  family: NotificationFamily,
  facts: InvoiceFacts,
  details: MessageDetails,
  common: NotificationCommon,
  at: Date,
): NotificationInput {
  switch (type) {
    case 'RC':
      return { type, ...common, dataOraConsegna: at, destinatario: destinatario(family, facts.summary) };
    case 'NS':
      return {
        type,
        ...common,
        errors: (details.errors ?? []).map((e) => ({
          codice: e.code,
          descrizione: e.description,
          suggerimento: e.hint,
        })),
      };
    case 'MC':
      return family === 'pa'
        ? { type, ...common, descrizione: details.description }
        : {
            type,
            ...common,
            // "usually the next day" (sdi-rules.md §c): the invoice reaches the reserved area a day later.
            dataMessaADisposizione: new Date(at.getTime() + DAY_MS),
            descrizione: details.description,
          };
    case 'NE':
      return {
        type,
        ...common,
        esitoCommittente: {
          esito: details.esito ?? 'EC01',
          descrizione: details.description,
          riferimentoFattura: riferimentoFattura(facts.summary),
        },
      };
    case 'DT':
      return {
        type,
        ...common,
        descrizione: details.description,
        riferimentoFattura: riferimentoFattura(facts.summary),
      };
    case 'AT':
      return { type, ...common, destinatario: destinatario('pa', facts.summary)! };
    default:
      throw new Error(`the simulated SDI does not send ${type} to transmitters`);
  }
}

/** PA messages must name the office (code and description); B2B ones may name the channel or PEC. */
function destinatario(family: NotificationFamily, summary: InvoiceSummary | null): Destinatario | undefined {
  const code = summary?.codiceDestinatario ?? '';
  if (family === 'pa') {
    const codice = /^[A-Z0-9]{6}$/.test(code) ? code : '999999';
    return { codice, descrizione: summary?.committente.name ?? `Ufficio ${codice}` };
  }
  if (summary === null || !/^[A-Z0-9]{6,7}$/.test(code)) return undefined;
  return summary.pecDestinatario ? { codice: code, descrizione: summary.pecDestinatario } : { codice: code };
}

/** Points at the invoice when the file holds exactly one that the message schema can name. */
function riferimentoFattura(summary: InvoiceSummary | null): RiferimentoFattura | undefined {
  if (summary === null || summary.documents.length !== 1) return undefined;
  const [document] = summary.documents;
  const year = Number(document?.date?.slice(0, 4));
  if (!document?.number || !/^[\x20-\x7E]{1,20}$/.test(document.number) || !Number.isInteger(year)) {
    return undefined;
  }
  return { numeroFattura: document.number, annoFattura: year };
}
