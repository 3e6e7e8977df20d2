/** Allegati: each attachment with its Base64 content as one unbroken text. */
import type { DraftAttachment } from '../draft.ts';
import type { Json, Trace } from './trace.ts';
import { optional } from './values.ts';

export function allegati(attachments: DraftAttachment[], trace: Trace): Json[] {
  return attachments.map((a, i) => {
    const path = `attachments[${i}]`;
    return trace.node(
      {
        NomeAttachment: a.name.trim(),
        AlgoritmoCompressione: optional(a.compression),
        FormatoAttachment: optional(a.format),
        DescrizioneAttachment: optional(a.description),
        Attachment: a.contentBase64.replace(/\s+/g, ''),
      },
      path,
      {
        NomeAttachment: `${path}.name`,
        AlgoritmoCompressione: `${path}.compression`,
        FormatoAttachment: `${path}.format`,
        DescrizioneAttachment: `${path}.description`,
        Attachment: `${path}.contentBase64`,
      },
    );
  });
}
