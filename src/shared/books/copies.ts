/**
 * SDI's copies of the company's own buyer-issued documents. A self-invoice (TD16–TD19), a regularisation (TD20)
 * or a San Marino purchase (TD28) is transmitted by the buyer and delivered by SDI to its CessionarioCommittente,
 * which is the buyer again: the company may hold the same document as sent and as received. The books count
 * it once: the sent one, or the received copy when the sent one is not in the index (sent from another program).
 */
import type { BookRecord } from './book-record.ts';
import { BUYER_ISSUED } from './document-roles.ts';

function twinKey(record: BookRecord): string {
  const party = (id: { vat: string | null; fiscalCode: string | null }) => id.vat ?? id.fiscalCode ?? '';
  return [record.type, record.number, record.date, party(record.company), party(record.counterparty)].join(
    '|',
  );
}

/** The records the books count, and the received copies left out because the sent document is there. */
export function withoutCopies(records: readonly BookRecord[]): {
  counted: BookRecord[];
  copies: BookRecord[];
} {
  const sent = new Set<string>();
  for (const record of records)
    if (record.kind === 'sent' && BUYER_ISSUED.has(record.type)) sent.add(twinKey(record));
  const counted: BookRecord[] = [];
  const copies: BookRecord[] = [];
  for (const record of records) {
    const copy = record.kind === 'received' && BUYER_ISSUED.has(record.type) && sent.has(twinKey(record));
    (copy ? copies : counted).push(record);
  }
  return { counted, copies };
}
