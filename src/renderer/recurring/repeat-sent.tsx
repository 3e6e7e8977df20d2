/**
 * "Repeat…" on a sent invoice's page: the invoice opened as it was sent (its date kept, so each occurrence moves
 * its service periods and due dates by whole months from it) and offered as a recurring invoice. Loaded when a
 * sent invoice is opened: it carries the composer's reading of a file.
 */
import { useMemo } from 'react';
import type { Send } from '../../shared/api/types.ts';
import { draftFromInvoice } from '../../shared/fatturapa/compose/index.ts';
import { payloadBytes } from '../data/read-invoice.ts';
import { RepeatButton } from './repeat-button.tsx';

export default function RepeatSent({ send }: { send: Send }) {
  const draft = useMemo(() => {
    try {
      return send.payload
        ? draftFromInvoice(payloadBytes(send.payload, send.encoding), { mode: 'open' })
        : null;
    } catch {
      // A file the composer cannot open (an unusual lot) is not offered for repeating.
      return null;
    }
  }, [send]);
  if (!draft) return null;
  return (
    <RepeatButton draft={draft} companyId={send.company_id} source={{ kind: 'sent', sendId: send.id }} />
  );
}
