import { createHash } from 'node:crypto';
import {
  buildMetadatiInvioFile,
  buildScartoEsitoCommittente,
  notificationFamilyForFormat,
  notificationFileName,
  type NotificationFamily,
  type NotificationSigner,
  type ScartoEsito,
} from './notifications/index.ts';
import type { NotificationFile } from './notify.ts';

/*
 * The files SDI sends the recipient of an invoice, besides the invoice (sdi-rules.md §a, §c): the metadata file
 * (MT) that travels with it, and the refusal (SE) of an outcome SDI cannot admit. The transmitter's messages are
 * notify.ts's.
 */

/** What an MT says of the invoice it comes with. */
export interface DeliveredInvoice {
  identifier: string;
  fileName: string;
  /** The file exactly as SDI received it (the `.p7m` when signed): the B2B MT carries its SHA-256. */
  bytes: Uint8Array;
  /** FPA12, FPR12, FSM10: the MT's Formato, and which schema family it is written in. */
  format: string;
  codiceDestinatario: string | null;
}

/**
 * MT: `MetadatiInvioFile` for FPA12, `FileMetadati` (with the file's Hash) for FPR12 and FSM10. Neither schema
 * has a ds:Signature, and SDI's own MT files are not signed (reference samples), so this one is not either.
 * `messageId` is the delivery's, the one the Receive shows.
 */
export function metadataFile(
  invoice: DeliveredInvoice,
  message: { messageId: string; progressive: number; at: Date },
): NotificationFile {
  const family = notificationFamilyForFormat(invoice.format);
  return {
    fileName: notificationFileName(invoice.fileName, 'MT', message.progressive),
    xml: buildMetadatiInvioFile(family, {
      identificativoSdI: invoice.identifier,
      nomeFile: invoice.fileName,
      hash: createHash('sha256').update(invoice.bytes).digest('hex'),
      // MT has no DataOraRicezione: checked as every message's, not written.
      dataOraRicezione: message.at,
      messageId: message.messageId,
      codiceDestinatario: deliveredTo(family, invoice.codiceDestinatario),
      formato: invoice.format,
      tentativiInvio: 1,
    }),
  };
}

/**
 * The code of the channel SDI delivered to, as the MT names it: the file's CodiceDestinatario. A file that
 * reached the recipient without a code its family's schema takes (an arrival posted to `/_sandbox/inbound`
 * is not checked) is named as SDI names an unknown channel: `999999` (PA), `0000000` (B2B, as for PEC).
 */
function deliveredTo(family: NotificationFamily, code: string | null): string {
  if (family === 'pa') return code !== null && /^[A-Z0-9]{6}$/.test(code) ? code : '999999';
  return code !== null && /^[A-Z0-9]{6,7}$/.test(code) ? code : '0000000';
}

/** SE: SDI refuses a PA recipient's outcome (EC), signed like all its PA messages. */
export function scartoEsitoFile(
  invoice: { identifier: string; fileName: string },
  scarto: { code: ScartoEsito; note: string },
  message: { messageId: string; progressive: number; signer: NotificationSigner },
): NotificationFile {
  return {
    fileName: notificationFileName(invoice.fileName, 'SE', message.progressive),
    xml: buildScartoEsitoCommittente(
      {
        identificativoSdI: invoice.identifier,
        scarto: scarto.code,
        messageId: message.messageId,
        note: scarto.note,
      },
      { signer: message.signer },
    ),
  };
}
